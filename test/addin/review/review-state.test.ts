import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyReviewState, reviewReducer, type ReviewAction, type ReviewState } from '../../../addin/review/review-state.ts';
import { buildDecisions, reviewProgress } from '../../../addin/review/decisions.ts';
import { retargetOptions } from '../../../addin/review/kinds.ts';
import { normalizeDoi } from '../../../addin/review/doi.ts';
import { packet } from '../fixtures.ts';

function run(...actions: ReviewAction[]): ReviewState {
  return actions.reduce(reviewReducer, reviewReducer(emptyReviewState, { type: 'load', packet: packet() }));
}

test('load starts with no choices', () => {
  const s = run();
  assert.equal(s.matches.length, 7);
  assert.deepEqual(s.choices, {});
  assert.equal(s.error, null);
});

test('approve, skip and undo record choices', () => {
  const s = run({ type: 'approve', refId: 'm1' }, { type: 'skip', refId: 'm4', reason: 'wrong figure' });
  assert.deepEqual(s.choices.m1, { status: 'approved' });
  assert.deepEqual(s.choices.m4, { status: 'skipped', reason: 'wrong figure' });
  const u = reviewReducer(s, { type: 'undo', refId: 'm1' });
  assert.equal(u.choices.m1, undefined);
  assert.ok(u.choices.m4);
});

test('an unmatched match cannot be approved: it needs a retarget or a DOI', () => {
  const s = run({ type: 'approve', refId: 'm3' });
  assert.equal(s.choices.m3, undefined);
  assert.equal(s.error?.refId, 'm3');
  assert.match(s.error!.message, /retarget/);
});

test('unknown match ids are rejected, not recorded', () => {
  const s = run({ type: 'approve', refId: 'nope' });
  assert.deepEqual(s.choices, {});
  assert.match(s.error!.message, /Unknown match/);
});

test('bulk approve takes only undecided ready matches that have a link', () => {
  const s = run({ type: 'skip', refId: 'm4' }, { type: 'approveAllReady' });
  assert.deepEqual(Object.keys(s.choices).sort(), ['m1', 'm4', 'm6']);
  assert.equal(s.choices.m4!.status, 'skipped', 'an earlier choice is kept');
  assert.equal(s.choices.m2, undefined, 'low confidence is left for review');
  assert.equal(s.choices.m5, undefined, 'held is left for review');
});

test('bulk approve can be limited to one kind', () => {
  const s = run({ type: 'approveAllReady', kind: 'figure' });
  assert.deepEqual(Object.keys(s.choices), ['m4']);
});

test('retarget only to a target of the type the kind links to', () => {
  const ok = run({ type: 'retarget', refId: 'm2', targetId: 'ref3' });
  assert.deepEqual(ok.choices.m2, { status: 'retargeted', targetId: 'ref3' });

  const wrongType = run({ type: 'retarget', refId: 'm2', targetId: 'fig1' });
  assert.equal(wrongType.choices.m2, undefined);
  assert.match(wrongType.error!.message, /citation can only point at a bibliography/);

  const missing = run({ type: 'retarget', refId: 'm4', targetId: 'fig9' });
  assert.match(missing.error!.message, /Unknown target/);

  const doi = run({ type: 'retarget', refId: 'm6', targetId: 'ref1' });
  assert.match(doi.error!.message, /cannot be retargeted/);
});

test('retargeting to the proposed target is an approval; an unmatched match can be retargeted', () => {
  const s = run({ type: 'retarget', refId: 'm1', targetId: 'ref1' }, { type: 'retarget', refId: 'm3', targetId: 'ref2' });
  assert.deepEqual(s.choices.m1, { status: 'approved' });
  assert.deepEqual(s.choices.m3, { status: 'retargeted', targetId: 'ref2' });
});

test('retarget options list every target of the same type', () => {
  const p = packet();
  assert.deepEqual(retargetOptions(p.matches[0]!, p.targets).map((t) => t.targetId), ['ref1', 'ref2', 'ref3']);
  assert.deepEqual(retargetOptions(p.matches[3]!, p.targets).map((t) => t.targetId), ['fig1', 'fig2']);
  assert.deepEqual(retargetOptions(p.matches[5]!, p.targets), []);
});

test('link to DOI only normalises the DOI and rejects non-DOIs', () => {
  const s = run({ type: 'linkDoi', refId: 'm3', doi: ' https://doi.org/10.1371/journal.pone.0117949 ' });
  assert.deepEqual(s.choices.m3, { status: 'link_only', doi: '10.1371/journal.pone.0117949' });
  const bad = run({ type: 'linkDoi', refId: 'm3', doi: 'not a doi' });
  assert.equal(bad.choices.m3, undefined);
  assert.match(bad.error!.message, /not a DOI/);
});

test('normalizeDoi accepts the usual spellings', () => {
  assert.equal(normalizeDoi('doi:10.1000/ABC.1'), '10.1000/ABC.1');
  assert.equal(normalizeDoi('http://dx.doi.org/10.1000%2Fabc'), '10.1000/abc');
  assert.equal(normalizeDoi('10.1000/abc.'), '10.1000/abc');
  assert.equal(normalizeDoi('11.1000/abc'), null);
  assert.equal(normalizeDoi(''), null);
});

test('decisions: one per decided match in scan order, undecided ones not sent', () => {
  const s = run(
    { type: 'approveAllReady' },
    { type: 'retarget', refId: 'm2', targetId: 'ref3' },
    { type: 'linkDoi', refId: 'm3', doi: '10.1000/q' },
    { type: 'skip', refId: 'm5', reason: 'not this one' },
  );
  assert.deepEqual(buildDecisions(s), [
    { refId: 'm1', status: 'approved' },
    { refId: 'm2', status: 'retargeted', targetId: 'ref3' },
    { refId: 'm3', status: 'link_only', doi: '10.1000/q' },
    { refId: 'm4', status: 'approved' },
    { refId: 'm5', status: 'skipped', reason: 'not this one' },
    { refId: 'm6', status: 'approved' },
  ]);
});

test('progress counts statuses, decisions and links to make', () => {
  const s = run({ type: 'approve', refId: 'm1' }, { type: 'skip', refId: 'm4' });
  const p = reviewProgress(s);
  assert.equal(p.total, 7);
  assert.equal(p.decided, 2);
  assert.equal(p.toLink, 1);
  assert.equal(p.readyUndecided, 1); // m6
  assert.deepEqual(p.byStatus, { ready: 3, unmatched: 1, low_confidence: 1, held: 1, identity_change: 1 });
  assert.equal(reviewProgress(s, 'figure').total, 2);
});

test('the reducer never mutates the previous state', () => {
  const before = run({ type: 'approve', refId: 'm1' });
  const frozen = JSON.stringify(before);
  reviewReducer(before, { type: 'approveAllReady' });
  reviewReducer(before, { type: 'undo', refId: 'm1' });
  assert.equal(JSON.stringify(before), frozen);
});
