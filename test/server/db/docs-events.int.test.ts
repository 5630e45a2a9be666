// docs_events on real MariaDB: an event is stored as given; the insights read only the last `days` days
// (by the database clock), newest first, never more than `limit` rows however many are stored, and the
// count covers the same window; the purge deletes only events past the retention, a batch at a time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execute } from '../../../server/db/connection.ts';
import { insertDocsEvent, purgeDocsEventsOlderThan, recentDocsEvents } from '../../../server/db/docs-events.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('docsevents');
const DAY_S = 86_400;

async function ageAll(pathPrefix: string, seconds: number): Promise<void> {
  await execute(db.pool, 'UPDATE docs_events SET created_at = TIMESTAMPADD(SECOND, ?, UTC_TIMESTAMP(3)) WHERE path LIKE ?', [-seconds, `${pathPrefix}%`]);
}

test('an event is stored as given and read back with its time', async () => {
  const detail = JSON.stringify({ query: 'cross-reference', results: 3 });
  await insertDocsEvent(db.pool, { eventType: 'search', sessionHash: 'a'.repeat(64), path: '/docs/api', detailJson: detail });
  await insertDocsEvent(db.pool, { eventType: 'page_view', sessionHash: null, path: '/docs/api', detailJson: '{}' });
  const [newest, older] = await recentDocsEvents(db.pool, 1, 10);
  assert.deepEqual([newest?.event_type, newest?.session_hash, newest?.detail_json], ['page_view', null, '{}'], 'the later insert first');
  assert.deepEqual([older?.event_type, older?.session_hash, older?.detail_json, older?.path], ['search', 'a'.repeat(64), detail, '/docs/api']);
  assert.ok(newest?.created_at instanceof Date && Math.abs(newest.created_at.getTime() - Date.now()) < 60_000, 'stamped now (UTC)');
});

test('only the last `days` days are read, newest first', async () => {
  await execute(db.pool, 'DELETE FROM docs_events');
  for (const [path, ageDays] of [['/w/a', 0.5], ['/w/b', 3.5], ['/w/c', 8], ['/w/d', 40]] as const) {
    await insertDocsEvent(db.pool, { eventType: 'page_view', sessionHash: null, path, detailJson: '{}' });
    await ageAll(path, ageDays * DAY_S);
  }
  assert.deepEqual((await recentDocsEvents(db.pool, 7, 100)).map((e) => e.path), ['/w/a', '/w/b']);
  assert.deepEqual((await recentDocsEvents(db.pool, 30, 100)).map((e) => e.path), ['/w/a', '/w/b', '/w/c']);
  assert.deepEqual((await recentDocsEvents(db.pool, 1, 100)).map((e) => e.path), ['/w/a']);
  assert.equal((await recentDocsEvents(db.pool, 90, 100)).length, 4);
});

test('the read is bounded by its limit, keeping the newest', async () => {
  await execute(db.pool, 'DELETE FROM docs_events');
  const values = Array.from({ length: 300 }, (_, i) => ['feedback', null, `/bulk/${i}`, '{}']);
  await execute(db.pool, 'INSERT INTO docs_events (event_type, session_hash, path, detail_json) VALUES ?', [values]);
  await ageAll('/bulk/', 60); // all of the same time: the newest insert wins the tie
  await insertDocsEvent(db.pool, { eventType: 'feedback', sessionHash: null, path: '/latest', detailJson: '{}' });
  const read = await recentDocsEvents(db.pool, 7, 50);
  assert.equal(read.length, 50);
  assert.deepEqual(read.slice(0, 3).map((e) => e.path), ['/latest', '/bulk/299', '/bulk/298']);
  assert.equal((await recentDocsEvents(db.pool, 7, 1000)).length, 301, 'a larger limit reads them all');
});

test('the purge deletes only events older than the retention, at most a batch per call', async () => {
  await execute(db.pool, 'DELETE FROM docs_events');
  for (const [path, ageDays] of [['/p/keep-new', 0], ['/p/keep-edge', 29.9], ['/p/old-1', 31], ['/p/old-2', 45], ['/p/old-3', 400]] as const) {
    await insertDocsEvent(db.pool, { eventType: 'page_view', sessionHash: null, path, detailJson: '{}' });
    await ageAll(path, ageDays * DAY_S);
  }
  assert.equal(await purgeDocsEventsOlderThan(db.pool, 30, 2), 2, 'a full batch');
  assert.equal(await purgeDocsEventsOlderThan(db.pool, 30, 2), 1, 'the rest: a short batch says none is left');
  assert.equal(await purgeDocsEventsOlderThan(db.pool, 30, 2), 0);
  const left = (await recentDocsEvents(db.pool, 365, 10)).map((r) => r.path).sort();
  assert.deepEqual(left, ['/p/keep-edge', '/p/keep-new']);
});
