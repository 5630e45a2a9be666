// Authentication: API keys on document routes, session tokens on account routes.
import type { NextFunction, Request, Response } from 'express';
import { findKeyForAuth } from '../db/api-keys.ts';
import type { CreditAccount } from '../db/credits.ts';
import { findMembership, type Role } from '../db/organisations.ts';
import { findLiveSession } from '../db/sessions.ts';
import { findUserById, type Plan, type UserRow } from '../db/users.ts';
import type { AppContext } from './context.ts';
import { HttpError, forbidden, managerRequired, orgRequired, unauthorized } from './errors.ts';
import { digestsEqual } from '../accounts/secrets.ts';
import { sha256Hex } from '../common/hash.ts';
import { credentialFrom } from './credentials.ts';

export interface KeyCaller {
  keyId: string;
  keyPrefix: string;
  userId: string;
  orgId: string | null;
  plan: Plan;
  account: CreditAccount;
  /** What scan tokens bind: the organisation for organisation keys, else the user. */
  tokenSubject: string;
}

export interface SessionCaller {
  sessionId: string;
  user: UserRow;
  orgId: string | null;
  role: Role | null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId?: string;
      keyCaller?: KeyCaller;
      sessionCaller?: SessionCaller;
    }
  }
}

const missingHeader = (): HttpError => new HttpError(401, 'Missing authorization header', 'missing_authorization');

export function requireApiKey(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization;
    if (!header) throw missingHeader();
    const key = credentialFrom(header);
    if (!key) throw missingHeader();
    const hash = sha256Hex(key);
    const row = await findKeyForAuth(ctx.pool, hash);
    if (!row || !digestsEqual(row.key_hash, hash) || !row.is_active) throw unauthorized('Invalid API key', 'invalid_api_key');
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw unauthorized('API key expired', 'api_key_expired');
    // An organisation key whose creator has left the organisation was revoked when they left
    // (services/members.ts); a key orphaned some other way is refused all the same.
    if (row.org_id && Number(row.creator_is_member) !== 1) throw unauthorized('API key revoked', 'api_key_revoked');
    // Switching a user's API access off stops the keys already issued, not only new ones. Organisation
    // keys belong to the organisation and stay usable.
    if (!row.org_id && Number(row.user_api_access) === 0) throw forbidden('API access is not enabled for this account', 'api_access_disabled');
    req.keyCaller = {
      keyId: row.id,
      keyPrefix: row.key_prefix,
      userId: row.user_id,
      orgId: row.org_id,
      plan: row.org_id ? (row.org_plan ?? 'free') : row.user_plan,
      account: row.org_id ? { kind: 'org', id: row.org_id } : { kind: 'user', id: row.user_id },
      tokenSubject: row.org_id ? `org:${row.org_id}` : `user:${row.user_id}`,
    };
    next();
  };
}

export function requireSession(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const header = req.headers.authorization;
    if (!header) throw missingHeader();
    const token = credentialFrom(header);
    if (!token) throw missingHeader();
    const hash = sha256Hex(token);
    const session = await findLiveSession(ctx.pool, hash);
    if (!session || !digestsEqual(session.token_hash, hash)) throw unauthorized();
    const [user, membership] = await Promise.all([findUserById(ctx.pool, session.user_id), findMembership(ctx.pool, session.user_id)]);
    if (!user) throw unauthorized();
    req.sessionCaller = { sessionId: session.id, user, orgId: membership?.org_id ?? null, role: membership?.role ?? null };
    next();
  };
}

export function keyCallerOf(req: Request): KeyCaller {
  if (!req.keyCaller) throw unauthorized();
  return req.keyCaller;
}

export function sessionOf(req: Request): SessionCaller {
  if (!req.sessionCaller) throw unauthorized();
  return req.sessionCaller;
}

export interface OrgCaller extends SessionCaller {
  orgId: string;
  role: Role;
}

/** The session caller's organisation; 403 when the caller belongs to none. */
export function orgCallerOf(req: Request): OrgCaller {
  const caller = sessionOf(req);
  if (!caller.orgId || !caller.role) throw orgRequired();
  return caller as OrgCaller;
}

export function managerOf(req: Request): OrgCaller {
  const caller = orgCallerOf(req);
  if (caller.role !== 'owner' && caller.role !== 'manager') throw managerRequired();
  return caller;
}
