// The pane's workflow hook on the fake host and a fake service: scan (busy phases, the review loaded),
// errors in words, Cancel, the Track Changes question before apply, apply and its check, restore, a
// document edited during review, and the step in flight cancelled, nothing rendered, after the pane is gone.
import { act, mount, settle } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { ServiceError } from '../../../addin/service-client.ts';
import { S } from '../../../addin/strings.ts';
import { useWorkflow } from '../../../addin/workflow/use-workflow.ts';

type Workflow = ReturnType<typeof useWorkflow>;
import type { ScanPacket } from '../../../shared/contract.ts';
import { DEFAULT_SETTINGS, type HyperlinkSettings } from '../../../shared/settings.ts';
import JSZip from 'jszip';
import { buildDocx, p, r } from '../../helpers/docx-builder.ts';
import { deferred, fakeService, type FakeService } from '../../helpers/fake-service-client.ts';
import { match, packet, target } from '../fixtures.ts';

const CONNECTION = { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_x' };
const SETTINGS: HyperlinkSettings = { ...DEFAULT_SETTINGS, crossref: false };

function scanPacket(extra: Partial<ScanPacket> = {}): ScanPacket {
  return { ...packet(), scanFingerprint: 'sha256:ab12', scanToken: 'tok-1', detectedCslId: 'apa', ...extra };
}

interface Pane {
  host: FakeHost;
  svc: FakeService;
  wf: () => Workflow;
  renders: () => number;
  unmount: () => Promise<void>;
  original: Uint8Array;
  linked: Uint8Array;
}

async function pane(makePacket: () => ScanPacket = () => scanPacket()): Promise<Pane> {
  const original = await buildDocx({ body: p('As Figure 1 shows [1].') + p('Figure 1. Growth.', 'Caption') });
  const linked = await buildDocx({ body: p('As Figure 1 shows [1], linked.') + p('Figure 1. Growth.', 'Caption') });
  const host = new FakeHost();
  host.loadBytes(original, 'paper.docx');
  const svc = fakeService(makePacket, linked);
  let latest: Workflow | null = null;
  let count = 0;
  function Harness() {
    latest = useWorkflow(host, CONNECTION, SETTINGS, svc.clientFor);
    count++;
    return null;
  }
  const m = await mount(<Harness />);
  return { host, svc, wf: () => latest!, renders: () => count, unmount: m.unmount, original, linked };
}

/** Starts a step inside act(); the step may wait on a deferred answer (wrapped: an async function would wait for it). */
async function start(step: () => Promise<void>): Promise<{ running: Promise<void> }> {
  let running!: Promise<void>;
  await act(async () => {
    running = step();
  });
  return { running };
}

async function finish(step: { running: Promise<void> }, release?: () => void): Promise<void> {
  await act(async () => {
    release?.();
    await step.running;
  });
  await settle();
}

async function scanned(t: Pane): Promise<void> {
  await finish(await start(() => t.wf().scan()));
  assert.equal(t.wf().phase, 'review', t.wf().error ?? '');
}

test('scan: the document is read and sent with the settings, the pane is busy meanwhile, then the review opens', async () => {
  const t = await pane();
  const answer = deferred<ScanPacket>();
  t.svc.answer.scan = () => answer.promise;
  const running = await start(() => t.wf().scan());
  assert.equal(t.wf().phase, 'scanning');
  assert.equal(t.wf().busy, true);
  assert.deepEqual(t.svc.calls.scan[0]?.file, t.original, 'the bytes Word gave');
  assert.equal(t.svc.calls.scan[0]?.settings, SETTINGS);
  assert.deepEqual(t.svc.calls.scan[0]?.connection, CONNECTION);
  await finish(running, () => answer.resolve(scanPacket()));
  const wf = t.wf();
  assert.equal(wf.phase, 'review');
  assert.equal(wf.busy, false);
  assert.equal(wf.error, null);
  assert.deepEqual(wf.review.matches.map((m) => m.refId), ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
  assert.deepEqual(wf.review.choices, {}, 'nothing is decided for the author');
  assert.deepEqual(wf.bibliography, { styleId: 'apa', rewrite: false }, 'the detected bundled style is preselected, its rewrite off');
  await t.unmount();
});

test('a failed scan is said in words; after a good scan, a failed one leaves the review as it was', async () => {
  const t = await pane();
  t.svc.answer.scan = () => Promise.reject(new ServiceError(402, 'Payment required [HTTP 402]', { error: 'Payment required' }));
  await finish(await start(() => t.wf().scan()));
  assert.equal(t.wf().error, S.errors.noCredits);
  assert.equal(t.wf().phase, 'idle');
  assert.equal(t.wf().session, null);

  t.svc.answer.scan = async () => scanPacket();
  await scanned(t);
  assert.equal(t.wf().error, null, 'a new step clears the old error');
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  const session = t.wf().session;

  t.svc.answer.scan = () => Promise.reject(new ServiceError(0, 'fetch failed', null));
  await finish(await start(() => t.wf().scan()));
  assert.equal(t.wf().error, S.errors.unreachable(CONNECTION.baseUrl));
  assert.equal(t.wf().phase, 'review');
  assert.equal(t.wf().session, session);
  assert.deepEqual(t.wf().review.choices, { m1: { status: 'approved' } }, 'the decisions survive');
  await t.unmount();
});

test('a rejected file clears the previous review: no old matches left on screen', async () => {
  const t = await pane();
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  t.svc.answer.scan = () => Promise.reject(new ServiceError(400, 'DOCX rejected (not-a-zip) [HTTP 400]', { error: 'DOCX rejected', reason: 'not-a-zip' }));
  await finish(await start(() => t.wf().scan()));
  assert.equal(t.wf().error, S.errors.docxRejected('not-a-zip'));
  assert.equal(t.wf().session, null);
  assert.deepEqual(t.wf().review.matches, []);
  assert.equal(t.wf().phase, 'idle');
  await t.unmount();
});

test('Cancel during a scan aborts its request; a late answer loads nothing, no error is shown and the cancel is said', async () => {
  const t = await pane();
  const answer = deferred<ScanPacket>();
  t.svc.answer.scan = () => answer.promise;
  const running = await start(() => t.wf().scan());
  await act(async () => t.wf().cancel());
  assert.equal(t.svc.calls.scan[0]?.signal.aborted, true);
  await finish(running, () => answer.resolve(scanPacket()));
  assert.equal(t.wf().session, null);
  assert.equal(t.wf().error, null);
  assert.equal(t.wf().info, S.phase.cancelled, 'the cancel is said');
  assert.equal(t.wf().phase, 'idle');
  assert.equal(t.wf().busy, false);
  await t.unmount();
});

test('apply with Track Changes on asks first; Cancel applies nothing; "turn off and apply" applies, replaces and checks', async () => {
  const t = await pane();
  t.host.trackMode = 'on';
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));

  await finish(await start(() => t.wf().apply()));
  assert.equal(t.wf().trackPrompt, true);
  await act(async () => t.wf().dismissTrackPrompt());
  assert.equal(t.wf().trackPrompt, false);
  assert.equal(t.svc.calls.apply.length, 0);
  assert.equal(t.host.replacements.length, 0);

  await finish(await start(() => t.wf().apply()));
  assert.equal(t.wf().trackPrompt, true);
  await finish(await start(() => t.wf().applyAfterPrompt('turn-off')));
  assert.equal(t.host.trackMode, 'on', 'Track Changes was turned off for the apply and is back on');
  assert.equal(t.wf().trackPrompt, false);
  const sent = t.svc.calls.apply[0]!;
  assert.equal(t.svc.calls.apply.length, 1);
  assert.equal(sent.scanToken, 'tok-1');
  assert.equal(sent.scanFingerprint, 'sha256:ab12');
  assert.deepEqual(sent.decisions.filter((d) => d.status !== 'skipped').map((d) => d.refId), ['m1'], 'only what the author approved');
  assert.equal(sent.applyBibRewrite, undefined, 'no rewrite that was not approved');
  const wf = t.wf();
  assert.equal(wf.phase, 'done');
  assert.equal(wf.applied?.outcome.mode, 'recorded');
  assert.equal(wf.applied?.verification?.ok, true, JSON.stringify(wf.applied?.verification));
  assert.deepEqual(t.host.replacements.map((r) => r.bytes), [t.linked.length]);
  await t.unmount();
});

test('Track Changes comes back on when the apply fails after "turn off and apply"', async () => {
  const t = await pane();
  t.host.trackMode = 'on';
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  t.svc.answer.apply = () => Promise.reject(new ServiceError(413, 'Too large [HTTP 413]', { error: 'Too large' }));
  await finish(await start(() => t.wf().applyAfterPrompt('turn-off')));
  assert.equal(t.wf().error, S.errors.tooLarge);
  assert.equal(t.host.trackMode, 'on');
  await t.unmount();
});

test('"apply as tracked changes": the links made one by one with Track Changes on, nothing replaced, the mode as the author had it', async () => {
  const t = await pane();
  const withLink = await buildDocx({ body: `<w:p>${r('As Figure 1 shows [1].')}</w:p>` + `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr><w:bookmarkStart w:id="1" w:name="_Hl_fig_1"/>${r('Figure 1. Growth.')}<w:bookmarkEnd w:id="1"/></w:p>` });
  const linkedXml = (await (await JSZip.loadAsync(withLink)).file('word/document.xml')!.async('string')).replace(r('As Figure 1 shows [1].'), `${r('As ')}<w:hyperlink w:anchor="_Hl_fig_1">${r('Figure 1')}</w:hyperlink>${r(' shows [1].')}`);
  const zip = await JSZip.loadAsync(withLink);
  zip.file('word/document.xml', linkedXml);
  const output = await zip.generateAsync({ type: 'uint8array' });
  t.svc.answer.apply = async () => ({ docx: Buffer.from(output).toString('base64'), linkCount: 1, statCounts: { figures: 1 } });
  t.host.trackMode = 'on';
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  await finish(await start(() => t.wf().apply()));
  assert.equal(t.wf().trackPrompt, true);
  assert.equal(t.wf().canApplyAsRevisions, true);
  await finish(await start(() => t.wf().applyAfterPrompt('tracked')));
  assert.equal(t.wf().phase, 'done', t.wf().error ?? '');
  assert.equal(t.host.replacements.length, 0, 'the document was not replaced');
  assert.equal(t.host.revisions.length, 1);
  const { plan, trackMode } = t.host.revisions[0]!;
  assert.equal(trackMode, 'on', 'made while Track Changes was on');
  assert.deepEqual(plan.links.map((l) => [l.paragraph, l.text, l.address]), [[0, 'Figure 1', '#_Hl_fig_1']]);
  assert.deepEqual(plan.bookmarks.map((b) => [b.paragraph, b.name, b.whole]), [[1, '_Hl_fig_1', true]]);
  assert.equal(t.wf().applied?.outcome.mode, 'revisions');
  assert.equal(t.wf().applied?.outcome.message, S.revisions.made(1));
  assert.deepEqual(t.wf().applied?.verification, { ok: true, problems: [] });
  assert.equal(t.host.trackMode, 'on');
  await t.unmount();
});

test('"apply as tracked changes" on an output that changes text: nothing written, the question again with why', async () => {
  const t = await pane();
  t.host.trackMode = 'on';
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  await finish(await start(() => t.wf().applyAfterPrompt('tracked')));
  assert.equal(t.wf().phase, 'review');
  assert.equal(t.wf().trackPrompt, true);
  assert.deepEqual(t.wf().untrackable, { changedParagraphs: 1, linksElsewhere: 0 }, 'the fake service\'s output changes the first sentence');
  assert.equal(t.host.replacements.length + t.host.revisions.length, 0, 'nothing was written');
  assert.equal(t.host.trackMode, 'on');
  await finish(await start(() => t.wf().applyAfterPrompt('one-revision')));
  assert.equal(t.wf().phase, 'done');
  assert.equal(t.host.replacements.length, 1);
  assert.equal(t.wf().untrackable, null);
  assert.equal(t.host.trackMode, 'on', 'one revision: Track Changes stays as the author had it');
  await t.unmount();
});

test('Restore original puts the document as it was before apply back, and checks it', async () => {
  const t = await pane();
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm4' }));
  await finish(await start(() => t.wf().apply()));
  assert.equal(t.wf().phase, 'done');
  assert.deepEqual(t.wf().applied?.original, t.original);
  await finish(await start(() => t.wf().restore()));
  assert.equal(t.wf().restored?.ok, true);
  assert.deepEqual(await t.host.getDocx(), t.original);
  assert.equal(t.wf().phase, 'done');
  await t.unmount();
});

test('Restore original after the author edited the applied document: names what would be lost, asks, and restores only when told', async () => {
  const t = await pane();
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm4' }));
  await finish(await start(() => t.wf().apply()));
  assert.equal(t.wf().phase, 'done');
  const edited = await buildDocx({ body: p('As Figure 1 shows [1], linked.') + p('A paragraph written after apply.') + p('Figure 1. Growth.', 'Caption') });
  t.host.loadBytes(edited);
  await finish(await start(() => t.wf().restore()));
  assert.deepEqual(t.wf().restoreEdits, [S.apply.editAdded('A paragraph written after apply.')]);
  assert.equal(t.wf().restored, null, 'nothing restored before the author answers');
  assert.deepEqual(await t.host.getDocx(), edited);
  await act(async () => t.wf().dismissRestore());
  assert.equal(t.wf().restoreEdits, null);
  assert.deepEqual(await t.host.getDocx(), edited, 'kept as it is');
  await finish(await start(() => t.wf().restore(true)));
  assert.equal(t.wf().restored?.ok, true);
  assert.deepEqual(await t.host.getDocx(), t.original);
  await t.unmount();
});

test('a failed apply is said in words and the review stays, decisions kept', async () => {
  const t = await pane();
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  t.svc.answer.apply = () => Promise.reject(new ServiceError(413, 'Too large [HTTP 413]', { error: 'Too large' }));
  await finish(await start(() => t.wf().apply()));
  assert.equal(t.wf().error, S.errors.tooLarge);
  assert.equal(t.wf().phase, 'review');
  assert.deepEqual(t.wf().review.choices, { m1: { status: 'approved' } });
  assert.equal(t.host.replacements.length, 0);
  await t.unmount();
});

test('the document edited during review, a decision that cannot be carried: nothing applied, back to review with the notice', async () => {
  let second = false;
  const t = await pane(() =>
    second
      ? { ...scanPacket(), scanToken: 'tok-2', matches: [match('m1', 'citation', 'ready', 'ref1', { sourceText: '[1, 2]' })], targets: [target('ref1', 'bibliography', '[1]')] }
      : scanPacket(),
  );
  await scanned(t);
  await act(async () => t.wf().dispatch({ type: 'approve', refId: 'm1' }));
  second = true;
  t.host.loadBytes(await buildDocx({ body: p('An edit made in Word during the review.') }));
  await finish(await start(() => t.wf().apply()));
  const wf = t.wf();
  assert.equal(wf.phase, 'review');
  assert.equal(t.svc.calls.apply.length, 0, 'nothing applied');
  assert.equal(t.host.replacements.length, 0);
  assert.deepEqual(wf.carry?.notCarried.map((n) => n.match.sourceText), ['[m1]']);
  assert.equal(wf.session?.packet.scanToken, 'tok-2', 'the new scan is the one under review');
  await t.unmount();
});

test('unmounting the pane cancels the step in flight; a late answer renders nothing and throws nothing', async () => {
  const t = await pane();
  const answer = deferred<ScanPacket>();
  t.svc.answer.scan = () => answer.promise;
  const running = await start(() => t.wf().scan());
  const before = t.renders();
  assert.equal(t.svc.calls.scan[0]?.signal.aborted, false);
  await t.unmount();
  assert.equal(t.svc.calls.scan[0]?.signal.aborted, true, 'the request is aborted');
  answer.resolve(scanPacket());
  await running.running;
  await settle();
  assert.equal(t.renders(), before);
});
