// Credits: the allowance of a user (individual keys) or an organisation (organisation keys).
// Documents spend them through reservations (reservations.ts): one atomic conditional UPDATE, so
// concurrent requests in any number of processes can never spend more credits than there are.
import { execute, selectRows, type Queryable } from './connection.ts';

export type CreditAccount = { kind: 'user'; id: string } | { kind: 'org'; id: string };

function table(account: CreditAccount): string {
  return account.kind === 'user' ? 'users' : 'organisations';
}

/** The largest balance the credits columns (INT) hold. */
export const MAX_CREDIT_BALANCE = 2_147_483_647;

/** Adds credits unless the balance would pass MAX_CREDIT_BALANCE; false (nothing added) when it would. */
export async function addCredits(db: Queryable, account: CreditAccount, credits: number): Promise<boolean> {
  const result = await execute(db, `UPDATE ${table(account)} SET credits = credits + ? WHERE id = ? AND credits <= ? - ?`, [credits, account.id, MAX_CREDIT_BALANCE, credits]);
  return result.affectedRows === 1;
}

export async function creditBalance(db: Queryable, account: CreditAccount): Promise<number> {
  const rows = await selectRows<{ credits: number }>(db, `SELECT credits FROM ${table(account)} WHERE id = ?`, [account.id]);
  return Number(rows[0]?.credits ?? 0);
}
