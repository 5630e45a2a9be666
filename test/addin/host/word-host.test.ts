// WordHost against mocks of the Word API: locating matches (code points vs UTF-16, text boxes,
// occurrence at the offset), the Track Changes check, replace + verification, and restore.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import JSZip from 'jszip';
import { OfficeMockObject } from 'office-addin-mock';
import { WordHost, type OfficeEnv } from '../../../addin/host/word-host.ts';
import { summarizeDocx } from '../../../addin/docx/docx-summary.ts';
import { runRestore } from '../../../addin/workflow/pipeline.ts';
import { scan, apply } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { bytesToBase64 } from '../../../addin/util/base64.ts';
import { textBoxDocx, WORD_BODY } from '../../helpers/textbox-fixture.ts';
import { buildDocx, p, r } from '../../helpers/docx-builder.ts';
import { revisionPlan } from '../../../addin/docx/revision-plan.ts';
import { mockEnv, mockState } from './word-mock.ts';

const noProgress = () => undefined;

test('selectMatch selects the right hit: text box before it, astral character before it', async () => {
  const bytes = await textBoxDocx();
  const packet = scan(bytes, { ...DEFAULT_SETTINGS });
  const summary = await summarizeDocx(bytes);
  const state = mockState(bytes, [...WORD_BODY]);
  const host = new WordHost(mockEnv(state));
  const inBody = packet.matches.filter((m) => m.location.paragraph === 3).sort((a, b) => a.location.start - b.location.start);
  const text = WORD_BODY[2]!;
  const expectedStarts = [...text.matchAll(/1/g)].map((m) => m.index!);
  for (const [i, m] of inBody.entries()) {
    const r = await host.selectMatch(m, { occurrence: 0, map: summary.paragraphMap });
    assert.equal(r.found, true);
    assert.deepEqual(state.selected, [2, expectedStarts[i]!, 1], `match ${m.refId}`);
  }
  const inBox = packet.matches.find((m) => m.location.paragraph === 2)!;
  const r = await host.selectMatch(inBox, { occurrence: 0, map: summary.paragraphMap });
  assert.equal(r.found, false);
  assert.match(r.message ?? '', /text box/);
});

test('export uses 4 MB slices on the web and 64 KB on the Mac', async () => {
  const bytes = await textBoxDocx();
  const web = mockState(bytes, []);
  assert.deepEqual(await new WordHost(mockEnv(web)).getDocx(), bytes);
  assert.deepEqual(web.sliceSizes, [4 * 1024 * 1024], 'Office\'s largest slice');
  const mac = mockState(bytes, [], { platform: 'Mac' });
  assert.deepEqual(await new WordHost(mockEnv(mac)).getDocx(), bytes);
  assert.deepEqual(mac.sliceSizes, [64 * 1024]);
});

/** office-addin-mock's OfficeMockObject for the Track Changes calls: reading an unloaded property fails. */
function trackingEnv(mode: string, supported = true): { env: OfficeEnv; word: OfficeMockObject } {
  const word = new OfficeMockObject({
    context: { document: { changeTrackingMode: mode } },
    run: async function (this: { context: unknown }, batch: (c: unknown) => Promise<unknown>) {
      return batch(this.context);
    },
  });
  const office = { context: { requirements: { isSetSupported: (s: string, v: string) => supported && s === 'WordApi' && Number(v) <= 1.5 } } };
  return { env: { Office: office as unknown as typeof Office, Word: word as unknown as typeof Word }, word };
}

test('track changes: on, off, unsupported (WordApi 1.4 missing), and turning it off', async () => {
  assert.equal(await new WordHost(trackingEnv('TrackAll').env).trackChanges(), 'on');
  assert.equal(await new WordHost(trackingEnv('TrackMineOnly').env).trackChanges(), 'on');
  assert.equal(await new WordHost(trackingEnv('Off').env).trackChanges(), 'off');
  assert.equal(await new WordHost(trackingEnv('TrackAll', false).env).trackChanges(), 'unsupported');
  const { env, word } = trackingEnv('TrackMineOnly');
  assert.equal(await new WordHost(env).turnOffTrackChanges(), 'TrackMineOnly', 'the mode the author had');
  const doc = (word as unknown as { context: { document: { changeTrackingMode: string } } }).context.document;
  assert.equal(doc.changeTrackingMode, 'Off');
  await new WordHost(env).restoreTrackChanges('TrackMineOnly');
  assert.equal(doc.changeTrackingMode, 'TrackMineOnly');
  await assert.rejects(new WordHost(trackingEnv('TrackAll', false).env).turnOffTrackChanges(), /cannot switch Track Changes/);
});

async function linked(): Promise<{ original: Uint8Array; output: string }> {
  const original = await textBoxDocx();
  const packet = scan(original, { ...DEFAULT_SETTINGS });
  const decisions = packet.matches.map((m) => ({ refId: m.refId, status: 'approved' as const }));
  const out = apply(original, { ...DEFAULT_SETTINGS }, decisions);
  assert.ok(out.linkCount >= 3);
  return { original, output: bytesToBase64(out.docx) };
}

/** Stands in for Word dropping text-box content and the custom XML part on insert. */
async function lossy(bytes: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', xml.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '<w:txbxContent><w:p/></w:txbxContent>').replace(/<w:hyperlink\b[^>]*>([\s\S]*?)<\/w:hyperlink>/, '$1'));
  for (const name of Object.keys(zip.files)) if (/^customXml\//.test(name)) zip.remove(name);
  return zip.generateAsync({ type: 'uint8array' });
}

test('replace then verify (runRestore puts bytes back and checks them): a faithful Word passes, a lossy one is told in words', async () => {
  const { original, output } = await linked();
  const faithful = mockState(original, []);
  const host = new WordHost(mockEnv(faithful));
  assert.equal((await host.replaceDocument(output)).mode, 'replaced');
  const ok = await runRestore(host, Buffer.from(output, 'base64'), noProgress);
  assert.deepEqual(ok, { ok: true, problems: [] });

  const lossyBytes = await lossy(Buffer.from(output, 'base64'));
  const bad = mockState(original, [], { onInsert: () => lossyBytes });
  const badHost = new WordHost(mockEnv(bad));
  const v = await runRestore(badHost, Buffer.from(output, 'base64'), noProgress);
  assert.equal(v.ok, false);
  assert.ok(v.problems.some((p) => /text boxes/.test(p)), v.problems.join('\n'));
  assert.ok(v.problems.some((p) => /Links: apply wrote \d+, Word kept \d+/.test(p)), v.problems.join('\n'));
  assert.ok(v.problems.some((p) => /record of the links/.test(p)), v.problems.join('\n'));
});

test('WordApi 1.6: the insert carries styles and custom XML parts; below it, no options and the link records are written back as parts', async () => {
  const { original, output } = await linked();
  const v16 = mockState(original, [], { supported: new Set(['WordApi 1.1', 'WordApi 1.3', 'WordApi 1.4', 'WordApi 1.5', 'WordApi 1.6']) });
  assert.equal((await new WordHost(mockEnv(v16)).replaceDocument(output)).mode, 'replaced');
  assert.deepEqual(v16.insertOptions, [{ importStyles: true, importCustomXmlParts: true }]);
  assert.equal(v16.customXml.size, 0, 'nothing written apart: the insert brought the parts');

  const v15 = mockState(original, []);
  v15.customXml.set('old', ['urn:hyperlinker:links:1', '<hl:links xmlns:hl="urn:hyperlinker:links:1"/>']);
  assert.equal((await new WordHost(mockEnv(v15)).replaceDocument(output)).mode, 'replaced');
  assert.deepEqual(v15.insertOptions, [null], 'no 1.6 options below WordApi 1.6 (Word would refuse them)');
  const parts = [...v15.customXml.values()];
  assert.equal(parts.length, 1, 'the older record replaced');
  assert.equal(parts[0]![0], 'urn:hyperlinker:links:1');
  const want = (await summarizeDocx(new Uint8Array(Buffer.from(output, 'base64')))).persistedLinks;
  assert.ok(want !== null && want >= 1);
  assert.equal(parts[0]![1].match(/<hl:link\s/g)?.length, want, 'every link record of the output');
});

test('apply as tracked revisions: each bookmark and link made on its own hit while Track Changes records it, the link records kept', async () => {
  const body = ['Introduction', 'As Figure 1 shows, and 𝒳 Figure 1 again, Figure 1.', 'Figure 1. A caption.'];
  const original = await buildDocx({ body: p(body[0]!, 'Heading1') + `<w:p>${r('As Figure 1 shows, and ')}${r('𝒳 Figure 1 again, Figure 1.')}</w:p>` + p(body[2]!, 'Caption') });
  const packet = scan(original, { ...DEFAULT_SETTINGS });
  const out = apply(original, { ...DEFAULT_SETTINGS }, packet.matches.map((m) => ({ refId: m.refId, status: 'approved' as const })));
  assert.equal(out.linkCount, 3);
  const output = bytesToBase64(out.docx);
  const planned = await revisionPlan(original, output);
  assert.ok('plan' in planned, JSON.stringify(planned));

  const state = mockState(original, [...body], { trackMode: 'TrackAll' });
  const host = new WordHost(mockEnv(state));
  assert.equal(host.canApplyAsRevisions(), true);
  assert.deepEqual(await host.applyAsRevisions(planned.plan, output), { placed: 3, missed: [] });
  const links = state.edits.filter((e) => e.edit === 'hyperlink');
  const marks = state.edits.filter((e) => e.edit === 'bookmark');
  assert.equal(marks.length, 1);
  assert.equal(marks[0]!.paragraph, 2);
  assert.ok(body[2]!.startsWith(marks[0]!.text), marks[0]!.text);
  // The engine links the number of each "Figure 1" (UTF-16 offsets: the astral 𝒳 counts two).
  const numbers = [...body[1]!.matchAll(/Figure (1)/g)].map((m) => m.index! + 7);
  assert.deepEqual(links.map((e) => [e.paragraph, e.start, e.text, e.value]), numbers.map((at) => [1, at, '1', `#${marks[0]!.value}`]));
  assert.ok(state.edits.every((e) => e.trackMode === 'TrackAll'), 'every edit made with Track Changes on');
  assert.equal(state.inserted, 0, 'the document was not replaced');
  assert.equal([...state.customXml.values()].filter(([ns]) => ns === 'urn:hyperlinker:links:1').length, 1, 'the link records');

  // The author rewrote the sentence meanwhile: its links are not made, and the pane is told which.
  const edited = mockState(original, [body[0]!, 'As the figure shows.', body[2]!], { trackMode: 'TrackAll' });
  const made = await new WordHost(mockEnv(edited)).applyAsRevisions(planned.plan, output);
  assert.equal(made.placed, 0);
  assert.deepEqual(made.missed, Array(3).fill('The link on “1” could not be made: that text is no longer where it was.'));

  // Below WordApi 1.4 the host says it cannot; an output that links inside a text box is not plannable.
  assert.equal(new WordHost(mockEnv(mockState(original, [], { supported: new Set(['WordApi 1.3']) }))).canApplyAsRevisions(), false);
  const boxed = await linked();
  const refused = await revisionPlan(boxed.original, boxed.output);
  assert.ok('unplannable' in refused && refused.unplannable.linksElsewhere >= 1, JSON.stringify(refused));
});

test('restore original puts the kept export back and checks it', async () => {
  const { original, output } = await linked();
  const state = mockState(original, []);
  const host = new WordHost(mockEnv(state));
  await host.replaceDocument(output);
  assert.notDeepEqual(state.bytes, original);
  const v = await runRestore(host, original, noProgress);
  assert.deepEqual(v, { ok: true, problems: [] });
  assert.deepEqual(state.bytes, original);
  assert.equal(state.inserted, 2);
});

test('without WordApi 1.5 the output opens as a new document and the pane says why', async () => {
  const { original, output } = await linked();
  const state = mockState(original, [], { supported: new Set(['WordApi 1.1']) });
  const outcome = await new WordHost(mockEnv(state)).replaceDocument(output);
  assert.equal(outcome.mode, 'opened-new');
  assert.match(outcome.message, /WordApi 1\.5 is missing/);
  assert.equal(state.inserted, 0);
});

test('the review record: kept in a custom XML part on WordApi 1.4 (one part, rewritten), removed; below 1.4 the host says it cannot', async () => {
  const { REVIEW_NAMESPACE } = await import('../../../addin/review/saved-review.ts');
  const state = mockState(await textBoxDocx(), [...WORD_BODY]);
  state.customXml.set('other', ['urn:other', '<x xmlns="urn:other"/>']);
  const host = new WordHost(mockEnv(state));
  assert.equal(await host.readReviewRecord(), null);
  const one = `<review xmlns="${REVIEW_NAMESPACE}">{"a":1}</review>`;
  const two = `<review xmlns="${REVIEW_NAMESPACE}">{"a":2}</review>`;
  assert.equal(await host.writeReviewRecord(one), true);
  assert.equal(await host.writeReviewRecord(two), true);
  assert.equal(await host.readReviewRecord(), two);
  assert.equal([...state.customXml.values()].filter(([ns]) => ns === REVIEW_NAMESPACE).length, 1, 'one part, rewritten');
  assert.equal(await host.writeReviewRecord(null), true);
  assert.equal(await host.readReviewRecord(), null);
  assert.ok(state.customXml.has('other'), 'another tool’s part is left alone');
  const old = mockState(await textBoxDocx(), [...WORD_BODY], { supported: new Set(['WordApi 1.3']) });
  const oldHost = new WordHost(mockEnv(old));
  assert.equal(await oldHost.writeReviewRecord(one), false);
  assert.equal(await oldHost.readReviewRecord(), null);
});

test('the Office theme is followed while the pane is open: a change of officeTheme is reported once, until unsubscribed', async () => {
  const env = mockEnv(mockState(new Uint8Array(), []));
  const ctx = env.Office.context as unknown as { officeTheme?: { bodyBackgroundColor: string } };
  ctx.officeTheme = { bodyBackgroundColor: '#ffffff' };
  const seen: string[] = [];
  const off = new WordHost(env, 5).onThemeChanged((t) => seen.push(t));
  const wait = () => new Promise((r) => setTimeout(r, 40));
  await wait();
  assert.deepEqual(seen, [], 'no change, nothing said');
  ctx.officeTheme = { bodyBackgroundColor: '#262626' };
  await wait();
  assert.deepEqual(seen, ['dark']);
  ctx.officeTheme = { bodyBackgroundColor: '#f3f3f3' };
  await wait();
  assert.deepEqual(seen, ['dark', 'light']);
  off();
  ctx.officeTheme = { bodyBackgroundColor: '#000000' };
  await wait();
  assert.deepEqual(seen, ['dark', 'light']);
});
