// Credit reservations on real MariaDB: a reservation takes one credit or nothing; it ends exactly once,
// settled (with its usage row and key use, all or nothing) or refunded (the credit back), whichever
// comes first, also when processes race; the sweeper refunds only pending reservations older than its
// threshold by the database clock, and at most its limit of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addCredits, creditBalance, MAX_CREDIT_BALANCE, type CreditAccount } from '../../../server/db/credits.ts';
import {
  refundExpiredReservations, refundReservation, reservationStatus, reserveCredit, settleReservation,
} from '../../../server/db/reservations.ts';
import { backdate, countOf, seedKey, seedOrg, seedUser, usageEvent, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('reserve');

async function payer(credits: number) {
  const userId = await seedUser(db.pool, { credits });
  const apiKeyId = await seedKey(db.pool, userId);
  return { userId, apiKeyId, account: { kind: 'user', id: userId } as CreditAccount };
}

const usageRows = (apiKeyId: string) => countOf(db.pool, 'SELECT COUNT(*) AS n FROM usage_events WHERE api_key_id = ?', [apiKeyId]);
const docsProcessed = (apiKeyId: string) => countOf(db.pool, 'SELECT total_docs_processed AS n FROM api_keys WHERE id = ?', [apiKeyId]);

test('with no credit left a reservation is refused and nothing is recorded', async () => {
  const p = await payer(0);
  assert.equal(await reserveCredit(db.pool, { account: p.account, apiKeyId: p.apiKeyId, route: 'scan', requestId: 'none-left' }), null);
  assert.equal(await creditBalance(db.pool, p.account), 0, 'the balance never goes below zero');
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM credit_reservations WHERE account_id = ?', [p.userId]), 0);
});

test('settling keeps the credit spent and writes the usage row and key use; it happens once', async () => {
  const p = await payer(2);
  const id = await reserveCredit(db.pool, { account: p.account, apiKeyId: p.apiKeyId, route: 'hyperlink', requestId: 'x'.repeat(80) });
  assert.ok(id);
  assert.equal(await reservationStatus(db.pool, id), 'pending');
  assert.equal(await creditBalance(db.pool, p.account), 1);
  assert.equal(await countOf(db.pool, 'SELECT CHAR_LENGTH(request_id) AS n FROM credit_reservations WHERE id = ?', [id]), 64, 'a long request id is cut to its column');
  assert.equal(await settleReservation(db.pool, id, usageEvent(p)), true);
  assert.equal(await settleReservation(db.pool, id, usageEvent(p)), false, 'a second settle charges nothing more');
  assert.equal(await refundReservation(db.pool, id), false, 'a settled reservation is not refunded');
  assert.equal(await reservationStatus(db.pool, id), 'settled');
  assert.equal(await creditBalance(db.pool, p.account), 1);
  assert.equal(await usageRows(p.apiKeyId), 1);
  assert.equal(await docsProcessed(p.apiKeyId), 1);
});

test('a refunded reservation gives its credit back once and can no longer be settled', async () => {
  const orgOwner = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId: orgOwner, role: 'owner' });
  await db.pool.query('UPDATE organisations SET credits = 1 WHERE id = ?', [orgId]);
  const apiKeyId = await seedKey(db.pool, orgOwner, orgId);
  const account: CreditAccount = { kind: 'org', id: orgId };
  const id = await reserveCredit(db.pool, { account, apiKeyId, route: 'hyperlink', requestId: 'org-doc' });
  assert.ok(id);
  assert.equal(await creditBalance(db.pool, account), 0);
  assert.equal(await refundReservation(db.pool, id), true);
  assert.equal(await refundReservation(db.pool, id), false);
  assert.equal(await creditBalance(db.pool, account), 1, 'the organisation, not the member, gets the credit back');
  assert.equal(await settleReservation(db.pool, id, usageEvent({ apiKeyId, userId: orgOwner, orgId })), false);
  assert.equal(await usageRows(apiKeyId), 0, 'no usage row for a refunded document');
  assert.equal(await docsProcessed(apiKeyId), 0);
  assert.equal(await refundReservation(db.pool, '00000000-0000-0000-0000-000000000000'), false, 'an unknown id refunds nothing');
});

test('when recording the usage fails, the settle changes nothing: the reservation stays pending', async () => {
  const p = await payer(1);
  const id = await reserveCredit(db.pool, { account: p.account, apiKeyId: p.apiKeyId, route: 'hyperlink', requestId: 'bad-usage' });
  assert.ok(id);
  // A route longer than usage_events.route (VARCHAR(40)) makes the INSERT fail in strict mode.
  await assert.rejects(settleReservation(db.pool, id, usageEvent(p, { route: 'r'.repeat(41) })));
  assert.equal(await reservationStatus(db.pool, id), 'pending');
  assert.equal(await docsProcessed(p.apiKeyId), 0, 'the key use was rolled back with it');
  assert.equal(await refundReservation(db.pool, id), true, 'and it can still be refunded');
  assert.equal(await creditBalance(db.pool, p.account), 1);
});

test('two processes reserving, settling and refunding at once: no overspend, each reservation ends once', async () => {
  const other = await db.otherPool();
  const p = await payer(6);
  const pools = [db.pool, other];
  const ids = (await Promise.all(Array.from({ length: 10 }, (_, i) =>
    reserveCredit(pools[i % 2]!, { account: p.account, apiKeyId: p.apiKeyId, route: 'hyperlink', requestId: `race-${i}` }))))
    .filter((id): id is string => id !== null);
  assert.equal(ids.length, 6, 'six credits, six reservations');
  assert.equal(await creditBalance(db.pool, p.account), 0);
  // Each reservation is settled by one process while the other refunds it.
  const outcomes = await Promise.all(ids.map(async (id, i) => {
    const [settled, refunded] = await Promise.all([settleReservation(pools[i % 2]!, id, usageEvent(p)), refundReservation(pools[(i + 1) % 2]!, id)]);
    return { settled, refunded };
  }));
  for (const o of outcomes) assert.equal(Number(o.settled) + Number(o.refunded), 1, 'exactly one of settle and refund wins');
  const settledCount = outcomes.filter((o) => o.settled).length;
  assert.equal(await usageRows(p.apiKeyId), settledCount);
  assert.equal(await creditBalance(db.pool, p.account), 6 - settledCount, 'every refund came back, every settle stayed spent');
});

test('the sweeper refunds only pending reservations older than its threshold, at most its limit', async () => {
  const p = await payer(5);
  const reserve = async (requestId: string) => (await reserveCredit(db.pool, { account: p.account, apiKeyId: p.apiKeyId, route: 'scan', requestId }))!;
  const [oldA, oldB, oldC, oldSettled, fresh] = [await reserve('old-a'), await reserve('old-b'), await reserve('old-c'), await reserve('old-settled'), await reserve('fresh')];
  await settleReservation(db.pool, oldSettled, usageEvent(p));
  for (const [id, ageMs] of [[oldA, 600_000], [oldB, 500_000], [oldC, 400_000], [oldSettled, 600_000]] as const) {
    await backdate(db.pool, 'credit_reservations', 'created_at', { column: 'id', value: id }, ageMs);
  }
  // Only this account's rows are old enough: the other tests' reservations are seconds old.
  assert.equal(await refundExpiredReservations(db.pool, 300_000, 2), 2, 'the limit holds');
  assert.deepEqual([await reservationStatus(db.pool, oldA), await reservationStatus(db.pool, oldB)], ['refunded', 'refunded'], 'oldest first');
  assert.equal(await refundExpiredReservations(db.pool, 300_000), 1);
  assert.equal(await reservationStatus(db.pool, oldC), 'refunded');
  assert.equal(await reservationStatus(db.pool, oldSettled), 'settled', 'a settled reservation is never refunded');
  assert.equal(await reservationStatus(db.pool, fresh), 'pending', 'a young reservation is left to its request');
  assert.equal(await creditBalance(db.pool, p.account), 3);
});

test('a refund onto a balance filled to the maximum meanwhile still ends the reservation', async () => {
  const p = await payer(MAX_CREDIT_BALANCE);
  const id = await reserveCredit(db.pool, { account: p.account, apiKeyId: p.apiKeyId, route: 'hyperlink', requestId: 'full' });
  assert.ok(id);
  assert.equal(await addCredits(db.pool, p.account, 1), true, 'a purchase completed while the document ran');
  // Before the fix: "Out of range value for column 'credits'", every time, so the reservation stayed pending.
  assert.equal(await refundReservation(db.pool, id), true);
  assert.equal(await reservationStatus(db.pool, id), 'refunded');
  assert.equal(await creditBalance(db.pool, p.account), MAX_CREDIT_BALANCE);
});
