// Asked before apply when Track Changes is on: each link as a tracked change (where the host can), off for
// the apply, one revision, or cancel; and why tracked changes are not offered when they cannot be made.
import { button, buttons, click, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TrackChangesPrompt } from '../../../addin/components/TrackChangesPrompt.tsx';
import { S } from '../../../addin/strings.ts';

test('the question in words, and each answer reaches the pane once', async () => {
  const calls: string[] = [];
  const m = await mount(<TrackChangesPrompt canTrack untrackable={null} onAnswer={(a) => calls.push(a)} onCancel={() => calls.push('cancel')} />);
  assert.match(text(m.container), /Track Changes is on/);
  assert.match(text(m.container), /each link a tracked change of its own/);
  assert.equal(m.container.querySelector('[data-testid="track-changes-why"]'), null);
  await click(button(m.container, S.trackChanges.tracked));
  await click(button(m.container, S.trackChanges.turnOff));
  await click(button(m.container, S.trackChanges.anyway));
  await click(button(m.container, S.trackChanges.cancel));
  assert.deepEqual(calls, ['tracked', 'turn-off', 'one-revision', 'cancel']);
  await m.unmount();
});

test('tracked changes are not offered where the host cannot make them, nor for an apply that is more than links: it says why', async () => {
  const host = await mount(<TrackChangesPrompt canTrack={false} untrackable={null} onAnswer={() => undefined} onCancel={() => undefined} />);
  assert.equal(buttons(host.container, S.trackChanges.tracked).length, 0);
  assert.match(text(host.container), /one large revision/);
  assert.equal(text(host.container.querySelector('[data-testid="track-changes-why"]')!), S.trackChanges.hostCannot);
  await host.unmount();
  const more = await mount(<TrackChangesPrompt canTrack untrackable={{ changedParagraphs: 12, linksElsewhere: 1 }} onAnswer={() => undefined} onCancel={() => undefined} />);
  assert.equal(buttons(more.container, S.trackChanges.tracked).length, 0);
  assert.equal(
    text(more.container.querySelector('[data-testid="track-changes-why"]')!),
    'This apply cannot be made as tracked changes: it changes the text of 12 paragraphs (a bibliography rewrite, DOIs added to references), it links 1 mention in a note, header, footer or text box. Turn Track Changes off for the apply, or apply as one revision.',
  );
  await more.unmount();
});
