// The review: counts in words, needs-attention shown first, filters and search, bulk approval of what is
// ready, and Apply with the number of links it will write. Driven through the real review reducer.
import { button, buttons, click, control, mount, text, type } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useReducer } from 'react';
import { ReviewPanel } from '../../../addin/components/ReviewPanel.tsx';
import { emptyReviewState, reviewReducer, type ReviewState } from '../../../addin/review/review-state.ts';
import { S } from '../../../addin/strings.ts';
import { packet } from '../fixtures.ts';

function Panel({ initial, busy = false, onApply }: { initial: ReviewState; busy?: boolean; onApply: () => void }) {
  const [state, dispatch] = useReducer(reviewReducer, initial);
  return <ReviewPanel state={state} dispatch={dispatch} onSelect={() => undefined} onApply={onApply} busy={busy} current={null} setCurrent={() => undefined} />;
}

const loaded = () => reviewReducer(emptyReviewState, { type: 'load', packet: packet() });
const summary = (root: Element) => text(root.querySelector('[data-testid="review-summary"]')!);
const shown = (root: Element) => text(root.querySelector('[data-testid="shown-count"]')!);
const rows = (root: Element) => [...root.querySelectorAll('[role="listitem"]')].map((r) => r.getAttribute('data-refid'));

async function choose(root: Element, testId: string, option: string): Promise<void> {
  await click(root.querySelector(`[data-testid="${testId}"]`)!);
  const o = [...document.querySelectorAll('[role="option"]')].find((x) => text(x) === option);
  if (!o) throw new Error(`no option ${option}`);
  await click(o);
}

test('the summary in words; what needs attention is shown first, with the count of what is hidden', async () => {
  const m = await mount(<Panel initial={loaded()} onApply={() => undefined} />);
  assert.match(summary(m.container), /7 matches · 4 need attention · 0 reviewed · 0 to link/);
  assert.equal(shown(m.container), '4 of 7 shown');
  assert.deepEqual(rows(m.container), ['m2', 'm3', 'm5', 'm7']);
  await choose(m.container, 'status-filter', S.review.status.all!);
  assert.equal(shown(m.container), '7 shown');
  await m.unmount();
});

test('Approve all ready approves the ready matches; Apply names the links it will write and calls onApply', async () => {
  let applies = 0;
  const m = await mount(<Panel initial={loaded()} onApply={() => applies++} />);
  assert.equal(button(m.container, 'Apply 0 links').disabled, true, 'nothing to apply yet');
  await click(button(m.container, 'Approve all ready (3)'));
  assert.match(summary(m.container), /3 reviewed · 3 to link/);
  assert.equal(button(m.container, 'Approve all ready (0)').disabled, true);
  await click(button(m.container, 'Apply 3 links'));
  assert.equal(applies, 1);
  await m.unmount();
});

test('while a step runs, neither bulk approval nor Apply can be pressed', async () => {
  const decided = reviewReducer(loaded(), { type: 'approve', refId: 'm1' });
  const m = await mount(<Panel initial={decided} busy onApply={() => undefined} />);
  assert.equal(button(m.container, 'Apply 1 link').disabled, true);
  assert.equal(button(m.container, 'Approve all ready (2)').disabled, true);
  await m.unmount();
});

test('search and the kind filter narrow the list; approving the ready ones shown approves only those', async () => {
  const m = await mount(<Panel initial={loaded()} onApply={() => undefined} />);
  await choose(m.container, 'status-filter', S.review.status.all!);
  await choose(m.container, 'kind-filter', 'Figures');
  assert.deepEqual(rows(m.container), ['m5', 'm4']);
  await click(button(m.container, 'Approve 1 ready shown'));
  assert.match(summary(m.container), /1 reviewed · 1 to link/);
  await choose(m.container, 'kind-filter', S.review.allKinds);
  await type(control(m.container, S.review.search), 'm7');
  assert.deepEqual(rows(m.container), ['m7']);
  assert.equal(shown(m.container), '1 of 7 shown');
  await type(control(m.container, S.review.search), 'no such text');
  assert.match(text(m.container), new RegExp(S.review.noneShown));
  await m.unmount();
});

test('no match at all is said in words; a refused bulk action is shown under the summary', async () => {
  const empty = await mount(<Panel initial={emptyReviewState} onApply={() => undefined} />);
  assert.equal(text(empty.container), S.review.none);
  assert.equal(buttons(empty.container, /^Apply/).length, 0);
  await empty.unmount();
  const refused: ReviewState = { ...loaded(), error: { refId: null, message: 'Unknown match x.' } };
  const m = await mount(<Panel initial={refused} onApply={() => undefined} />);
  assert.match(summary(m.container), /Unknown match x\./);
  await m.unmount();
});

test('the languages the manuscript was read in, by name, under the summary', async () => {
  const languagesLine = async (languages: Parameters<typeof ReviewPanel>[0]['languages']) => {
    const m = await mount(<ReviewPanel state={loaded()} dispatch={() => undefined} onSelect={() => undefined} onApply={() => undefined} busy={false} current={null} setCurrent={() => undefined} languages={languages} />);
    const line = m.container.querySelector('[data-testid="review-languages"]');
    const out = line ? text(line) : null;
    await m.unmount();
    return out;
  };
  assert.equal(await languagesLine({ read: ['pt', 'en'], declared: ['en'], written: ['pt'], basis: 'detected' }), 'Read in Portuguese, English');
  assert.equal(await languagesLine({ read: ['de', 'en'], declared: [], written: [], basis: 'pinned' }), 'Read in German, English (chosen in Settings)');
  assert.equal(await languagesLine({ read: ['pt', 'es', 'en'], declared: [], written: [], basis: 'undetermined' }), S.review.languages([], 'undetermined'));
  assert.equal(await languagesLine(undefined), null, 'an older service sends none: nothing is said');
});
