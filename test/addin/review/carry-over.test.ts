// Decisions carried from an old scan to a new one by match identity (kind, text, context) and retargets
// by target identity; whatever has no counterpart is reported, never dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { carryOver } from '../../../addin/review/carry-over.ts';
import type { ReviewState } from '../../../addin/review/review-state.ts';
import type { ReviewMatch } from '../../../shared/contract.ts';
import { match, target } from '../fixtures.ts';

const ctx = (before: string, after: string) => ({ context: { before, after } }) as Partial<ReviewMatch>;

test('decisions follow their matches to new ids; identical matches pair in order; retargets follow their target', () => {
  const old: ReviewState = {
    matches: [
      match('a1', 'citation', 'ready', 'r1', { sourceText: '1', ...ctx('see ', ' and') }),
      match('a2', 'citation', 'ready', 'r1', { sourceText: '1', ...ctx('see ', ' and') }),
      match('a3', 'figure', 'low_confidence', 'f1', { sourceText: '2', ...ctx('Fig. ', '.') }),
      match('a4', 'figure', 'ready', 'f1', { sourceText: '9', ...ctx('Fig. ', '') }),
    ],
    targets: [{ ...target('f1', 'figure', 'Figure 1'), text: 'Figure 1. A.' }, { ...target('f2', 'figure', 'Figure 2'), text: 'Figure 2. B.' }],
    choices: { a1: { status: 'approved' }, a2: { status: 'skipped' }, a3: { status: 'retargeted', targetId: 'f2' }, a4: { status: 'approved' } },
    error: null,
  };
  const next = {
    matches: [
      match('b1', 'citation', 'ready', 'r1', { sourceText: '1', ...ctx('see ', ' and') }),
      match('b2', 'citation', 'ready', 'r1', { sourceText: '1', ...ctx('see ', ' and') }),
      match('b3', 'figure', 'low_confidence', 'g1', { sourceText: '2', ...ctx('Fig. ', '.') }),
    ],
    targets: [{ ...target('g1', 'figure', 'Figure 1'), text: 'Figure 1. A.' }, { ...target('g2', 'figure', 'Figure 2'), text: 'Figure 2. B.' }],
  };
  const out = carryOver(old, next);
  assert.deepEqual(out.choices, { b1: { status: 'approved' }, b2: { status: 'skipped' }, b3: { status: 'retargeted', targetId: 'g2' } });
  assert.equal(out.carried, 3);
  assert.deepEqual(out.notCarried.map((n) => [n.match.refId, n.choice.status]), [['a4', 'approved']]);
});

test('not carried: a retarget whose target is gone, an approval whose match lost its target', () => {
  const old: ReviewState = {
    matches: [match('a1', 'figure', 'low_confidence', 'f1', { sourceText: '3' }), match('a2', 'citation', 'ready', 'r1', { sourceText: '4' })],
    targets: [target('f3', 'figure', 'Figure 3')],
    choices: { a1: { status: 'retargeted', targetId: 'f3' }, a2: { status: 'approved' } },
    error: null,
  };
  const out = carryOver(old, { matches: [match('b1', 'figure', 'low_confidence', 'f1', { sourceText: '3' }), match('b2', 'citation', 'unmatched', '', { sourceText: '4' })], targets: [] });
  assert.deepEqual(out.choices, {});
  assert.deepEqual(out.notCarried.map((n) => n.match.refId), ['a1', 'a2']);
  assert.equal(out.carried, 0);
});

test('an approved DOI needs no target to be carried; undecided matches carry nothing', () => {
  const old: ReviewState = {
    matches: [match('a1', 'doi', 'ready', '', { sourceText: '10.1/x' }), match('a2', 'citation', 'ready', 'r1', { sourceText: '5' })],
    targets: [], choices: { a1: { status: 'approved' } }, error: null,
  };
  const out = carryOver(old, { matches: [match('b1', 'doi', 'ready', '', { sourceText: '10.1/x' }), match('b2', 'citation', 'ready', 'r1', { sourceText: '5' })], targets: [] });
  assert.deepEqual(out, { choices: { b1: { status: 'approved' } }, notCarried: [], carried: 1, added: [] });
});

test('added: new matches with no counterpart in the old scan, decided or not; an undecided old match still takes its counterpart', () => {
  const old: ReviewState = {
    matches: [match('a1', 'citation', 'ready', 'r1', { sourceText: '[1]', ...ctx('see ', '.') }), match('a2', 'citation', 'ready', 'r1', { sourceText: '[1]', ...ctx('see ', '.') })],
    targets: [], choices: { a2: { status: 'approved' } }, error: null,
  };
  const next = {
    matches: [
      match('b1', 'citation', 'ready', 'r1', { sourceText: '[1]', ...ctx('see ', '.') }),
      match('b2', 'citation', 'ready', 'r1', { sourceText: '[1]', ...ctx('see ', '.') }),
      match('b3', 'citation', 'ready', 'r5', { sourceText: '[5]', ...ctx('New text ', '.') }),
      match('b4', 'figure', 'ready', 'f2', { sourceText: 'Fig 2', ...ctx('and ', '.') }),
    ],
    targets: [],
  };
  const out = carryOver(old, next);
  assert.deepEqual(out.choices, { b2: { status: 'approved' } }, 'pairs in order: the undecided a1 takes b1');
  assert.deepEqual(out.added.map((m) => m.refId), ['b3', 'b4']);
});
