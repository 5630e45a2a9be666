import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docsInsightsQuerySchema, orgUsageQuerySchema } from '../../../shared/schemas/queries.ts';

test('integer query parameters: defaults when absent, bounds and digits checked', () => {
  assert.deepEqual(orgUsageQuerySchema.parse({}), { page: 1, limit: 25 });
  assert.deepEqual(orgUsageQuerySchema.parse({ page: '3', limit: '' }), { page: 3, limit: 25 });
  assert.equal(orgUsageQuerySchema.safeParse({ limit: '101' }).success, false);
  assert.equal(orgUsageQuerySchema.safeParse({ page: '1e3' }).success, false);
  assert.equal(orgUsageQuerySchema.safeParse({ page: ['1', '2'] }).success, false);
  assert.deepEqual(docsInsightsQuerySchema.parse({ days: '7' }), { days: 7, limit: 1000 });
  assert.equal(docsInsightsQuerySchema.safeParse({ days: '0' }).success, false);
});
