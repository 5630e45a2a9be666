// Round trips on corpus documents (including .messy ones): untouched parts byte for byte, visible
// paragraph text unchanged, valid bookmarks and anchors, applying twice equals applying once,
// skipping everything leaves the package byte-identical.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { analyse, approveReady, SETTINGS } from './pipeline.ts';
import { corpusFile } from '../../../helpers/corpus.ts';
import { NOW } from './fixture.ts';

const DOCS = ['plos-pcbi-1004082.messy.docx', 'elife-14093.messy.docx', 'biorxiv-498369.docx', 'mdpi-plants-PMC8071313.messy.docx', 'elife-02304.docx', 'scirep-PMC8233371.docx'];

function texts(bytes: Uint8Array): string[] {
  return buildModel(openDocx(bytes)).paragraphs.map((p) => `${p.part}#${p.index}:${p.text}`);
}

function checkBookmarks(bytes: Uint8Array): number {
  const pkg = openDocx(bytes);
  const names = new Set<string>();
  let anchors = 0;
  for (const part of ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml']) {
    if (!pkg.has(part)) continue;
    const xml = pkg.zip.text(part);
    const ids = new Set<string>();
    for (const m of xml.matchAll(/<w:bookmarkStart w:id="(\d+)" w:name="([^"]*)"/g)) {
      assert.ok(!ids.has(m[1]!), `bookmark id ${m[1]} unique in ${part}`);
      ids.add(m[1]!);
      assert.ok(m[2]!.length <= 40, `bookmark name ${m[2]} at most 40 characters`);
      assert.ok(!names.has(m[2]!.toLowerCase()), `bookmark name ${m[2]} unique`);
      names.add(m[2]!.toLowerCase());
    }
  }
  for (const part of ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml']) {
    if (!pkg.has(part)) continue;
    const xml = pkg.zip.text(part);
    assert.doesNotMatch(xml, /<w:hyperlink[^>]*>(?:(?!<\/w:hyperlink>).)*<w:hyperlink/s, `no nested links in ${part}`);
    for (const m of xml.matchAll(/<w:hyperlink w:anchor="([^"]+)"/g)) {
      anchors++;
      assert.ok(names.has(m[1]!.toLowerCase()), `anchor ${m[1]} has a bookmark`);
    }
  }
  return anchors;
}

for (const name of DOCS) {
  test(`round trip: ${name}`, async () => {
    const bytes = corpusFile(name);
    const input = analyse(bytes, SETTINGS);
    const decisions = approveReady(input);
    const once = applyAnalysis(input, bytes, decisions, { now: NOW });
    assert.ok(once.linkCount > 0, 'links written');
    assert.equal(once.linkCount, Object.values(once.statCounts!).reduce((a, b) => a + b, 0));

    // untouched parts: identical stored bytes
    const a = openDocx(bytes).zip, b = openDocx(once.docx).zip;
    const changed = new Set(once.stats!.partsChanged as string[]);
    for (const n of a.names()) {
      assert.ok(b.has(n), `${n} kept`);
      if (!changed.has(n)) assert.deepEqual(Buffer.from(b.raw(n)), Buffer.from(a.raw(n)), `${n} byte-identical`);
    }
    assert.deepEqual(texts(once.docx), texts(bytes), 'paragraph texts unchanged');
    const anchors = checkBookmarks(once.docx);
    assert.ok(anchors >= (once.stats!.internalLinks as number));

    // apply twice == apply once
    const again = analyse(once.docx, SETTINGS);
    const twice = applyAnalysis(again, once.docx, approveReady(again), { now: NOW });
    assert.equal(twice.linkCount, 0, 'second apply writes nothing');
    assert.deepEqual(Buffer.from(twice.docx), Buffer.from(once.docx));

    // skip everything
    const fresh = analyse(bytes, SETTINGS);
    const skipped = applyAnalysis(fresh, bytes, decisions.map((d) => ({ refId: d.refId, status: 'skipped' as const })), { now: NOW });
    assert.equal(skipped.linkCount, 0);
    assert.deepEqual(Buffer.from(openDocx(skipped.docx).zip.bytes('word/document.xml')), Buffer.from(openDocx(bytes).zip.bytes('word/document.xml')));
    assert.deepEqual(Buffer.from(skipped.docx), Buffer.from(bytes));
  });
}
