// Asked before apply when Track Changes is on: three answers, each calling its own handler.
import { button, click, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TrackChangesPrompt } from '../../../addin/components/TrackChangesPrompt.tsx';
import { S } from '../../../addin/strings.ts';

test('the question in words, and each button calls its handler once', async () => {
  const calls: string[] = [];
  const m = await mount(<TrackChangesPrompt onTurnOff={() => calls.push('turnOff')} onAnyway={() => calls.push('anyway')} onCancel={() => calls.push('cancel')} />);
  assert.match(text(m.container), /Track Changes is on/);
  assert.match(text(m.container), /one large revision/);
  await click(button(m.container, S.trackChanges.turnOff));
  await click(button(m.container, S.trackChanges.anyway));
  await click(button(m.container, S.trackChanges.cancel));
  assert.deepEqual(calls, ['turnOff', 'anyway', 'cancel']);
  await m.unmount();
});
