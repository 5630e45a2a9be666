// The service's housekeeping as started by startService on real MariaDB: a documentation event past the
// retention and a session that ended long ago are gone soon after start; recent ones stay.
// (The rounds themselves: test/server/http/services/housekeeping.test.ts; the purges: test/server/db/.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execute } from '../../../server/db/connection.ts';
import { insertDocsEvent } from '../../../server/db/docs-events.ts';
import { insertSession } from '../../../server/db/sessions.ts';
import { loadConfig } from '../../../server/http/config.ts';
import { startService } from '../../../server/http/server.ts';
import { countOf, seedUser, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('housekeeping');
const DAY = 86_400_000;

test('a started service deletes old documentation events and long-ended sessions, and keeps recent ones', async () => {
  for (const [path, ageDays] of [['/old', 40], ['/recent', 2]] as const) {
    await insertDocsEvent(db.pool, { eventType: 'page_view', sessionHash: null, path, detailJson: '{}' });
    await execute(db.pool, 'UPDATE docs_events SET created_at = UTC_TIMESTAMP(3) - INTERVAL ? DAY WHERE path = ?', [ageDays, path]);
  }
  const userId = await seedUser(db.pool);
  const ended = await insertSession(db.pool, userId, 'a'.repeat(64), new Date(Date.now() - 30 * DAY));
  const live = await insertSession(db.pool, userId, 'b'.repeat(64), new Date(Date.now() + DAY));
  const service = await startService(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, TOKEN_SECRET: 'housekeeping-test', DOCS_EVENTS_RETENTION_DAYS: '30', RESOLVER_ENABLED: 'false' }));
  try {
    const left = async () => ({
      old: await countOf(db.pool, 'SELECT COUNT(*) AS n FROM docs_events WHERE path = ?', ['/old']),
      ended: await countOf(db.pool, 'SELECT COUNT(*) AS n FROM sessions WHERE id = ?', [ended]),
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const now = await left();
      if (now.old === 0 && now.ended === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(await left(), { old: 0, ended: 0 }, 'purged at start');
    assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM docs_events WHERE path = ?', ['/recent']), 1);
    assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM sessions WHERE id = ?', [live]), 1);
  } finally {
    await service.close();
  }
});
