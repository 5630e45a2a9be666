// Recording what was linked: records merged across runs (one target hash per anchor, duplicates once),
// written as escaped XML, as a new customXml item wired into the package or over the existing one, and
// read back by persisted.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPersistedMetadata } from '../../../../server/engine/metadata/persisted.ts';
import { writePersisted } from '../../../../server/engine/metadata/write.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { PackageEdit } from '../../../../server/engine/package/edit.ts';
import type { PersistedLink, PersistedMetadata } from '../../../../shared/contract.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

const link = (anchor: string, targetHash: string, extra: Partial<PersistedLink> = {}): PersistedLink => ({ anchor, kind: 'figure', targetHash, sourceText: '1', ...extra });

async function emptyEdit(): Promise<PackageEdit> {
  return new PackageEdit(openDocx(await buildDocx({ body: p('Text.') })));
}

/** The records writePersisted keeps from `previous` and `added`. */
async function mergeLinks(previous: PersistedLink[], added: PersistedLink[]): Promise<PersistedLink[]> {
  return writePersisted(await emptyEdit(), { engine: 'hyperlinker', version: 1, links: previous }, added, '2026-01-01T00:00:00Z').links;
}

/** The XML part writePersisted writes for `meta`'s links. */
async function metadataXml(meta: PersistedMetadata): Promise<string> {
  const edit = await emptyEdit();
  writePersisted(edit, null, meta.links, meta.appliedAt ?? '');
  return openDocx(edit.write()).zip.text('customXml/item1.xml');
}

test('merged records: earlier records kept once, their target hash updated by this run\'s; external links untouched', async () => {
  const previous = [link('_Hl_fig_1', 'old'), link('https://doi.org/10.1/x', '', { kind: 'doi', external: true, sourceText: '10.1/x' })];
  const added = [link('_Hl_fig_1', 'new'), link('_Hl_fig_1', 'new', { sourceText: 'Figure 1' }), link('https://doi.org/10.1/x', '', { kind: 'doi', external: true, sourceText: '10.1/x' })];
  assert.deepEqual(await mergeLinks(previous, added), [
    link('_Hl_fig_1', 'new'),
    link('https://doi.org/10.1/x', '', { kind: 'doi', external: true, sourceText: '10.1/x' }),
    link('_Hl_fig_1', 'new', { sourceText: 'Figure 1' }),
  ]);
});

test('the records\' XML escapes attribute values and cuts source text at 200 characters', async () => {
  const xml = await metadataXml({ engine: 'hyperlinker', version: 1, appliedAt: '2026-01-01T00:00:00Z', links: [link('_Hl_a', 'h', { sourceText: `"<&>${'x'.repeat(300)}`, targetId: 'fig-1' })] });
  assert.match(xml, /sourceText="&quot;&lt;&amp;&gt;x+"/);
  assert.equal(/sourceText="([^"]*)"/.exec(xml)![1]!.replace(/&[a-z]+;/g, '_').length, 200);
  assert.match(xml, /targetId="fig-1"/);
});

test('a new item is added with its properties and relationships, and reads back', async () => {
  const edit = new PackageEdit(openDocx(await buildDocx({ body: p('Text.') })));
  const meta = writePersisted(edit, null, [link('_Hl_fig_1', 'h1', { targetId: 'fig-1' })], '2026-01-02T00:00:00Z');
  const out = openDocx(edit.write());
  assert.ok(out.zip.names().includes('customXml/item1.xml') && out.zip.names().includes('customXml/itemProps1.xml'));
  assert.match(out.zip.text('word/_rels/document.xml.rels'), /Target="\.\.\/customXml\/item1\.xml"/);
  assert.match(out.zip.text('customXml/_rels/item1.xml.rels'), /Target="itemProps1\.xml"/);
  assert.deepEqual(readPersistedMetadata(out), meta);
});

test('a second run rewrites the same item, merging the records', async () => {
  const first = new PackageEdit(openDocx(await buildDocx({ body: p('Text.') })));
  writePersisted(first, null, [link('_Hl_fig_1', 'h1')], '2026-01-02T00:00:00Z');
  const pkg = openDocx(first.write());
  const second = new PackageEdit(pkg);
  writePersisted(second, readPersistedMetadata(pkg), [link('_Hl_tab_1', 'h2', { kind: 'table' })], '2026-01-03T00:00:00Z');
  const out = openDocx(second.write());
  assert.equal(out.zip.names().filter((n) => /^customXml\/item\d+\.xml$/.test(n)).length, 1);
  assert.deepEqual(readPersistedMetadata(out)?.links.map((l) => l.anchor), ['_Hl_fig_1', '_Hl_tab_1']);
  assert.equal(readPersistedMetadata(out)?.appliedAt, '2026-01-03T00:00:00Z');
});
