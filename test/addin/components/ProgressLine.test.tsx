// What the pane is doing, in words, with a bar and Cancel while a step can still be cancelled.
import { button, buttons, click, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProgressLine } from '../../../addin/components/ProgressLine.tsx';
import { S } from '../../../addin/strings.ts';

test('the step in words, announced politely, with a bar whose value follows the slices read', async () => {
  const m = await mount(<ProgressLine progress={{ phase: 'exporting', done: 1, total: 4 }} onCancel={() => undefined} />);
  const status = m.container.querySelector('[role="status"]')!;
  assert.equal(status.getAttribute('aria-live'), 'polite');
  assert.match(text(status), /Reading the document…/);
  const bar = m.container.querySelector('[role="progressbar"]')!;
  assert.equal(bar.getAttribute('aria-label'), S.phase.exporting);
  assert.equal(bar.getAttribute('aria-valuenow'), '0.25');
  await m.rerender(<ProgressLine progress={{ phase: 'scanning' }} onCancel={() => undefined} />);
  assert.equal(m.container.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow'), null, 'no known size: an indeterminate bar');
  await m.unmount();
});

test('Cancel is offered while the service is still working and calls onCancel; not once Word is being changed', async () => {
  let cancelled = 0;
  const m = await mount(<ProgressLine progress={{ phase: 'resolving', done: 3, total: 10 }} onCancel={() => cancelled++} />);
  await click(button(m.container, S.phase.cancel));
  assert.equal(cancelled, 1);
  for (const phase of ['replacing', 'verifying', 'restoring'] as const) {
    await m.rerender(<ProgressLine progress={{ phase }} onCancel={() => cancelled++} />);
    assert.equal(buttons(m.container, S.phase.cancel).length, 0, phase);
    assert.match(text(m.container), new RegExp(S.phase[phase].slice(0, 20)));
  }
  await m.unmount();
});

test('idle, review and done show no progress line', async () => {
  for (const phase of ['idle', 'review', 'done'] as const) {
    const m = await mount(<ProgressLine progress={{ phase }} onCancel={() => undefined} />);
    assert.equal(m.container.innerHTML, '', phase);
    await m.unmount();
  }
});
