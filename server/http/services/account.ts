// The signed-in user's own account: GET /auth/me and POST /auth/logout.
import type { Pool } from 'mysql2/promise';
import type { AuthMe } from '../../../shared/contract.ts';
import { iso } from '../../db/connection.ts';
import { revokeSession } from '../../db/sessions.ts';
import type { SessionCaller } from '../auth.ts';
import { findOrganisation } from './org-account.ts';

/** Who is signed in: the user (never the password hash), the organisation when there is one, the role in it. */
export async function accountOf(pool: Pool, caller: SessionCaller): Promise<AuthMe> {
  const { user, orgId, role } = caller;
  return {
    user: { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin === 1, plan: user.plan, credits: Number(user.credits), created_at: iso(user.created_at) },
    org: orgId ? await findOrganisation(pool, orgId) : null,
    role,
  };
}

/** Ends the session: its token is refused from now on. */
export async function logout(pool: Pool, sessionId: string): Promise<void> {
  await revokeSession(pool, sessionId);
}
