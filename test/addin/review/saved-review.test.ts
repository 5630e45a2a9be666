// The saved review: snapshot of the decisions with match identity, the custom XML text and back,
// resuming on the same scan (everything back) and on a changed one (what could not be carried named).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resumeReview, reviewFromXml, reviewToXml, snapshotReview, REVIEW_NAMESPACE } from '../../../addin/review/saved-review.ts';
import { emptyReviewState, reviewReducer, type ReviewAction, type ReviewState } from '../../../addin/review/review-state.ts';
import type { ResolverReport } from '../../../shared/contract.ts';
import { match, packet, target } from '../fixtures.ts';

function decided(...actions: ReviewAction[]): ReviewState {
  let s = reviewReducer(emptyReviewState, { type: 'load', packet: packet() });
  for (const a of actions) s = reviewReducer(s, a);
  return s;
}

const resolver = (ids: [string, string][]): ResolverReport =>
  ({ scanFingerprint: 'fp', scanToken: 't', references: ids.map(([refId, refText], index) => ({ refId, refText, index })), resolvedWorks: {} }) as unknown as ResolverReport;

test('snapshot keeps decided matches with their identity, retarget targets, resolver choices by reference text; XML round trip', () => {
  const review = decided({ type: 'approve', refId: 'm1' }, { type: 'retarget', refId: 'm2', targetId: 'ref3' }, { type: 'skip', refId: 'm4', reason: 'no' });
  const saved = snapshotReview({ fingerprint: 'sha256:1', documentName: 'paper.docx', review, resolver: resolver([['r1', 'Smith J. 2020. A & <b> title']]), works: { r1: { approved: false, doi: '10.1/x' } } }, new Date('2026-11-27T10:00:00Z'));
  assert.deepEqual(saved.matches.map((m) => [m.refId, m.choice.status]), [['m1', 'approved'], ['m2', 'retargeted'], ['m4', 'skipped']]);
  assert.deepEqual(saved.targets.map((t) => t.targetId), ['ref3']);
  const xml = reviewToXml(saved);
  assert.ok(xml.includes(`xmlns="${REVIEW_NAMESPACE}"`));
  assert.ok(!xml.includes('<b>'), 'the JSON is escaped inside the element');
  assert.deepEqual(reviewFromXml(xml), saved);
});

test('reviewFromXml refuses another namespace, damaged JSON and a record that does not fit the schema', () => {
  assert.equal(reviewFromXml('<review xmlns="urn:other">{}</review>'), null);
  assert.equal(reviewFromXml(`<review xmlns="${REVIEW_NAMESPACE}">{not json</review>`), null);
  assert.equal(reviewFromXml(`<review xmlns="${REVIEW_NAMESPACE}">{"v":2}</review>`), null);
});

test('resume on the same scan: every decision back on its match, resolver choices by reference text', () => {
  const review = decided({ type: 'approve', refId: 'm1' }, { type: 'retarget', refId: 'm2', targetId: 'ref3' }, { type: 'linkDoi', refId: 'm3', doi: '10.1000/abc' });
  const saved = reviewFromXml(reviewToXml(snapshotReview({ fingerprint: 'sha256:1', documentName: 'd', review, resolver: resolver([['r1', 'Ref one']]), works: { r1: { approved: false } } })))!;
  const next = { scanFingerprint: 'sha256:1', ...packet() };
  const r = resumeReview(saved, next, resolver([['rX', 'Ref one']]), { rX: { approved: true } });
  assert.equal(r.sameDocument, true);
  assert.equal(r.carry.notCarried.length, 0);
  assert.deepEqual(r.carry.choices, review.choices);
  assert.deepEqual(r.works, { rX: { approved: false } }, 'the saved choice replaces the start value, found by reference text');
});

test('resume on a changed document: carried by identity, the rest named', () => {
  const review = decided({ type: 'approve', refId: 'm1' }, { type: 'approve', refId: 'm4' });
  const saved = snapshotReview({ fingerprint: 'sha256:1', documentName: 'd', review, resolver: null, works: {} });
  const next = { scanFingerprint: 'sha256:2', matches: [match('n1', 'figure', 'ready', 'fig9', { sourceText: '[m4]' })], targets: [target('fig9', 'figure', 'Figure 1')] };
  const r = resumeReview(saved, next, null, {});
  assert.equal(r.sameDocument, false);
  assert.deepEqual(r.carry.choices, { n1: { status: 'approved' } });
  assert.deepEqual(r.carry.notCarried.map((n) => n.match.sourceText), ['[m1]']);
});
