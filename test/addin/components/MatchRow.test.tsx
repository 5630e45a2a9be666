// One proposed link: its text (shows it in the document), status, target in words, and the actions, each
// named after the match for screen readers; each action dispatches the right review action.
import { button, buttons, click, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MatchRow, proposalText, type MatchRowProps } from '../../../addin/components/MatchRow.tsx';
import type { ReviewAction } from '../../../addin/review/review-state.ts';
import { S } from '../../../addin/strings.ts';
import type { ReviewMatch } from '../../../shared/contract.ts';
import { match, target } from '../fixtures.ts';

const TARGETS = [target('ref1', 'bibliography', '[1]'), target('ref2', 'bibliography', '[2]')];

function row(m: ReviewMatch, extra: Partial<MatchRowProps> = {}) {
  const log: { actions: ReviewAction[]; selected: ReviewMatch[]; toggled: string[]; focused: string[] } = { actions: [], selected: [], toggled: [], focused: [] };
  const props: MatchRowProps = {
    match: m,
    number: 12,
    choice: undefined,
    targetText: '[1] Brown 2004. Moss growth',
    targets: TARGETS,
    error: null,
    current: true,
    expanded: false,
    dispatch: (a) => log.actions.push(a),
    onSelect: (x) => log.selected.push(x),
    onToggle: (id) => log.toggled.push(id),
    onFocusRow: (id) => log.focused.push(id),
    ...extra,
  };
  return { props, log };
}

test('the row and its actions are named after the match: kind, number, text and target', async () => {
  const { props } = row(match('c12', 'citation', 'ready', 'ref1', { sourceText: '[1]' }));
  const m = await mount(<MatchRow {...props} />);
  const item = m.container.querySelector('[role="listitem"]')!;
  assert.equal(item.getAttribute('aria-label'), 'citation 12: [1] → [1] Brown 2004. Moss growth');
  assert.equal(item.getAttribute('aria-current'), 'true');
  button(m.container, 'Approve citation 12 “[1]” → [1] Brown 2004. Moss growth');
  button(m.container, 'Skip citation 12 “[1]” → [1] Brown 2004. Moss growth');
  button(m.container, 'Show in document citation 12 “[1]” → [1] Brown 2004. Moss growth');
  assert.match(text(m.container), /ready/);
  await m.unmount();
});

test('approve, skip, change and show in document call their handlers with this match', async () => {
  const c = match('c3', 'citation', 'low_confidence', 'ref1', { sourceText: '(Brown 2004)', reason: 'year differs' });
  const { props, log } = row(c);
  const m = await mount(<MatchRow {...props} />);
  await click(button(m.container, /^Approve citation/));
  await click(button(m.container, /^Skip citation/));
  await click(button(m.container, S.review.change));
  await click(button(m.container, /^Show in document/));
  assert.deepEqual(log.actions, [{ type: 'approve', refId: 'c3' }, { type: 'skip', refId: 'c3' }]);
  assert.deepEqual(log.toggled, ['c3']);
  assert.deepEqual(log.selected, [c]);
  assert.match(text(m.container), /low confidence.*year differs/);
  await m.unmount();
});

test('a decided match shows the decision and offers Undo; an expanded row shows the editor and Close', async () => {
  const { props, log } = row(match('c4', 'citation', 'ready', 'ref1'), { choice: { status: 'skipped' }, expanded: true });
  const m = await mount(<MatchRow {...props} />);
  assert.match(text(m.container), /skipped/);
  await click(button(m.container, /^Undo citation 12/));
  assert.deepEqual(log.actions, [{ type: 'undo', refId: 'c4' }]);
  assert.equal(button(m.container, S.review.close).getAttribute('aria-expanded'), 'true');
  assert.ok(m.container.querySelector('.match-editor'), 'the editor is open');
  await m.unmount();
});

test('a match with no target cannot be approved, and says why; undecided rows offer no Undo', async () => {
  const { props } = row(match('c5', 'citation', 'unmatched', ''), { targetText: S.review.noTarget });
  const m = await mount(<MatchRow {...props} />);
  const approve = button(m.container, /^Approve/);
  assert.equal(approve.disabled, true);
  assert.equal(approve.getAttribute('title'), S.review.problems.noTarget);
  assert.equal(buttons(m.container, /^Undo/).length, 0);
  await m.unmount();
});

test('document text is shown as text, never as HTML; a refused action is announced under the row', async () => {
  const hostile = '<img src=x onerror="alert(1)">';
  const { props } = row(match('c6', 'citation', 'ready', 'ref1', { sourceText: hostile, context: { before: 'as <b>shown</b> in ', after: ' and' } }), { error: 'Unknown target ref9.' });
  const m = await mount(<MatchRow {...props} />);
  assert.equal(m.container.querySelector('img'), null);
  assert.equal(m.container.querySelector('b'), null);
  assert.equal(m.container.querySelector('mark')?.textContent, hostile);
  assert.equal(m.container.querySelector('[role="alert"]')?.textContent, 'Unknown target ref9.');
  await m.unmount();
});

test('clicking a row that is not current makes it current', async () => {
  const { props, log } = row(match('c7', 'citation', 'ready', 'ref1'), { current: false });
  const m = await mount(<MatchRow {...props} />);
  const item = m.container.querySelector('[role="listitem"]')!;
  assert.equal(item.getAttribute('tabindex'), '-1', 'one tab stop for the list: only the current row');
  await click(item);
  assert.deepEqual(log.focused, ['c7']);
  await m.unmount();
});

test('proposalText: the choice wins, DOI matches name their DOI, no target is said', () => {
  const words = (id: string) => `target ${id}`;
  const c = match('x', 'citation', 'ready', 'ref1');
  assert.equal(proposalText(c, undefined, words), 'target ref1');
  assert.equal(proposalText(c, { status: 'retargeted', targetId: 'ref2' }, words), 'target ref2');
  assert.equal(proposalText(c, { status: 'link_only', doi: '10.1/abc' }, words), 'doi.org/10.1/abc');
  assert.equal(proposalText(match('d', 'doi', 'ready', '', { doi: '10.5/z' }), undefined, words), 'doi.org/10.5/z');
  assert.equal(proposalText(match('d2', 'doi', 'unmatched', ''), undefined, words), S.review.noDoi);
  assert.equal(proposalText(match('u', 'figure', 'unmatched', ''), undefined, words), S.review.noTarget);
});
