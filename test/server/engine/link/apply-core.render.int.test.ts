// Real-renderer test: linked corpus documents (including .messy ones) are converted to PDF by
// LibreOffice with Word bookmarks exported as named destinations. Then, exactly:
// - every internal link in the DOCX points at a bookmark whose rendered page shows the text of the
//   target the scan proposed for that match (the caption, reference entry, heading, equation);
// - every internal link annotation in the PDF points at one of those bookmarks' positions;
// - every external link annotation carries the https://doi.org/ URI of a DOI written in the text or the
//   resolver address of an identifier written there (URL, PMID, ...), and every such link is rendered.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { corpusFile } from '../../../helpers/corpus.ts';
import { analyse, approveReady, SETTINGS } from './pipeline.ts';
import { pageTexts, pagesShowing, pdfDestinationName, readPdfLinks } from '../../../helpers/pdf-check.ts';

const DOCS = ['plos-pcbi-1004082.messy.docx', 'elife-14093.messy.docx', 'biorxiv-498369.messy.docx', 'scirep-PMC8233371.docx'];
const dir = mkdtempSync(join(tmpdir(), 'hl-render-'));

interface Expected {
  /** For each internal link written: its anchor and the text of the target the scan proposed. */
  internal: { anchor: string; targetText: string; source: string }[];
  dois: Set<string>;
}
const expected = new Map<string, Expected>();

before(() => {
  for (const name of DOCS) {
    const bytes = corpusFile(name);
    const input = analyse(bytes, SETTINGS);
    const out = applyAnalysis(input, bytes, approveReady(input));
    writeFileSync(join(dir, name.replace(/\.docx$/, '.linked.docx')), out.docx);

    // Read the links back from the output and tie each to the match the scan made at that place.
    const model = buildModel(openDocx(out.docx));
    const byPlace = new Map<string, string>();
    for (const m of input.matchById.values()) {
      if (m.status !== 'ready' || !m.targetKey) continue;
      const t = input.targetById.get(m.targetKey)!;
      byPlace.set(`${m.paragraph.part}#${m.paragraph.index}#${m.start}`, t.paragraph.text.slice(t.start, t.end));
    }
    const internal: Expected['internal'] = [];
    const dois = new Set<string>();
    for (const p of model.paragraphs) {
      for (const l of p.links) {
        if (l.anchor) {
          const targetText = byPlace.get(`${p.part}#${p.index}#${l.start}`);
          if (targetText !== undefined) internal.push({ anchor: l.anchor, targetText, source: p.text.slice(l.start, l.end) });
        }
      }
    }
    for (const m of input.matchById.values()) {
      if (m.status !== 'ready') continue;
      if (m.kind === 'doi' && m.doi) dois.add(`https://doi.org/${m.doi}`);
      if (m.identifier) dois.add(m.identifier.url);
    }
    expected.set(name, { internal, dois });
  }
  const files = DOCS.map((n) => join(dir, n.replace(/\.docx$/, '.linked.docx')));
  const filter = 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}';
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/lo-profile`, '--headless', '--convert-to', filter, '--outdir', dir, ...files], {
    encoding: 'utf8',
    timeout: 90_000 * DOCS.length,
  });
  if (r.status !== 0) throw new Error(`soffice failed: ${r.stderr || r.error}`);
});

after(() => rmSync(dir, { recursive: true, force: true }));

for (const name of DOCS) {
  test(`rendered links land on their targets: ${name}`, () => {
    const pdf = join(dir, name.replace(/\.docx$/, '.linked.pdf'));
    assert.ok(existsSync(pdf), 'PDF written');
    const exp = expected.get(name)!;
    const pages = pageTexts(pdf);
    const { annots, named } = readPdfLinks(pdf);
    const destByName = new Map(named.map((d) => [d.name, d]));

    // 1. Every internal link's bookmark is rendered on a page that shows its target.
    const wrong: string[] = [];
    let landed = 0;
    for (const l of exp.internal) {
      const dest = destByName.get(pdfDestinationName(l.anchor));
      if (!dest) { wrong.push(`'${l.source}' → ${l.anchor}: no destination in the PDF`); continue; }
      const showing = pagesShowing(l.targetText, pages);
      if (showing.includes(dest.page)) landed++;
      else wrong.push(`'${l.source}' → ${l.anchor} on page ${dest.page}; target text '${l.targetText.slice(0, 40)}' shown on ${showing.join(',') || 'no page'}`);
    }
    assert.ok(exp.internal.length > 20, `${name}: internal links written (${exp.internal.length})`);
    assert.deepEqual(wrong.slice(0, 10), [], `${name}: ${wrong.length} of ${exp.internal.length} internal links do not land on their target's page`);

    // 2. Every internal annotation points at the position of one of our bookmarks.
    const ours = new Set(exp.internal.map((l) => pdfDestinationName(l.anchor)));
    const positions = new Set(named.filter((d) => ours.has(d.name)).map((d) => `${d.page}@${Math.round(d.y)}`));
    const internalAnnots = annots.filter((a) => a.uri === undefined);
    const stray = internalAnnots.filter((a) =>
      a.destName !== undefined ? !ours.has(a.destName.replace(/^\//, '')) : !positions.has(`${a.destPage}@${Math.round(a.destY ?? -1)}`),
    );
    assert.deepEqual(stray.slice(0, 5), [], `${name}: ${stray.length} internal annotations point elsewhere`);
    assert.ok(internalAnnots.length >= exp.internal.length, `${name}: every internal link is rendered (${internalAnnots.length} annotations for ${exp.internal.length} links)`);

    // 3. External annotations carry exactly the DOI and identifier URLs written in the text.
    const uris = annots.filter((a) => a.uri !== undefined).map((a) => a.uri!);
    assert.deepEqual(uris.filter((u) => !exp.dois.has(u)), [], `${name}: external annotations carry the DOIs' https://doi.org/ URIs`);
    assert.deepEqual([...exp.dois].filter((u) => !uris.includes(u)), [], `${name}: every DOI link is rendered`);
    console.log(`${name}: ${exp.internal.length} internal links, ${landed} land on their target's page; ${internalAnnots.length} internal annotations, all on our bookmarks; ${exp.dois.size} DOI links, ${uris.length} URI annotations, all right`);
  });
}
