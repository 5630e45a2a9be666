import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, verifyPassword } from '../../../server/accounts/secrets.ts';

test('password checks queued for the bounded scrypt slots all complete with the right answers', async () => {
  const hashes = await Promise.all(['alpha-1', 'beta-2', 'gamma-3'].map((p) => hashPassword(p)));
  const checks = await Promise.all([
    ...hashes.map((h, i) => verifyPassword(['alpha-1', 'beta-2', 'gamma-3'][i]!, h)),
    ...hashes.map((h) => verifyPassword('wrong', h)),
  ]);
  assert.deepEqual(checks, [true, true, true, false, false, false]);
  assert.equal(await verifyPassword('x', 'not-a-hash'), false);
});
