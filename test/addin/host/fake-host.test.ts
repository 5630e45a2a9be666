// The host without Office (demo page, browser tests): a document loaded from a URL or a file, copies on
// export, replacements recorded and read back by the next export, selections and Track Changes simulated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import type { HostPosition } from '../../../addin/host/host.ts';
import { S } from '../../../addin/strings.ts';
import { bytesToBase64 } from '../../../addin/util/base64.ts';
import { match } from '../fixtures.ts';

const serve = (status: number, body: Uint8Array) => (async () => new Response(new Blob([body as BlobPart]), { status })) as unknown as typeof fetch;

test('nothing open: no document, a clear error on export', async () => {
  const host = new FakeHost(serve(200, new Uint8Array()));
  assert.equal(host.hasDocument(), false);
  assert.equal(host.documentName(), S.host.nothingOpen);
  await assert.rejects(host.getDocx(), new RegExp(S.host.noDocument.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('loaded from a URL: named after its last path part; a failed fetch says which URL', async () => {
  const host = new FakeHost(serve(200, new Uint8Array([1, 2, 3])));
  let changes = 0;
  host.subscribe(() => changes++);
  await host.loadFromUrl('https://demo/examples/My%20paper.docx');
  assert.deepEqual([host.hasDocument(), host.documentName(), changes], [true, 'My paper.docx', 1]);
  const copy = await host.getDocx();
  copy[0] = 9;
  assert.deepEqual([...(await host.getDocx())], [1, 2, 3]);
  await assert.rejects(new FakeHost(serve(404, new Uint8Array())).loadFromUrl('https://demo/missing.docx'), /missing\.docx/);
});

test('a replacement is recorded and is what the next export reads', async () => {
  const host = new FakeHost();
  host.loadBytes(new Uint8Array([1]), 'a.docx');
  const outcome = await host.replaceDocument(bytesToBase64(new Uint8Array([7, 8])));
  assert.deepEqual(outcome, { mode: 'recorded', message: S.apply.recorded });
  assert.deepEqual(host.replacements.map((r) => r.bytes), [2]);
  assert.deepEqual([...(await host.getDocx())], [7, 8]);
});

test('selections, Track Changes and the simulated cursor', async () => {
  const host = new FakeHost();
  assert.deepEqual(await host.selectMatch(match('m1', 'figure', 'ready', 'fig1', { sourceText: 'Figure 1' }), { occurrence: 2 } as never), { found: true });
  assert.deepEqual(host.selections, [{ refId: 'm1', sourceText: 'Figure 1', occurrence: 2 }]);
  host.trackMode = 'on';
  assert.equal(await host.trackChanges(), 'on');
  assert.equal(await host.turnOffTrackChanges(), 'on');
  assert.equal(await host.trackChanges(), 'off');
  await host.restoreTrackChanges('on');
  assert.equal(await host.trackChanges(), 'on');
  host.trackMode = 'off';
  const seen: HostPosition[] = [];
  const stop = host.onSelectionChanged((pos) => seen.push(pos));
  host.selectAt(3, 5, 'Some text');
  stop();
  host.selectAt(4, 0, 'Ignored');
  assert.deepEqual(seen, [{ bodyParagraph: 3, offset: 5, paragraphText: 'Some text' }]);
});

test('the demo theme switch is reported as a theme change, once per change', () => {
  const host = new FakeHost();
  const seen: string[] = [];
  const off = host.onThemeChanged((t) => seen.push(t));
  host.setTheme('dark');
  host.setTheme('dark');
  host.setTheme('light');
  off();
  host.setTheme('dark');
  assert.deepEqual(seen, ['dark', 'light']);
});

test('apply as tracked revisions: each planned edit looked for in the document as it is, the output then held; the mode recorded', async () => {
  const { buildDocx, p } = await import('../../helpers/docx-builder.ts');
  const before = await buildDocx({ body: p('See Fig 2 and Fig 2.') + p('Fig 2. Cells.') });
  const output = await buildDocx({ body: p('See Fig 2 and Fig 2.') + p('Fig 2. Cells.') + p('(as linked)') });
  const plan = {
    paragraphs: ['See Fig 2 and Fig 2.', 'Fig 2. Cells.'],
    bookmarks: [{ paragraph: 1, name: '_Hl_fig_2', text: 'Fig 2. Cells.', start: 0, k: 0, whole: true }],
    links: [
      { paragraph: 0, text: 'Fig 2', start: 14, k: 1, address: '#_Hl_fig_2' },
      { paragraph: 1, text: 'Table 9', start: 0, k: 0, address: '#_Hl_tab_9' },
    ],
  };
  const host = new FakeHost();
  host.loadBytes(before, 'paper.docx');
  host.trackMode = 'on';
  assert.equal(host.canApplyAsRevisions(), true);
  const made = await host.applyAsRevisions(plan, bytesToBase64(output));
  assert.deepEqual(made, { placed: 1, missed: [S.revisions.linkMissed('Table 9')] });
  assert.deepEqual(host.revisions, [{ plan, trackMode: 'on' }]);
  assert.deepEqual(await host.getDocx(), output);
  assert.equal(await host.trackChangesMode(), 'on');
  host.trackMode = 'unsupported';
  assert.equal(await host.trackChangesMode(), null);
  host.keepsRevisions = false;
  assert.equal(host.canApplyAsRevisions(), false);
});
