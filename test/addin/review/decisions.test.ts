// The decisions sent to apply: one per decided match in scan order, undecided matches not sent (apply leaves
// them unlinked and says why);
// and the review's progress counters, overall and per kind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDecisions, reviewProgress } from '../../../addin/review/decisions.ts';
import type { ReviewState } from '../../../addin/review/review-state.ts';
import { match, target } from '../fixtures.ts';

const state = (): ReviewState => ({
  matches: [
    match('m1', 'citation', 'ready', 'ref1'),
    match('m2', 'citation', 'low_confidence', 'ref2'),
    match('m3', 'figure', 'ready', 'fig1'),
    match('m4', 'figure', 'unmatched', ''),
    match('m5', 'doi', 'ready', ''),
    match('m6', 'citation', 'ready', 'ref3'),
  ],
  targets: [target('ref1', 'bibliography'), target('fig1', 'figure')],
  choices: {
    m1: { status: 'approved' },
    m2: { status: 'retargeted', targetId: 'ref1' },
    m3: { status: 'skipped', reason: 'wrong figure' },
    m4: { status: 'skipped' },
    m5: { status: 'link_only', doi: '10.1/x' },
  },
  error: null,
});

test('one decision per decided match in scan order; an undecided match is not sent', () => {
  assert.deepEqual(buildDecisions(state()), [
    { refId: 'm1', status: 'approved' },
    { refId: 'm2', status: 'retargeted', targetId: 'ref1' },
    { refId: 'm3', status: 'skipped', reason: 'wrong figure' },
    { refId: 'm4', status: 'skipped' },
    { refId: 'm5', status: 'link_only', doi: '10.1/x' },
  ]);
});

test('progress: decided, to link, by status, ready still undecided; per kind too', () => {
  assert.deepEqual(reviewProgress(state()), {
    total: 6, decided: 5, toLink: 3, readyUndecided: 1,
    byStatus: { ready: 4, unmatched: 1, low_confidence: 1, held: 0, identity_change: 0 },
  });
  const figures = reviewProgress(state(), 'figure');
  assert.deepEqual([figures.total, figures.decided, figures.toLink, figures.readyUndecided], [2, 2, 0, 0]);
  const citations = reviewProgress(state(), 'citation');
  assert.deepEqual([citations.total, citations.decided, citations.toLink, citations.readyUndecided], [3, 2, 2, 1]);
});
