// sanitiseText: bounded, linear work on hostile input (issue 11, item 1) and the masking it promises.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sanitiseDocsEvent, sanitiseText } from '../../../../server/http/services/docs-events.ts';

function timed<T>(fn: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

describe('sanitiseText on hostile input', () => {
  // Before the fix the e-mail pattern took 28 s on 200,000 characters without @ or white space.
  // The issue asks for < 100 ms; the bound here has slack for a loaded machine (bench:abuse measures it).
  for (const [name, text] of [
    ['no @, no space', 'a'.repeat(1_000_000)],
    ['@ everywhere', 'a@'.repeat(500_000)],
    ['dots and @', 'a@a.'.repeat(250_000)],
    ['long digits', '9'.repeat(1_000_000)],
    ['long token chars', 'x-'.repeat(500_000)],
    ['spaces', 'a '.repeat(500_000)],
  ] as const) {
    test(`1 MB of ${name} is sanitised at once`, () => {
      const { value, ms } = timed(() => sanitiseText(text));
      assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
      assert.ok(value.length <= 120);
    });
  }

  test('a whole 1 MB search event is sanitised at once', () => {
    const { value, ms } = timed(() => sanitiseDocsEvent({ event_type: 'search', path: '/docs', query: 'b'.repeat(1_000_000), result_count: 1 }));
    assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
    assert.ok(String(value.detail.query).length <= 120);
  });
});

describe('sanitiseText masking', () => {
  test('addresses, keys, tokens and long numbers are masked; white space collapsed', () => {
    assert.equal(sanitiseText('Mail me at a@b.co\tplease'), 'Mail me at [email] please');
    assert.equal(sanitiseText('key sk_service_live_abcdef here'), 'key [key] here');
    assert.equal(sanitiseText(`Bearer ${'A'.repeat(40)} x`), '[token] x');
    assert.equal(sanitiseText(`t ${'b'.repeat(32)}`), 't [token]');
    assert.equal(sanitiseText('order 1234567 ok 12345'), 'order [number] ok 12345');
    assert.equal(sanitiseText('a\u0000b'), 'a b');
  });

  test('an address (or half of one) is never stored, wherever the cut falls', () => {
    for (let pad = 900; pad <= 1010; pad += 7) {
      const text = `${'x '.repeat(pad / 2)}alice.smith@example.org trailing`;
      const out = sanitiseText(text);
      assert.ok(!out.includes('alice') && !out.includes('example'), out);
    }
    // Masked text is shorter, so what follows many addresses is looked at too; still no address leaks.
    const many = `${'u@v.w '.repeat(150)}bob@example.org`;
    assert.ok(!sanitiseText(many).includes('bob'));
  });

  test('output is cut to 120 characters', () => {
    assert.equal(sanitiseText('word '.repeat(100)).length, 120);
  });
});
