// Identifier matches (issue 21) link out to their resolver: approved ones become w:hyperlink r:id with an
// external relationship to the address, counted in their own statCounts category; a skipped one stays text;
// existing hyperlinks stay as they were.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import JSZip from 'jszip';
import { apply, direct, scan } from '../../../../server/engine/index.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { IDENTIFIER_KINDS } from '../../../../shared/identifiers.ts';
import { identifierManuscript } from '../../../helpers/identifier-manuscripts.ts';

async function externalTargets(docx: Uint8Array): Promise<string[]> {
  const zip = await JSZip.loadAsync(docx);
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  const doc = await zip.file('word/document.xml')!.async('string');
  const byId = new Map([...rels.matchAll(/Id="([^"]+)"[^>]*Target="([^"]+)"[^>]*TargetMode="External"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  return [...doc.matchAll(/<w:hyperlink r:id="([^"]+)"/g)].map((m) => byId.get(m[1]!) ?? `?${m[1]}`);
}

test('approved identifiers link to their resolver addresses; a skipped one does not', async () => {
  const settings = parseSettings({});
  for (const name of ['identifiers-methods', 'identifiers-references']) {
    const { docx, expected } = await identifierManuscript(name);
    const packet = scan(docx, settings);
    const ids = packet.matches.filter((m) => (IDENTIFIER_KINDS as readonly string[]).includes(m.kind));
    const skipped = ids[0]!;
    const decisions = ids.map((m) => (m === skipped ? { refId: m.refId, status: 'skipped' as const } : { refId: m.refId, status: 'approved' as const }));
    const out = apply(docx, settings, decisions);
    const want = expected.slice(1).map((e) => e.url);
    assert.deepEqual((await externalTargets(out.docx)).sort(), [...want].sort(), name);
    const counted = Object.entries(out.statCounts ?? {}).filter(([, n]) => n > 0);
    assert.equal(counted.reduce((a, [, n]) => a + n, 0), want.length);
    assert.ok(out.unmatched?.some((u) => u.refId === skipped.refId));
  }
});

test('the one-step route links every identifier, in text and in the reference list, and counts each kind', async () => {
  const { docx, expected } = await identifierManuscript('identifiers-references');
  const out = direct(docx, parseSettings({}));
  assert.deepEqual((await externalTargets(out.docx)).sort(), expected.map((e) => e.url).sort());
  assert.equal(out.statCounts?.pmids, 3);
  assert.equal(out.statCounts?.pmcids, 1);
  assert.equal(out.statCounts?.arxiv, 3);
  assert.equal(out.statCounts?.urls, 5);
  assert.equal(out.statCounts?.handles, 1);
});

test('existing hyperlinks and the traps of the negatives manuscript are left as they were', async () => {
  const { docx } = await identifierManuscript('identifiers-negatives');
  const out = direct(docx, parseSettings({}));
  assert.deepEqual(await externalTargets(out.docx), ['https://already.example.org/page', 'PMID: 11111111']);
});
