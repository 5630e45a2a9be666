// What the CLI shows a person: colour only on a terminal without NO_COLOR or TERM=dumb; the progress bar redrawn
// in place on a terminal (done/total, waits for the rate limit, time left) and silent on a pipe or when quiet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourOn, painter, ProgressBar, type Screen } from '../../../server/cli/terminal.ts';

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

/** The bar as last drawn on a terminal `columns` wide, after `waiting` requests wait and `done` of `total` are done at `now` (ms after the start). */
function drawn(done: number, total: number, opts: { now: number; waiting?: number; columns?: number }): string {
  const tty = { ...screen(true), columns: opts.columns ?? 120 };
  tty.write = (t: string) => { tty.text += t; return true; };
  let now = 0;
  const bar = new ProgressBar(tty, 'resolving', { now: () => now, minRedrawMs: 0 });
  for (let i = 0; i < (opts.waiting ?? 0); i++) bar.waiting(1);
  now = opts.now;
  bar.step(done, total, false);
  return tty.text.slice(tty.text.lastIndexOf('\r\x1b[2K') + 5);
}

test('durations read as a person says them', () => {
  // one of two references done after t: t left
  assert.match(drawn(1, 2, { now: 12_400 }), /about 12 s left$/);
  assert.match(drawn(1, 2, { now: 125_000 }), /about 2 min 05 s left$/);
  assert.match(drawn(1, 2, { now: 3_725_000 }), /about 1 h 02 min left$/);
});

test('the bar names the count, the wait for the rate limit and the time left, within the width', () => {
  // the step cost the registry 1000/3 ms: the 36 left take about 12 s
  const now = 1000 / 3;
  assert.match(drawn(23, 59, { now, waiting: 1 }), /^resolving \[#+-+\] 23\/59 · waiting for the registry's rate limit · about 12 s left$/);
  assert.ok(drawn(23, 59, { now, waiting: 1, columns: 40 }).length < 40);
  assert.doesNotMatch(drawn(59, 59, { now }), /left/);
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
