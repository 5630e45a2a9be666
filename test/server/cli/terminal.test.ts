// What the CLI shows a person: colour only on a terminal without NO_COLOR or TERM=dumb; the progress bar redrawn
// in place on a terminal (done/total, waits for the rate limit, time left) and silent on a pipe or when quiet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourOn, formatDuration, painter, ProgressBar, progressLine, type Screen } from '../../../server/cli/terminal.ts';

function screen(isTTY: boolean): Screen & { text: string } {
  const s = { text: '', isTTY, columns: 100, write(t: string) { s.text += t; return true; } };
  return s;
}

test('colour: a terminal without NO_COLOR or TERM=dumb only', () => {
  assert.equal(colourOn(screen(true), {}), true);
  assert.equal(colourOn(screen(false), {}), false, 'a pipe');
  assert.equal(colourOn(screen(true), { NO_COLOR: '1' }), false);
  assert.equal(colourOn(screen(true), { TERM: 'dumb' }), false);
  assert.equal(painter(true)('red', 'x'), '\x1b[31mx\x1b[39m');
  assert.equal(painter(false)('red', 'x'), 'x');
});

test('durations read as a person says them', () => {
  assert.equal(formatDuration(12_400), '12 s');
  assert.equal(formatDuration(125_000), '2 min 05 s');
  assert.equal(formatDuration(3_725_000), '1 h 02 min');
});

test('the bar names the count, the wait for the rate limit and the time left, within the width', () => {
  const line = progressLine('resolving', { done: 23, total: 59, waiting: 1, leftMs: 12_000 }, 120);
  assert.match(line, /^resolving \[#+-+\] 23\/59 · waiting for the registry's rate limit · about 12 s left$/);
  assert.ok(progressLine('resolving', { done: 23, total: 59, waiting: 1, leftMs: 12_000 }, 40).length < 40);
  assert.doesNotMatch(progressLine('resolving', { done: 59, total: 59, waiting: 0, leftMs: 0 }, 120), /left/);
});

test('on a terminal the bar is redrawn in place, estimates from paid (not cached) steps, and is cleared at the end', () => {
  let now = 0;
  const tty = screen(true);
  const bar = new ProgressBar(tty, 'resolving', { now: () => now, minRedrawMs: 0 });
  now = 1000;
  bar.step(1, 4, false);
  assert.match(tty.text, /\r\x1b\[2Kresolving \[.*\] 1\/4 · about 3 s left$/);
  bar.waiting(1);
  assert.match(tty.text, /waiting for the registry's rate limit/);
  bar.waiting(-1);
  now = 1000;
  bar.step(2, 4, true);
  assert.match(tty.text, /2\/4 · about 2 s left$/, 'a cached answer costs no time in the estimate');
  bar.done();
  assert.ok(tty.text.endsWith('\r\x1b[2K'));
});

test('on a pipe, or quiet, the bar writes nothing', () => {
  for (const [s, quiet] of [[screen(false), false], [screen(true), true]] as const) {
    const bar = new ProgressBar(s, 'resolving', { quiet, minRedrawMs: 0 });
    bar.step(1, 2, false);
    bar.waiting(1);
    bar.done();
    assert.equal(s.text, '');
  }
});
