// The engine account of the current request: set around a call, inherited by its awaits, absent outside.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentEngineAccount, withEngineAccount } from '../../../server/worker/engine-account.ts';

test('inside withEngineAccount (and after its awaits) the account is current; outside it is "none"', async () => {
  assert.equal(currentEngineAccount(), 'none');
  const seen = await withEngineAccount('user:1', async () => {
    await new Promise((r) => setTimeout(r, 5));
    const inner = await withEngineAccount('org:2', async () => currentEngineAccount());
    return [currentEngineAccount(), inner];
  });
  assert.deepEqual(seen, ['user:1', 'org:2']);
  assert.equal(currentEngineAccount(), 'none');
});

test('the request id travels with the account, after awaits too; outside a request it is undefined', async () => {
  const { currentRequestId } = await import('../../../server/worker/engine-account.ts');
  assert.equal(currentRequestId(), undefined);
  const seen = await withEngineAccount('user:1', async () => {
    await new Promise((r) => setTimeout(r, 1));
    return [currentEngineAccount(), currentRequestId()];
  }, 'req-7');
  assert.deepEqual(seen, ['user:1', 'req-7']);
  assert.equal(withEngineAccount('user:1', () => currentRequestId()), undefined);
});
