// The apply pipeline on the fake host with the real engine behind a fake client: the document edited
// during review is scanned again and decisions carried over; what cannot be carried stops apply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { runApply, runScan, type Progress } from '../../../addin/workflow/pipeline.ts';
import type { ServiceClient } from '../../../addin/service-client.ts';
import { reviewReducer, emptyReviewState } from '../../../addin/review/review-state.ts';
import { carryOver } from '../../../addin/review/carry-over.ts';
import { sentenceOf } from '../../../addin/review/sentence.ts';
import { scan, apply } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS, type HyperlinkSettings } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { match, packet, target } from '../fixtures.ts';

const settings: HyperlinkSettings = { ...DEFAULT_SETTINGS };

function engineClient(): ServiceClient & { applied: Uint8Array[] } {
  const applied: Uint8Array[] = [];
  return {
    applied,
    scan: async (file, s) => ({ ...scan(file, s), scanToken: 'local' }),
    crossref: async () => {
      throw new Error('not used');
    },
    apply: async (req) => {
      applied.push(req.file);
      const out = apply(req.file, req.settings, req.decisions);
      return { ...out, docx: Buffer.from(out.docx).toString('base64') };
    },
    stylePreview: async () => {
      throw new Error('not used');
    },
    direct: async () => {
      throw new Error('not used');
    },
  };
}

const body = (extra: string) =>
  [p('Results'), p(`As Figure 1 shows${extra}, and Table 1 lists.`), p('Figure 1. Growth.', 'Caption'), p('Table 1. Sizes.', 'Caption')].join('');

test('an edit during review: rescanned, decisions carried over, applied to the edited version', async () => {
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: body('') }), 'm.docx');
  const client = engineClient();
  const phases: Progress['phase'][] = [];
  const session = await runScan(host, client, settings, (p) => phases.push(p.phase));
  let review = reviewReducer(emptyReviewState, { type: 'load', packet: session.packet });
  for (const m of review.matches) review = reviewReducer(review, { type: m.kind === 'table' ? 'skip' : 'approve', refId: m.refId });
  // The author adds a sentence elsewhere in the document while reviewing.
  const edited = await buildDocx({ body: p('A sentence added during review.') + body('') });
  host.loadBytes(edited);
  const step = await runApply(host, client, { session, review, approvedWorks: {} }, (p) => phases.push(p.phase));
  assert.equal(step.kind, 'applied');
  if (step.kind !== 'applied') return;
  assert.ok(phases.includes('rescanning'));
  assert.deepEqual(client.applied[0], edited, 'apply ran on the edited document, not the scanned bytes');
  assert.equal(step.applied.carried?.notCarried.length, 0);
  assert.equal(step.applied.result.linkCount, 1, 'figure approved, table skipped, as decided');
  assert.deepEqual(step.applied.original, edited, 'the original kept for restore is the edited version');
  assert.equal(step.applied.verification?.ok, true);
});

test('decisions whose text changed are not carried: apply stops and shows them', async () => {
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: body('') }), 'm.docx');
  const client = engineClient();
  const session = await runScan(host, client, settings, () => undefined);
  let review = reviewReducer(emptyReviewState, { type: 'load', packet: session.packet });
  for (const m of review.matches) review = reviewReducer(review, { type: 'approve', refId: m.refId });
  host.loadBytes(await buildDocx({ body: body(' clearly') }));
  const step = await runApply(host, client, { session, review, approvedWorks: {} }, () => undefined);
  assert.equal(step.kind, 'rescanned');
  if (step.kind !== 'rescanned') return;
  assert.ok(step.carry.notCarried.length >= 1);
  assert.equal(client.applied.length, 0, 'nothing applied');
  assert.equal(host.replacements.length, 0, 'nothing replaced');
});

test('new text with mentions, added during review: apply stops before writing and offers them with their sentence; the next apply writes them', async () => {
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: body('') }), 'm.docx');
  const client = engineClient();
  const session = await runScan(host, client, settings, () => undefined);
  let review = reviewReducer(emptyReviewState, { type: 'load', packet: session.packet });
  for (const m of review.matches) review = reviewReducer(review, { type: 'approve', refId: m.refId });
  host.loadBytes(await buildDocx({ body: body('') + p('We add a sentence. The cells in Figure 1 grow fast.') }));
  const step = await runApply(host, client, { session, review, approvedWorks: {} }, () => undefined);
  assert.equal(step.kind, 'rescanned');
  if (step.kind !== 'rescanned') return;
  assert.equal(step.carry.notCarried.length, 0);
  assert.equal(step.carry.carried, 2, 'the old decisions are carried');
  assert.deepEqual(step.carry.added.map((m) => [m.kind, sentenceOf(m)]), [['figure', 'The cells in Figure 1 grow fast.']]);
  assert.equal(client.applied.length, 0, 'nothing applied before the new mention is reviewed');
  assert.equal(host.replacements.length, 0);
  // The author approves the new mention and applies again: the document has not changed since the rescan.
  let next = reviewReducer(emptyReviewState, { type: 'load', packet: step.session.packet, choices: step.carry.choices });
  next = reviewReducer(next, { type: 'approve', refId: step.carry.added[0]!.refId });
  const again = await runApply(host, client, { session: step.session, review: next, approvedWorks: {} }, () => undefined);
  assert.equal(again.kind, 'applied');
  if (again.kind === 'applied') assert.equal(again.applied.result.linkCount, 3);
});

test('an unchanged document is applied without a rescan', async () => {
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: body('') }), 'm.docx');
  const client = engineClient();
  const session = await runScan(host, client, settings, () => undefined);
  const review = reviewReducer(reviewReducer(emptyReviewState, { type: 'load', packet: session.packet }), { type: 'approveAllReady' });
  const phases: string[] = [];
  const step = await runApply(host, client, { session, review, approvedWorks: {} }, (p) => phases.push(p.phase));
  assert.equal(step.kind, 'applied');
  assert.ok(!phases.includes('rescanning'));
  assert.deepEqual(phases.filter((p, i) => phases.indexOf(p) === i), ['exporting', 'applying', 'replacing', 'verifying']);
});

test('carryOver: identity is kind, text and context; retargets follow the target by label and text', () => {
  const pk = packet();
  let old = reviewReducer(emptyReviewState, { type: 'load', packet: pk });
  old = reviewReducer(old, { type: 'approve', refId: 'm1' });
  old = reviewReducer(old, { type: 'retarget', refId: 'm2', targetId: 'ref3' });
  old = reviewReducer(old, { type: 'skip', refId: 'm4' });
  const next = {
    matches: [
      match('n1', 'citation', 'ready', 'r1', { sourceText: '[m1]' }),
      match('n2', 'citation', 'low_confidence', 'r2', { sourceText: '[m2]' }),
    ],
    targets: [target('r1', 'bibliography', '[1]'), target('r2', 'bibliography', '[2]'), target('r3', 'bibliography', '[3]')],
  };
  const c = carryOver(old, next);
  assert.deepEqual(c.choices, { n1: { status: 'approved' }, n2: { status: 'retargeted', targetId: 'r3' } });
  assert.deepEqual(c.notCarried.map((n) => n.match.refId), ['m4']);
  assert.equal(c.carried, 2);
});

test('apply sends the rewrite only when the author approved it', async () => {
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: body('') }), 'm.docx');
  const client = engineClient();
  const sent: { detectedCslId?: string; applyBibRewrite?: boolean }[] = [];
  const apply = client.apply;
  client.apply = async (req) => {
    sent.push({ ...(req.detectedCslId !== undefined ? { detectedCslId: req.detectedCslId } : {}), ...(req.applyBibRewrite !== undefined ? { applyBibRewrite: req.applyBibRewrite } : {}) });
    return apply(req);
  };
  const scanned = await runScan(host, client, settings, () => undefined);
  const review = reviewReducer(emptyReviewState, { type: 'load', packet: scanned.packet });
  const detected = (id: string | null) => ({ ...scanned, packet: { ...scanned.packet, detectedCslId: id } });
  const run = (detectedId: string | null, bibliography?: { styleId: string | null; rewrite: boolean }) =>
    runApply(host, client, { session: detected(detectedId), review, approvedWorks: {}, ...(bibliography ? { bibliography } : {}) }, () => undefined);
  await run('ieee', { styleId: 'apa', rewrite: true });
  await run('ieee', { styleId: 'apa', rewrite: false });
  await run(null);
  assert.deepEqual(sent, [{ detectedCslId: 'apa', applyBibRewrite: true }, { detectedCslId: 'ieee' }, {}]);
});
