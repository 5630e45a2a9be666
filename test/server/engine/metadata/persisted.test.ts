// The links an earlier run recorded in the package (customXml item in our namespace): read back with
// unknown kinds and incomplete entries skipped; anchors of ours recognised; target identity hashes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPersistedParts, PERSISTED_NS, readPersistedMetadata, targetHash } from '../../../../server/engine/metadata/persisted.ts';
import { scan } from '../../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/settings.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

const item = (inner: string, rootAttrs = 'engine="hyperlinker" version="1" appliedAt="2026-01-02T03:04:05Z"') =>
  `<?xml version="1.0" encoding="UTF-8"?><hl:links xmlns:hl="${PERSISTED_NS}" ${rootAttrs}>${inner}</hl:links>`;
const open = async (extraParts: Record<string, string>) => openDocx(await buildDocx({ body: p('Text.'), extraParts }));

test('the recorded links, with optional fields; unknown kinds and entries without an anchor are skipped', async () => {
  const pkg = await open({
    'customXml/item1.xml': '<other xmlns="urn:someone-else"/>',
    'customXml/item2.xml': item(
      '<hl:link anchor="_Hl_fig_1" kind="figure" targetHash="abc" sourceText="1" targetId="fig-1" part="word/document.xml"/>' +
      '<hl:link anchor="https://doi.org/10.1/x" kind="doi" sourceText="10.1/x" external="1"/>' +
      '<hl:link anchor="_Hl_x" kind="video"/>' +
      '<hl:link kind="table"/>',
    ),
  });
  assert.deepEqual(findPersistedParts(pkg), ['customXml/item2.xml']);
  assert.deepEqual(readPersistedMetadata(pkg), {
    engine: 'hyperlinker',
    version: 1,
    appliedAt: '2026-01-02T03:04:05Z',
    links: [
      { anchor: '_Hl_fig_1', kind: 'figure', targetHash: 'abc', sourceText: '1', targetId: 'fig-1', part: 'word/document.xml' },
      { anchor: 'https://doi.org/10.1/x', kind: 'doi', targetHash: '', sourceText: '10.1/x', external: true },
    ],
  });
});

test('no item of ours: no metadata; a broken one: no links, never an error', async () => {
  assert.equal(readPersistedMetadata(await open({})), null);
  assert.deepEqual(readPersistedMetadata(await open({ 'customXml/item1.xml': `<a xmlns="${PERSISTED_NS}"><b></a>` }))?.links ?? [], []);
});

test('a missing or bad version reads as the current one', async () => {
  const meta = readPersistedMetadata(await open({ 'customXml/item1.xml': item('', 'version="x"') }));
  assert.deepEqual(meta, { engine: 'hyperlinker', version: 1, links: [] });
});

test('own anchors: our bookmark prefix, or an internal anchor the metadata records (not an external one)', async () => {
  const recorded = item('<hl:link anchor="_Ref123" kind="figure" targetHash="" sourceText="1"/><hl:link anchor="ext" kind="doi" targetHash="" sourceText="x" external="1"/>');
  /** A "Figure 1" already linked to `anchor`, whose bookmark is gone: only a link of ours is flagged (identity_change). */
  const flagged = async (anchor: string, metadata: boolean) => {
    const body = `<w:p><w:hyperlink w:anchor="${anchor}"><w:r><w:t>Figure 1</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> shows growth.</w:t></w:r></w:p>` + p('Figure 1. Growth.', 'Caption');
    const packet = scan(await buildDocx({ body, extraParts: metadata ? { 'customXml/item1.xml': recorded } : {} }), { ...DEFAULT_SETTINGS });
    const m = packet.matches.find((x) => x.kind === 'figure' && x.location.paragraph === 0);
    assert.ok(m, anchor);
    return m.status === 'identity_change';
  };
  assert.equal(await flagged('_Hl_fig_1', false), true);
  assert.equal(await flagged('_Ref123', true), true);
  assert.equal(await flagged('_Ref123', false), false);
  assert.equal(await flagged('ext', true), false);
  assert.equal(await flagged('_Toc9', true), false);
});

test('targetHash ignores white space differences and is 16 hex digits', () => {
  assert.equal(targetHash('Figure 1.  A\tcaption '), targetHash('Figure 1. A caption'));
  assert.notEqual(targetHash('Figure 1. A caption'), targetHash('Figure 1. Another caption'));
  assert.match(targetHash('x'), /^[0-9a-f]{16}$/);
});
