import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cacheKey } from '../../../server/resolver/cache-key.ts';
import { defaultCacheDir, FileCache } from '../../../server/resolver/file-cache.ts';
import type { CachedResolution } from '../../../server/resolver/ports.ts';
import type { StyleDetectionOutcome } from '../../../server/engine/citation-style-hooks.ts';
import { styleKeyOf } from '../../helpers/style-cache-key.ts';

const answer: CachedResolution = { status: 'unmatched', work: null, reasons: [{ code: 'noneAgrees' }] };

test('entries expire after their time to live; corrupt files are misses; keys must be digests', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hl-file-cache-'));
  try {
    let now = 1_000_000;
    const cache = new FileCache(dir, () => now);
    const key = cacheKey('Smith J. A title. 2020.');
    assert.equal(await cache.get(key), null);
    await cache.put(key, answer, 1000);
    assert.deepEqual(await cache.get(key), answer);
    now += 1001;
    assert.equal(await cache.get(key), null, 'expired');
    const other = cacheKey('Other J. Another title. 2021.');
    await cache.put(other, answer, 1000);
    writeFileSync(join(dir, other.slice(0, 2), `${other}.json`), '{not json');
    assert.equal(await cache.get(other), null);
    assert.equal(await cache.get('../../etc/passwd'), null);
    await assert.rejects(cache.put('../../etc/passwd', answer, 1000), /hex digests/);
    assert.ok(readdirSync(dir).every((d) => /^[0-9a-f]{2}$/.test(d)), 'no temp files left');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the cache lives under XDG_CACHE_HOME when it is absolute, else ~/.cache', () => {
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/var/cache/me' }), '/var/cache/me/hyperlinker/resolver');
  assert.match(defaultCacheDir({ XDG_CACHE_HOME: 'relative' }), /\.cache\/hyperlinker\/resolver$/);
  assert.match(defaultCacheDir({}), /\.cache\/hyperlinker\/resolver$/);
});

test('a style outcome is kept under its own key, expires, and is never read as an answer (nor an answer as a style)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hl-file-cache-'));
  try {
    let now = 1_000_000;
    const cache = new FileCache(dir, () => now);
    const list = { entries: [{ text: '[1] Smith J. A title. Nature 2020;1:2.', printedLabel: null }], citeStyle: 'off' };
    const key = await styleKeyOf(list, [null]);
    const outcome: StyleDetectionOutcome = { detectedCslId: 'nature', styleDetection: { family: 'numeric', candidates: [] } };
    await cache.putStyle(key, outcome, 1000);
    assert.deepEqual(await cache.getStyle(key), outcome);
    assert.equal(await cache.get(key), null);
    assert.notEqual(await styleKeyOf(list, [{ id: '', type: 'article-journal', title: 'A title' }]), key, 'the metadata is part of the key');
    const answerKey = cacheKey('Smith J. A title. 2020.');
    await cache.put(answerKey, answer, 1000);
    assert.equal(await cache.getStyle(answerKey), null);
    now += 1001;
    assert.equal(await cache.getStyle(key), null, 'expired');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
