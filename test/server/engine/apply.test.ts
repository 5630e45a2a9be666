// apply() with a scan token's expectation: the analysis it links is the one it checks (one parse), and a
// lean (forLinking) analysis hashes exactly as scan's does, so a genuine token always passes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { apply, direct, graphHash, metadataHash, scan, ScanMismatchError, type ScanExpectation } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { CORPUS_DIR } from '../../helpers/corpus.ts';

const DOCS = ['plos-pone-0117949.docx', 'elife-14093.messy.docx'];

function expectationOf(bytes: Uint8Array, settings = DEFAULT_SETTINGS): ScanExpectation {
  const packet = scan(bytes, settings);
  return { fingerprint: packet.scanFingerprint, graphHash: graphHash(packet), metadataHash: metadataHash(packet.persistedMetadata ?? null) };
}

for (const name of DOCS) {
  test(`${name}: apply checks the scan's hashes on the analysis it links`, () => {
    const bytes = new Uint8Array(readFileSync(`${CORPUS_DIR}/${name}`));
    const expect = expectationOf(bytes);
    const out = apply(bytes, DEFAULT_SETTINGS, [], { expect });
    assert.ok(out.docx.length > 1000);
    for (const field of ['fingerprint', 'graphHash', 'metadataHash'] as const) {
      assert.throws(() => apply(bytes, DEFAULT_SETTINGS, [], { expect: { ...expect, [field]: 'sha256:0' } }), ScanMismatchError, field);
    }
  });
}

test('a token from other settings does not pass', () => {
  const bytes = new Uint8Array(readFileSync(`${CORPUS_DIR}/${DOCS[0]}`));
  const expect = expectationOf(bytes, { ...DEFAULT_SETTINGS, figures: 'full' });
  assert.throws(() => apply(bytes, DEFAULT_SETTINGS, [], { expect }), (err: unknown) => err instanceof ScanMismatchError && err.reason === 'graph_mismatch');
});

test('a section named by title links in the one-step flow only when sections is full, and on approval otherwise', async () => {
  const { buildDocx, p } = await import('../../helpers/docx-builder.ts');
  const JSZip = (await import('jszip')).default;
  const bytes = await buildDocx({ body: [p('Introduction', 'Heading1'), p('The assay is standard (see Discussion).'), p('Discussion', 'Heading1')].join('') });
  const linked = async (out: { docx: Uint8Array }): Promise<number> => {
    const xml = await (await JSZip.loadAsync(out.docx)).file('word/document.xml')!.async('string');
    return (xml.match(/<w:hyperlink\b[^>]*w:anchor=/g) ?? []).length;
  };
  const packet = scan(bytes, DEFAULT_SETTINGS);
  const m = packet.matches.find((x) => x.kind === 'section');
  assert.equal(m?.status, 'low_confidence');
  assert.equal(await linked(direct(bytes, DEFAULT_SETTINGS)), 0);
  assert.equal(await linked(direct(bytes, { ...DEFAULT_SETTINGS, sections: 'full' })), 1);
  assert.equal(await linked(apply(bytes, DEFAULT_SETTINGS, [{ refId: m!.refId, status: 'approved' }])), 1);
});
