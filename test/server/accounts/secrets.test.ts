import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, PasswordCheckBusy, scryptQueueDepth, verifyPassword } from '../../../server/accounts/secrets.ts';

/** Checks the other lane holds waiting before PasswordCheckBusy (docs/service.md: "refused past 32 waiting"). */
const OTHER_LANE = 32;

test('password checks queued for the bounded scrypt slots all complete with the right answers', async () => {
  const hashes = await Promise.all(['alpha-1', 'beta-2', 'gamma-3'].map((p) => hashPassword(p)));
  const checks = await Promise.all([
    ...hashes.map((h, i) => verifyPassword(['alpha-1', 'beta-2', 'gamma-3'][i]!, h)),
    ...hashes.map((h) => verifyPassword('wrong', h)),
  ]);
  assert.deepEqual(checks, [true, true, true, false, false, false]);
  assert.equal(await verifyPassword('x', 'not-a-hash'), false);
});

test('a flood of password checks fills the other lane (then PasswordCheckBusy), while a priority check waits about one check, never refused', async () => {
  const hash = await hashPassword('owner-password');
  const order: string[] = [];
  const flood = Array.from({ length: OTHER_LANE + 44 }, (_, i) =>
    verifyPassword(`guess-${i}`, hash).then(
      () => void order.push('flood'),
      (err: unknown) => void order.push(err instanceof PasswordCheckBusy ? 'busy' : 'error'),
    ),
  );
  const depth = scryptQueueDepth();
  assert.ok(depth.other >= OTHER_LANE, `the other lane is full: ${JSON.stringify(depth)}`);
  const owner = verifyPassword('owner-password', hash, { priority: true }).then((ok) => {
    order.push(ok ? 'owner' : 'owner-wrong');
  });
  await Promise.all([...flood, owner]);
  assert.ok(order.includes('busy'), 'past the queue, the flood is refused');
  const ownerAt = order.indexOf('owner');
  const ran = order.filter((o) => o === 'flood').length;
  assert.ok(ownerAt >= 0, `the owner was answered: ${order.slice(0, 10).join(',')}`);
  assert.ok(order.slice(0, ownerAt).filter((o) => o === 'flood').length <= 4, `the owner went ahead of the queued flood (answered after ${ownerAt} of ${ran})`);
});
