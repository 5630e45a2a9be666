// /org-usage's page: the count and the page of rows asked with the right offset, numbers converted from
// MariaDB's strings, ids as strings and dates in ISO form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgUsagePage } from '../../../../server/http/services/usage.ts';
import { scriptedPool } from '../../../helpers/service-context.ts';

test('page 3 of 20: offset 40, total from the count, each row in the contract shape', async () => {
  const row = { id: 123, api_key_id: 'key-1', key_name: 'CI', key_prefix: 'hlk_abc', user_id: 'user-1', route: '/hyperlink', status: '200', scan_fingerprint: null, link_count: '17', credits_used: '1', request_id: 'req-9', created_at: new Date('2026-07-08T09:10:11Z') };
  const pool = scriptedPool([[{ n: '41' }], [row]]);
  const page = await orgUsagePage(pool, 'org-1', 3, 20);
  assert.equal(page.total, 41);
  assert.equal(page.page, 3);
  assert.equal(page.limit, 20);
  assert.deepEqual(page.usage, [{ id: '123', api_key_id: 'key-1', key_name: 'CI', key_prefix: 'hlk_abc', user_id: 'user-1', route: '/hyperlink', status: 200, scan_fingerprint: null, link_count: 17, credits_used: 1, request_id: 'req-9', created_at: '2026-07-08T09:10:11.000Z' }]);
  const list = pool.queries.find((q) => q.params.includes(20));
  assert.ok(list && list.params.includes(40) && list.params.includes('org-1'), JSON.stringify(pool.queries));
});
