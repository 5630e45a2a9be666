// The saved review offered when the pane opens: how many decisions and when, Resume and Start over.
import { click, mount, button, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResumeOffer } from '../../../addin/components/ResumeOffer.tsx';
import { snapshotReview } from '../../../addin/review/saved-review.ts';
import { emptyReviewState, reviewReducer } from '../../../addin/review/review-state.ts';
import { packet } from '../fixtures.ts';

test('says how many decisions were saved and when; Resume and Start over call back; busy disables both', async () => {
  let review = reviewReducer(emptyReviewState, { type: 'load', packet: packet() });
  review = reviewReducer(review, { type: 'approve', refId: 'm1' });
  review = reviewReducer(review, { type: 'skip', refId: 'm3' });
  const saved = snapshotReview({ fingerprint: 'f', documentName: 'd', review, resolver: null, works: {} }, new Date('2026-11-27T10:00:00Z'));
  const calls: string[] = [];
  const m = await mount(<ResumeOffer saved={saved} busy={false} onResume={() => calls.push('resume')} onStartOver={() => calls.push('over')} />);
  assert.match(text(m.container), /saved \(2 decisions\)/);
  await click(button(m.container, 'Resume review'));
  await click(button(m.container, 'Start over'));
  assert.deepEqual(calls, ['resume', 'over']);
  await m.unmount();
  const busy = await mount(<ResumeOffer saved={saved} busy onResume={() => calls.push('x')} onStartOver={() => calls.push('x')} />);
  assert.equal(button(busy.container, 'Resume review').disabled, true);
  await busy.unmount();
});
