// Change a match: retarget among the targets of its kind (said in words), or link it to a DOI only.
import { button, click, control, mount, type } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchEditor } from '../../../addin/components/MatchEditor.tsx';
import type { ReviewAction } from '../../../addin/review/review-state.ts';
import { S } from '../../../addin/strings.ts';
import { match, target } from '../fixtures.ts';

const TARGETS = [
  { ...target('ref1', 'bibliography', '[1]'), authors: ['Brown'], year: '2004', title: 'Moss growth' },
  { ...target('ref2', 'bibliography', '[2]'), authors: ['Kowalski'], year: '1999', title: 'Frost' },
  target('fig1', 'figure', 'Figure 1'),
];

test('retarget offers the targets of the match’s kind only, starting from its own, and dispatches the one chosen', async () => {
  const actions: ReviewAction[] = [];
  const m = await mount(<MatchEditor match={match('c1', 'citation', 'low_confidence', 'ref1')} targets={TARGETS} dispatch={(a) => actions.push(a)} />);
  const combo = control(m.container, S.review.retargetTo);
  assert.equal(combo.value, '[1] Brown 2004 · Moss growth');
  await click(combo);
  const options = [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
  assert.deepEqual(options, ['[1] Brown 2004 · Moss growth', '[2] Kowalski 1999 · Frost'], 'no figure among a citation’s targets');
  await click([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent?.startsWith('[2]'))!);
  await click(button(m.container, S.review.retarget));
  assert.deepEqual(actions, [{ type: 'retarget', refId: 'c1', targetId: 'ref2' }]);
  await m.unmount();
});

test('typing narrows the targets; nothing found is said', async () => {
  const m = await mount(<MatchEditor match={match('c1', 'citation', 'low_confidence', 'ref1')} targets={TARGETS} dispatch={() => undefined} />);
  const combo = control(m.container, S.review.retargetTo);
  await click(combo);
  await type(combo, 'kowal');
  assert.deepEqual([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent), ['[2] Kowalski 1999 · Frost']);
  await type(combo, 'frost 1999');
  assert.deepEqual([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent), ['[2] Kowalski 1999 · Frost'], 'a title word and the year, in any order');
  await type(combo, 'nothing like it');
  assert.deepEqual([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent), [S.review.noTargetsFound]);
  await m.unmount();
});

test('link to a DOI only: off until a DOI is typed, then dispatched as typed', async () => {
  const actions: ReviewAction[] = [];
  const m = await mount(<MatchEditor match={match('c2', 'citation', 'unmatched', '')} targets={TARGETS} dispatch={(a) => actions.push(a)} />);
  const link = button(m.container, S.review.linkDoi);
  assert.equal(link.disabled, true);
  await type(control(m.container, S.review.doiLabel), ' 10.1371/journal.pone.0117949');
  await click(button(m.container, S.review.linkDoi));
  assert.deepEqual(actions, [{ type: 'linkDoi', refId: 'c2', doi: ' 10.1371/journal.pone.0117949' }]);
  await m.unmount();
});

test('a DOI match cannot be retargeted: only the DOI line, filled with its DOI', async () => {
  const m = await mount(<MatchEditor match={match('d1', 'doi', 'ready', '', { doi: '10.5/abc' })} targets={TARGETS} dispatch={() => undefined} />);
  assert.equal(m.container.querySelector('[role="combobox"]'), null);
  assert.equal(control(m.container, S.review.doiLabel).value, '10.5/abc');
  await m.unmount();
});
