// The style preview hook against a fake service: idle without a reference list or a style, loading with
// the style's title, the answer, errors in words, a change of style aborting the request under way,
// answers kept per style for the session (and forgotten with a new scan), and nothing after unmount.
import { mount, settle } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PreviewState } from '../../../addin/components/StylePreviewList.tsx';
import { ServiceError } from '../../../addin/service-client.ts';
import { S } from '../../../addin/strings.ts';
import { useStylePreview } from '../../../addin/workflow/use-style-preview.ts';
import type { ScanSession } from '../../../addin/workflow/pipeline.ts';
import type { StylePreview } from '../../../shared/contract.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { deferred, fakeService, type Deferred, type FakeService } from '../../helpers/fake-service-client.ts';
import type { WorkChoices } from '../../../addin/review/resolver-choices.ts';
import type { ResolverReport } from '../../../shared/contract.ts';
import { packet, target } from '../fixtures.ts';

const BASE = 'https://svc.example.org';

function session(withBibliography = true): ScanSession {
  const pk = { ...packet(), scanFingerprint: 'sha256:ab' };
  if (!withBibliography) pk.targets = [target('fig1', 'figure', 'Figure 1')];
  return { file: new Uint8Array([1, 2, 3]), settings: DEFAULT_SETTINGS, packet: pk, resolver: null, resolverWarning: null, summary: null };
}

function preview(styleId: string): StylePreview {
  return { cslId: styleId, family: 'author-date', total: 4, entries: [{ refId: 'b1', before: 'old', after: `new in ${styleId}`, afterHtml: `new in ${styleId}`, rewritable: true }], warnings: [] };
}

async function harness(svc: FakeService, s: ScanSession | null, styleId: string | null, works: WorkChoices = {}) {
  const states: PreviewState[] = [];
  function Harness(props: { session: ScanSession | null; styleId: string | null; works: WorkChoices }) {
    states.push(useStylePreview(svc.client, BASE, props.session, props.styleId, props.works));
    return null;
  }
  const m = await mount(<Harness session={s} styleId={styleId} works={works} />);
  return {
    states,
    last: () => states[states.length - 1]!,
    set: (next: ScanSession | null, id: string | null, nextWorks: WorkChoices = works) => m.rerender(<Harness session={next} styleId={id} works={nextWorks} />),
    unmount: m.unmount,
  };
}

/** A fake whose answers wait until the test releases them, one deferred per request. */
function heldService(): { svc: FakeService; held: Deferred<StylePreview>[] } {
  const svc = fakeService(() => ({ ...packet(), scanFingerprint: 'sha256:ab' }));
  const held: Deferred<StylePreview>[] = [];
  svc.answer.stylePreview = () => {
    const d = deferred<StylePreview>();
    held.push(d);
    return d.promise;
  };
  return { svc, held };
}

test('no session, no style or no reference list: idle, and the service is not asked', async () => {
  const svc = fakeService(() => ({ ...packet(), scanFingerprint: 'sha256:ab' }));
  const h = await harness(svc, null, 'apa');
  assert.deepEqual(h.last(), { status: 'idle' });
  await h.set(session(), null);
  assert.deepEqual(h.last(), { status: 'idle' });
  await h.set(session(false), 'apa');
  assert.deepEqual(h.last(), { status: 'idle' });
  assert.equal(svc.calls.stylePreview.length, 0);
  await h.unmount();
});

test('a chosen style: loading with its title, then the preview', async () => {
  const { svc, held } = heldService();
  const h = await harness(svc, session(), 'apa');
  assert.deepEqual(h.last(), { status: 'loading', styleTitle: 'APA Style 7th edition' });
  assert.deepEqual(svc.calls.stylePreview.map((c) => c.styleId), ['apa']);
  held[0]!.resolve(preview('apa'));
  await settle();
  assert.deepEqual(h.last(), { status: 'ready', preview: preview('apa') });
  await h.unmount();
});

test('a failed preview is said in words', async () => {
  const svc = fakeService(() => ({ ...packet(), scanFingerprint: 'sha256:ab' }));
  svc.answer.stylePreview = () => Promise.reject(new ServiceError(429, 'Too many requests [HTTP 429]', { error: 'Too many requests' }));
  const h = await harness(svc, session(), 'apa');
  await settle();
  assert.deepEqual(h.last(), { status: 'error', message: S.errors.busy });
  await h.unmount();
});

test('changing style aborts the preview under way: its late answer never shows', async () => {
  const { svc, held } = heldService();
  const s = session();
  const h = await harness(svc, s, 'apa');
  await h.set(s, 'vancouver');
  assert.equal(svc.calls.stylePreview[0]?.signal.aborted, true, 'the first request was aborted');
  assert.equal(svc.calls.stylePreview[1]?.signal.aborted, false);
  held[0]!.resolve(preview('apa'));
  await settle();
  assert.equal(h.last().status, 'loading', 'the aborted answer for apa is not shown for vancouver');
  held[1]!.resolve(preview('vancouver'));
  await settle();
  assert.deepEqual(h.last(), { status: 'ready', preview: preview('vancouver') });
  await h.unmount();
});

test('going back to a style shows its preview at once; a new scan asks again', async () => {
  const { svc, held } = heldService();
  const s = session();
  const h = await harness(svc, s, 'apa');
  held[0]!.resolve(preview('apa'));
  await settle();
  await h.set(s, 'vancouver');
  held[1]!.resolve(preview('vancouver'));
  await settle();
  await h.set(s, 'apa');
  assert.deepEqual(h.last(), { status: 'ready', preview: preview('apa') });
  assert.equal(svc.calls.stylePreview.length, 2, 'no second request for apa');
  await h.set(session(), 'apa');
  assert.equal(h.last().status, 'loading', 'a new scan session forgets the previews');
  assert.equal(svc.calls.stylePreview.length, 3);
  await h.unmount();
});

test('unmounting aborts the request; its answer changes nothing', async () => {
  const { svc, held } = heldService();
  const h = await harness(svc, session(), 'apa');
  const rendered = h.states.length;
  await h.unmount();
  assert.equal(svc.calls.stylePreview[0]?.signal.aborted, true);
  held[0]!.resolve(preview('apa'));
  await settle();
  assert.equal(h.states.length, rendered);
});

test('the works the author approved go with the preview, as with apply; approving another asks again', async () => {
  const svc = fakeService(() => ({ ...packet(), scanFingerprint: 'sha256:ab' }));
  svc.answer.stylePreview = async (styleId) => preview(styleId);
  const work = { doi: '10.5555/moss', title: 'Moss', confidence: 0.97, citationImpact: 'link-only-safe' as const, transactionPlan: null, status: 'ready' as const };
  const resolver: ResolverReport = {
    scanFingerprint: 'sha256:ab', scanToken: 't', detectedCslId: null, styleDetection: null, references: [],
    resolvedWorks: { b1: work }, resolverReport: { resolved: 1, reviewRequired: 0, unresolved: 0 },
  };
  resolver.references = [{ refId: 'b1', index: 0, refText: 'old', refTextHtml: 'old', author: null, year: null, title: null, existingDoi: null, existingUrl: null, status: 'ready', reasons: [] }];
  const s = { ...session(), resolver };
  const h = await harness(svc, s, 'apa', { b1: { approved: false } });
  await settle();
  assert.equal(svc.calls.stylePreview[0]!.resolvedWorks?.b1?.approved, false);
  await h.set(s, 'apa', { b1: { approved: true } });
  await settle();
  assert.equal(svc.calls.stylePreview.length, 2, 'a new approval: the preview is asked again');
  assert.equal(svc.calls.stylePreview[1]!.resolvedWorks?.b1?.approved, true);
  await h.unmount();
});
