// The virtualised review list with one tab stop and keys: ↑/↓ (J/K), Home/End move; A approves, S skips,
// U undoes, C opens the editor, Enter shows the current match in the document; keys typed into the editor
// or with Ctrl are left alone.
import { key, mount, text } from '../../helpers/dom.ts';
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

test('A, S and U act on the current row; C opens its editor; Enter on the row shows it in the document', async () => {
  const { m, log, scroller, currentRow } = await list();
  await key(scroller, 'ArrowDown');
  await key(scroller, 'a');
  await key(scroller, 'S');
  await key(scroller, 'u');
  assert.deepEqual(log.actions, [{ type: 'approve', refId: 'm2' }, { type: 'skip', refId: 'm2' }, { type: 'undo', refId: 'm2' }]);
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
