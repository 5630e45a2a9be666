// recordDocsEvent's sanitising, read from the row it stores (a scripted pool records the INSERT; the SQL
// itself runs against MariaDB in test/server/db/docs-events.int.test.ts): bounded, linear work on hostile
// input (issue 11, item 1) and the masking it promises. Texts are sent as a playground response's error
// (stored as given, masked) or a search's query (lower-cased first).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { recordDocsEvent } from '../../../../server/http/services/docs-events.ts';
import { scriptedPool } from '../../../helpers/service-context.ts';

interface StoredEvent {
  eventType: unknown;
  sessionHash: unknown;
  path: unknown;
  detail: Record<string, string | number>;
}

/** Records body and returns the row recordDocsEvent inserted. */
async function stored(body: unknown): Promise<StoredEvent> {
  const pool = scriptedPool([{ affectedRows: 1 }]);
  await recordDocsEvent(pool, body);
  assert.equal(pool.queries.length, 1);
  assert.match(pool.queries[0]!.sql, /^INSERT INTO docs_events/);
  const [eventType, sessionHash, path, detailJson] = pool.queries[0]!.params;
  return { eventType, sessionHash, path, detail: JSON.parse(String(detailJson)) as Record<string, string | number> };
}

/** The text as stored when it is sent as a playground response's error. */
async function storedText(text: string): Promise<string> {
  const event = await stored({ event_type: 'playground_response', path: '/docs/playground', status: 500, error: text });
  return String(event.detail.error);
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

describe('sanitising hostile input', () => {
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
    test(`1 MB of ${name} is sanitised at once`, async () => {
      const { value, ms } = await timed(() => storedText(text));
      assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
      assert.ok(value.length <= 120);
    });
  }

  test('a whole 1 MB search event is sanitised at once', async () => {
    const { value, ms } = await timed(() => stored({ event_type: 'search', path: '/docs', query: 'b'.repeat(1_000_000), result_count: 1 }));
    assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
    assert.ok(String(value.detail.query).length <= 120);
  });
});

describe('masking', () => {
  test('addresses, keys, tokens and long numbers are masked; white space collapsed', async () => {
    assert.equal(await storedText('Mail me at a@b.co\tplease'), 'Mail me at [email] please');
    assert.equal(await storedText('key sk_service_live_abcdef here'), 'key [key] here');
    assert.equal(await storedText(`Bearer ${'A'.repeat(40)} x`), '[token] x');
    assert.equal(await storedText(`t ${'b'.repeat(32)}`), 't [token]');
    assert.equal(await storedText('order 1234567 ok 12345'), 'order [number] ok 12345');
    assert.equal(await storedText('a\u0000b'), 'a b');
  });

  test('an address (or half of one) is never stored, wherever the cut falls', async () => {
    for (let pad = 900; pad <= 1010; pad += 7) {
      const text = `${'x '.repeat(pad / 2)}alice.smith@example.org trailing`;
      const out = await storedText(text);
      assert.ok(!out.includes('alice') && !out.includes('example'), out);
    }
    // Masked text is shorter, so what follows many addresses is looked at too; still no address leaks.
    const many = `${'u@v.w '.repeat(150)}bob@example.org`;
    assert.ok(!(await storedText(many)).includes('bob'));
  });

  test('output is cut to 120 characters', async () => {
    assert.equal((await storedText('word '.repeat(100))).length, 120);
  });

  test('a search is lower-cased before it is masked; a path loses its query string', async () => {
    const event = await stored({ event_type: 'search', path: '/docs/api?key=sk_live_x#top', query: 'Ask ME@Example.org', result_count: 0 });
    assert.deepEqual(event, { eventType: 'search', sessionHash: null, path: '/docs/api', detail: { query: 'ask [email]', result_count: 0 } });
  });
});
