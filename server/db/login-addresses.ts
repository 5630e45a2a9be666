// login_addresses: the networks (keyed hashes) each account has signed in from, newest kept, so that
// sign-in throttling can tell the owner's usual address from the rest of the internet.
import { execute, selectRows, type Queryable } from './connection.ts';

/** Addresses remembered per user; the oldest beyond this are forgotten. */
const KNOWN_ADDRESSES_PER_USER = 20;

export async function isKnownAddress(db: Queryable, userId: string, addressHash: string): Promise<boolean> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM login_addresses WHERE user_id = ? AND address_hash = ?', [userId, addressHash]);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Records a successful sign-in from the address and forgets the user's oldest beyond KNOWN_ADDRESSES_PER_USER. */
export async function rememberAddress(db: Queryable, userId: string, addressHash: string): Promise<void> {
  await execute(
    db,
    'INSERT INTO login_addresses (user_id, address_hash, last_success_at) VALUES (?, ?, UTC_TIMESTAMP(3)) ON DUPLICATE KEY UPDATE last_success_at = VALUES(last_success_at)',
    [userId, addressHash],
  );
  const kept = await selectRows<{ last_success_at: Date }>(
    db,
    'SELECT last_success_at FROM login_addresses WHERE user_id = ? ORDER BY last_success_at DESC LIMIT 1 OFFSET ?',
    [userId, KNOWN_ADDRESSES_PER_USER - 1],
  );
  if (kept[0]) await execute(db, 'DELETE FROM login_addresses WHERE user_id = ? AND last_success_at < ?', [userId, kept[0].last_success_at]);
}
