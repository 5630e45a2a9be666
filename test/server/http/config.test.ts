// Configuration: TRUST_PROXY (hops or named proxies, never "any"), HOST and the abuse bounds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../../server/http/config.ts';

test('TRUST_PROXY: off, hop counts or named proxies', () => {
  const trust = (value: string | undefined) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
  assert.equal(trust(undefined), false);
  assert.equal(trust('false'), false);
  assert.equal(trust('0'), false);
  assert.equal(trust('true'), 1, 'true trusts one hop, never every address');
  assert.equal(trust('2'), 2);
  assert.deepEqual(trust('loopback, 10.0.0.0/8 ,fd00::1'), ['loopback', '10.0.0.0/8', 'fd00::1']);
  assert.throws(() => trust('yes please'), /TRUST_PROXY/);
});

test('HOST defaults to every interface; limits have defaults and are configurable', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.host, '');
  assert.equal(defaults.maxMatchesPerDocument, 25_000);
  assert.ok(defaults.requestTimeoutMs >= 210_000, 'a 25 MB upload at 1 Mbit/s fits');
  assert.ok(defaults.headersTimeoutMs <= 30_000 && defaults.uploadIdleTimeoutMs <= 60_000);
  const set = loadConfig({ HOST: '127.0.0.1', MAX_MATCHES_PER_DOCUMENT: '10', ENGINE_QUEUE_MAX: '0', ENGINE_HEAP_MB: '256' });
  assert.equal(set.host, '127.0.0.1');
  assert.equal(set.maxMatchesPerDocument, 10);
  assert.equal(set.engineQueueMax, 0);
  assert.equal(set.engineHeapMb, 256);
  assert.deepEqual([defaults.engineAccountThreads, defaults.freeScanRateLimitPerMinute], [null, 30]);
  const shares = loadConfig({ ENGINE_ACCOUNT_THREADS: '3', FREE_SCAN_RATE_LIMIT_PER_MINUTE: '5' });
  assert.deepEqual([shares.engineAccountThreads, shares.freeScanRateLimitPerMinute], [3, 5]);
  assert.throws(() => loadConfig({ ENGINE_ACCOUNT_THREADS: '0' }), /ENGINE_ACCOUNT_THREADS/);
});
