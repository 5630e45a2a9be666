// The links an earlier run recorded in the package (customXml item in our namespace): read back with
// unknown kinds and incomplete entries skipped; anchors of ours recognised; target identity hashes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPersistedParts, isOwnAnchor, PERSISTED_NS, readPersistedMetadata, targetHash } from '../../../../server/engine/metadata/persisted.ts';
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

test('isOwnAnchor: our bookmark prefix, or an internal anchor the metadata records (not an external one)', () => {
  const meta = { engine: 'hyperlinker', version: 1, links: [
    { anchor: '_Ref123', kind: 'figure' as const, targetHash: '', sourceText: '' },
    { anchor: 'ext', kind: 'doi' as const, targetHash: '', sourceText: '', external: true },
  ] };
  assert.equal(isOwnAnchor('_Hl_fig_1', null), true);
  assert.equal(isOwnAnchor('_Ref123', meta), true);
  assert.equal(isOwnAnchor('_Ref123', null), false);
  assert.equal(isOwnAnchor('ext', meta), false);
  assert.equal(isOwnAnchor('_Toc9', meta), false);
});

test('targetHash ignores white space differences and is 16 hex digits', () => {
  assert.equal(targetHash('Figure 1.  A\tcaption '), targetHash('Figure 1. A caption'));
  assert.notEqual(targetHash('Figure 1. A caption'), targetHash('Figure 1. Another caption'));
  assert.match(targetHash('x'), /^[0-9a-f]{16}$/);
});
