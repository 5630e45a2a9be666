// The virtualised review list with one tab stop and keys: ↑/↓ (J/K), Home/End move; A approves, S skips,
// U undoes, C opens the editor, Enter shows the current match in the document; keys typed into the editor
// or with Ctrl are left alone.
import { act, key, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useState } from 'react';
import { MatchList } from '../../../addin/components/MatchList.tsx';
import { emptyReviewState, reviewReducer, type ReviewAction, type ReviewState } from '../../../addin/review/review-state.ts';
import { S } from '../../../addin/strings.ts';
import type { ReviewMatch } from '../../../shared/contract.ts';
import { packet } from '../fixtures.ts';

function List({ state, log }: { state: ReviewState; log: { actions: ReviewAction[]; selected: string[] } }) {
  const [current, setCurrent] = useState<string | null>(null);
  const numbers = new Map(state.matches.map((m, i) => [m.refId, i + 1]));
  return (
    <MatchList
      matches={state.matches}
      state={state}
      targetText={(id) => `target ${id}`}
      numbers={numbers}
      current={current}
      setCurrent={setCurrent}
      dispatch={(a) => log.actions.push(a)}
      onSelect={(m: ReviewMatch) => log.selected.push(m.refId)}
    />
  );
}

async function list() {
  const state = reviewReducer(emptyReviewState, { type: 'load', packet: packet() });
  const log = { actions: [] as ReviewAction[], selected: [] as string[] };
  const m = await mount(<List state={state} log={log} />);
  const scroller = m.container.querySelector<HTMLElement>('[data-testid="match-list"]')!;
  const currentRow = () => m.container.querySelector('.match-row.current')?.getAttribute('data-refid');
  return { m, log, scroller, currentRow };
}

test('the list is named with its keys; one row at a time is in the tab order', async () => {
  const { m, currentRow } = await list();
  assert.equal(m.container.querySelector('[role="list"]')?.getAttribute('aria-label'), S.review.list);
  assert.ok(m.container.querySelectorAll('[role="listitem"]').length >= 1);
  assert.equal(currentRow(), 'm1', 'the first row is current before any move');
  assert.equal(m.container.querySelectorAll('[role="listitem"][tabindex="0"]').length, 1);
  await m.unmount();
});

test('arrow keys, J/K and Home/End move the current row within the list', async () => {
  const { m, scroller, currentRow } = await list();
  await key(scroller, 'ArrowDown');
  assert.equal(currentRow(), 'm2');
  await key(scroller, 'j');
  assert.equal(currentRow(), 'm3');
  await key(scroller, 'k');
  assert.equal(currentRow(), 'm2');
  await key(scroller, 'ArrowUp');
  await key(scroller, 'ArrowUp');
  assert.equal(currentRow(), 'm1', 'stops at the first');
  await key(scroller, 'End');
  assert.equal(currentRow(), 'm7');
  await key(scroller, 'ArrowDown');
  assert.equal(currentRow(), 'm7', 'stops at the last');
  await key(scroller, 'Home');
  assert.equal(currentRow(), 'm1');
  await m.unmount();
});

test('A and S act on the current row and move to the next that needs attention; U undoes in place; C opens its editor; Enter shows it in the document', async () => {
  const { m, log, scroller, currentRow } = await list();
  await key(scroller, 'ArrowDown');
  await key(scroller, 'a');
  assert.equal(currentRow(), 'm3', 'm3 (unmatched) needs attention');
  await key(scroller, 'S');
  assert.equal(currentRow(), 'm5', 'm4 is ready: passed over for m5 (held)');
  await key(scroller, 'u');
  assert.equal(currentRow(), 'm5');
  for (let i = 0; i < 3; i++) await key(scroller, 'ArrowUp');
  assert.deepEqual(log.actions, [{ type: 'approve', refId: 'm2' }, { type: 'skip', refId: 'm3' }, { type: 'undo', refId: 'm5' }]);
  await key(scroller, 'c');
  assert.ok(m.container.querySelector('.match-row.current .match-editor'), 'the editor opened on the current row');
  const row = m.container.querySelector('.match-row.current')!;
  await key(row, 'Enter');
  assert.deepEqual(log.selected, ['m2']);
  assert.equal(currentRow(), 'm2');
  await m.unmount();
});

test('keys typed in the editor or with Ctrl are not taken as commands', async () => {
  const { m, log, scroller } = await list();
  await key(scroller, 'c');
  const input = m.container.querySelector<HTMLInputElement>('.match-editor input')!;
  await key(input, 'a');
  await key(input, 's');
  await key(scroller, 'a', { ctrlKey: true });
  assert.deepEqual(log.actions, []);
  await m.unmount();
});

test('no match fits the filters: said in words', async () => {
  const m = await mount(
    <MatchList matches={[]} state={emptyReviewState} targetText={(id) => id} numbers={new Map()} current={null} setCurrent={() => undefined} dispatch={() => undefined} onSelect={() => undefined} />,
  );
  assert.equal(text(m.container), S.review.noneShown);
  await m.unmount();
});

/** The list under a filter that hides decided rows, with the real reducer (as ReviewPanel's "Not reviewed yet"). */
function Undecided({ start }: { start: ReviewState }) {
  const [state, setState] = useState(start);
  const [current, setCurrent] = useState<string | null>(null);
  const shown = state.matches.filter((x) => !state.choices[x.refId]);
  return (
    <MatchList
      matches={shown}
      state={state}
      targetText={(id) => `target ${id}`}
      numbers={new Map(state.matches.map((x, i) => [x.refId, i + 1]))}
      current={current}
      setCurrent={setCurrent}
      dispatch={(a) => setState((s) => reviewReducer(s, a))}
      onSelect={() => undefined}
    />
  );
}

test('under "Not reviewed yet", deciding keeps the focus in the list: keys and buttons, to the last row; each decision is announced', async () => {
  const start = reviewReducer(emptyReviewState, { type: 'load', packet: packet() });
  const m = await mount(<Undecided start={start} />);
  const focused = () => document.activeElement?.closest('.match-row')?.getAttribute('data-refid') ?? document.activeElement?.className ?? null;
  const said = () => m.container.querySelector('[data-testid="list-announcer"]')!.textContent;
  const first = m.container.querySelector<HTMLElement>('.match-row.current')!;
  first.focus();
  assert.equal(focused(), 'm1');
  await key(first, 'a');
  assert.equal(focused(), 'm2', 'the next row needing attention has the focus');
  assert.match(said()!, /citation 1 “\[m1\]”: approved\. Next: citation 2 “\[m2\]”, low confidence\./);
  await key(document.activeElement!, 's');
  assert.equal(focused(), 'm3');
  // A button inside the row: the row goes away, the one that took its place takes the focus.
  const skip = [...m.container.querySelectorAll<HTMLButtonElement>('.match-row.current button')].find((b) => b.textContent === S.review.skip)!;
  skip.focus();
  await act(async () => skip.click());
  assert.notEqual(document.activeElement, document.body, 'focus did not fall to the page');
  assert.equal(focused(), 'm4');
  assert.match(said()!, /citation 3 “\[m3\]”: skipped\./);
  for (let i = 0; i < 4; i++) await key(document.activeElement!, 's');
  assert.equal(m.container.querySelectorAll('.match-row').length, 0);
  assert.equal(document.activeElement?.className, 'list-empty', 'the empty list keeps the focus');
  await m.unmount();
});
