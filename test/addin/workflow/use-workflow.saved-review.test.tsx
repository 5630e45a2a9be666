// Issue 20, item 1 in the workflow hook: decisions are saved as they are made (in the document and
// locally), a pane opened again on the document offers to resume and puts every decision back, a
// changed document names what could not be carried, a document opened from disk is found through the
// local copy, apply clears the record, and an expired or foreign scan token never ends the review.
import { act, mount, settle } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { ServiceError } from '../../../addin/service-client.ts';
import { memoryStore, type KeyValueStore } from '../../../addin/settings/stores.ts';
import { reviewFromXml } from '../../../addin/review/saved-review.ts';
import { useWorkflow } from '../../../addin/workflow/use-workflow.ts';

type Workflow = ReturnType<typeof useWorkflow>;
import type { ScanPacket } from '../../../shared/contract.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { fakeService, type FakeService } from '../../helpers/fake-service-client.ts';
import { match, packet, target } from '../fixtures.ts';

const CONNECTION = { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_x' };
const SETTINGS = { ...DEFAULT_SETTINGS, crossref: false };

function scanPacket(extra: Partial<ScanPacket> = {}): ScanPacket {
  return { ...packet(), scanFingerprint: 'sha256:ab12', scanToken: 'tok-1', ...extra };
}

interface Pane {
  wf: () => Workflow;
  unmount: () => Promise<void>;
}

async function open(host: FakeHost, store: KeyValueStore, svc: FakeService): Promise<Pane> {
  let latest: Workflow | null = null;
  function Harness() {
    latest = useWorkflow(host, CONNECTION, SETTINGS, svc.clientFor, store);
    return null;
  }
  const m = await mount(<Harness />);
  await settle();
  return { wf: () => latest!, unmount: m.unmount };
}

async function run(step: () => Promise<void>): Promise<void> {
  await act(async () => {
    await step();
  });
  await settle();
}

async function setup() {
  const original = await buildDocx({ body: p('As Figure 1 shows [1].') });
  const host = new FakeHost();
  host.loadBytes(original, 'paper.docx');
  return { host, store: memoryStore(), svc: fakeService(() => scanPacket(), original), original };
}

test('decisions are saved as made; the pane opened again offers the review and resume puts every decision back', async () => {
  const { host, store, svc } = await setup();
  const first = await open(host, store, svc);
  assert.equal(first.wf().saved, null, 'nothing saved yet: nothing offered');
  await run(() => first.wf().scan());
  await act(async () => first.wf().dispatch({ type: 'approve', refId: 'm1' }));
  await act(async () => first.wf().dispatch({ type: 'retarget', refId: 'm2', targetId: 'ref3' }));
  await act(async () => first.wf().savesWritten());
  const inDocument = reviewFromXml(host.reviewRecord ?? '');
  assert.deepEqual(inDocument?.matches.map((m) => [m.refId, m.choice.status]), [['m1', 'approved'], ['m2', 'retargeted']]);
  assert.equal(first.wf().savedLocallyOnly, false);
  const choices = first.wf().review.choices;
  await first.unmount();

  const second = await open(host, store, svc);
  assert.equal(second.wf().session, null);
  assert.equal(second.wf().saved?.matches.length, 2, 'the saved review is offered');
  await run(() => second.wf().resume());
  assert.equal(second.wf().phase, 'review');
  assert.deepEqual(second.wf().review.choices, choices);
  assert.equal(second.wf().carrySource, 'resume-same');
  assert.equal(second.wf().carry?.carried, 2);
  assert.equal(second.wf().saved, null);
  await second.unmount();
});

test('a host that cannot keep the record: the local copy resumes it, and the pane says where it is kept', async () => {
  const { host, store, svc } = await setup();
  host.keepsRecords = false;
  const first = await open(host, store, svc);
  await run(() => first.wf().scan());
  await act(async () => first.wf().dispatch({ type: 'approve', refId: 'm4' }));
  await act(async () => first.wf().savesWritten());
  assert.equal(first.wf().savedLocallyOnly, true);
  assert.equal(host.reviewRecord, null);
  await first.unmount();
  const second = await open(host, store, svc);
  await run(() => second.wf().resume());
  assert.deepEqual(second.wf().review.choices, { m4: { status: 'approved' } });
  await second.unmount();
});

test('resumed on a changed document: carried by identity, what could not be carried is named', async () => {
  const { host, store, svc } = await setup();
  const first = await open(host, store, svc);
  await run(() => first.wf().scan());
  await act(async () => first.wf().dispatch({ type: 'approve', refId: 'm1' }));
  await act(async () => first.wf().dispatch({ type: 'approve', refId: 'm4' }));
  await act(async () => first.wf().savesWritten());
  await first.unmount();
  svc.answer.scan = async () => ({ ...scanPacket({ scanFingerprint: 'sha256:changed' }), matches: [match('x4', 'figure', 'ready', 'fig1', { sourceText: '[m4]' })], targets: [target('fig1', 'figure', 'Figure 1')] });
  const second = await open(host, store, svc);
  await run(() => second.wf().resume());
  assert.equal(second.wf().carrySource, 'resume-changed');
  assert.deepEqual(second.wf().review.choices, { x4: { status: 'approved' } });
  assert.deepEqual(second.wf().carry?.notCarried.map((n) => n.match.sourceText), ['[m1]']);
  await second.unmount();
});

test('apply clears the saved review; another document opened under the pane clears the review on screen', async () => {
  const { host, store, svc, original } = await setup();
  const pane = await open(host, store, svc);
  await run(() => pane.wf().scan());
  await act(async () => pane.wf().dispatch({ type: 'approve', refId: 'm1' }));
  await act(async () => pane.wf().savesWritten());
  assert.ok(host.reviewRecord);
  await run(() => pane.wf().apply());
  assert.equal(pane.wf().phase, 'done');
  assert.equal(host.reviewRecord, null);
  assert.equal(store.get('savedReviews'), '{}');
  await act(async () => host.loadFromFile(new Blob([original as Uint8Array<ArrayBuffer>]) as Blob & { name?: string }));
  await settle();
  assert.equal(pane.wf().session, null);
  assert.equal(pane.wf().phase, 'idle');
  await pane.unmount();
});

test('an expired scan token at apply: scanned again silently, decisions carried, applied; no error, no sign-in', async () => {
  const { host, store, svc } = await setup();
  const pane = await open(host, store, svc);
  await run(() => pane.wf().scan());
  await act(async () => pane.wf().dispatch({ type: 'approve', refId: 'm1' }));
  await act(async () => pane.wf().dispatch({ type: 'approve', refId: 'm4' }));
  let applies = 0;
  const normal = svc.answer.apply;
  svc.answer.apply = async (req) => {
    applies++;
    if (req.scanToken === 'tok-1') throw new ServiceError(401, 'scan token invalid (expired) [HTTP 401]', { error: 'scan token invalid', reason: 'expired' });
    return normal(req);
  };
  svc.answer.scan = async () => scanPacket({ scanToken: 'tok-2' });
  await run(() => pane.wf().apply());
  assert.equal(pane.wf().error, null);
  assert.equal(pane.wf().phase, 'done');
  assert.equal(applies, 2);
  assert.equal(svc.calls.scan.length, 2, 'scanned again once');
  const sent = svc.calls.apply[1]!;
  assert.equal(sent.scanToken, 'tok-2');
  assert.deepEqual(sent.decisions.filter((d) => d.status === 'approved').map((d) => d.refId), ['m1', 'm4']);
  await pane.unmount();
});

test('a refused key at apply is still said as one (sign in again), the review kept', async () => {
  const { host, store, svc } = await setup();
  const pane = await open(host, store, svc);
  await run(() => pane.wf().scan());
  await act(async () => pane.wf().dispatch({ type: 'approve', refId: 'm1' }));
  svc.answer.apply = async () => {
    throw new ServiceError(401, 'Invalid API key [HTTP 401]', { error: 'Invalid API key' });
  };
  await run(() => pane.wf().apply());
  assert.match(pane.wf().error ?? '', /sign in again/);
  assert.equal(svc.calls.scan.length, 1, 'no rescan for a refused key');
  assert.deepEqual(pane.wf().review.choices, { m1: { status: 'approved' } });
  await pane.unmount();
});
