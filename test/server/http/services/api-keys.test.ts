// Creating API keys: the CreateKeyRequest body checked before any database work (a name is required for
// organisation keys, at most 100 characters, trimmed); the stored row as the contract's ApiKey is in contract-views.test.ts. The
// limits and trial credits under the row lock run against MariaDB in test/server/http/routes/api-keys.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseKeyName } from '../../../../server/http/services/api-keys.ts';
import { refusal } from '../../../helpers/service-context.ts';

const cases: Array<{ name: string; body: unknown; required: boolean; expect: string | null | { reason: string } }> = [
  { name: 'no body for a personal key: a generated name', body: undefined, required: false, expect: null },
  { name: 'an empty object for a personal key: a generated name', body: {}, required: false, expect: null },
  { name: 'no body for an organisation key: missing_body', body: null, required: true, expect: { reason: 'missing_body' } },
  { name: 'an empty object for an organisation key: missing_body', body: {}, required: true, expect: { reason: 'missing_body' } },
  { name: 'a name is trimmed', body: { name: '  CI runner ' }, required: true, expect: 'CI runner' },
  { name: 'an empty or null name: a generated one', body: { name: '' }, required: false, expect: null },
  { name: 'a null name', body: { name: null }, required: false, expect: null },
  { name: 'a name of 100 characters is kept', body: { name: 'k'.repeat(100) }, required: false, expect: 'k'.repeat(100) },
  { name: 'a name of 101 characters: name_too_long', body: { name: 'k'.repeat(101) }, required: false, expect: { reason: 'name_too_long' } },
  { name: 'a name that is not a string: invalid_name', body: { name: 7 }, required: false, expect: { reason: 'invalid_name' } },
  { name: 'a body that is not an object: invalid_body', body: ['x'], required: false, expect: { reason: 'invalid_body' } },
];

for (const c of cases) {
  test(`parseKeyName: ${c.name}`, async () => {
    if (c.expect !== null && typeof c.expect === 'object') {
      const r = await refusal(() => parseKeyName(c.body, c.required));
      assert.deepEqual([r.status, r.reason], [400, c.expect.reason]);
    } else {
      assert.equal(parseKeyName(c.body, c.required), c.expect);
    }
  });
}
