// Passwords (scrypt), session tokens and API keys, shared by the service and the CLI. Tokens and keys are
// stored only as sha256 hashes; comparisons are constant time.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { sha256Hex } from '../common/hash.ts';

const SCRYPT_N = 16384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 64;
const API_KEY_PREFIX = 'sk_service_live_';

/**
 * scrypt runs asynchronously on libuv's thread pool, never on the event loop. At most SCRYPT_SLOTS run at
 * once (half the cores), so a burst of sign-ins leaves CPU to the event loop and threads to file work.
 * Waiting checks queue in two lanes: `priority` (a sign-in from an address the account has signed in
 * from before) is always served first and refused only past SCRYPT_PRIORITY_QUEUE, so a flood of
 * sign-ins from forged addresses delays the real owner by about one check instead of refusing them;
 * the other lane is refused with PasswordCheckBusy past SCRYPT_QUEUE waiting, and a check of that lane that
 * waited longer than SCRYPT_MAX_WAIT_MS when its turn comes is refused then (a flood answered 503 within seconds,
 * not queued for a minute: 256 waiting checks took 50–75 s at load 20, and clients gave up without an answer).
 */
const SCRYPT_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
const SCRYPT_QUEUE = 32;
const SCRYPT_PRIORITY_QUEUE = 4096;
const SCRYPT_MAX_WAIT_MS = 5_000;
let scryptRunning = 0;
interface Waiter {
  since: number;
  go(): void;
  refuse(): void;
}
const scryptWaiting: Waiter[] = [];
const scryptPriorityWaiting: Waiter[] = [];

export class PasswordCheckBusy extends Error {
  constructor() {
    super('too many password checks waiting');
    this.name = 'PasswordCheckBusy';
  }
}

/** Checks waiting for a scrypt slot, per lane (for tests and metrics). */
export function scryptQueueDepth(): { priority: number; other: number; running: number } {
  return { priority: scryptPriorityWaiting.length, other: scryptWaiting.length, running: scryptRunning };
}

/** The next waiter to hand a freed slot to: priority first; other-lane waiters past their wait are refused. */
function nextWaiter(): Waiter | undefined {
  const priority = scryptPriorityWaiting.shift();
  if (priority) return priority;
  const now = performance.now();
  for (let w = scryptWaiting.shift(); w; w = scryptWaiting.shift()) {
    if (now - w.since <= SCRYPT_MAX_WAIT_MS) return w;
    w.refuse();
  }
  return undefined;
}

async function inScryptSlot<T>(work: () => Promise<T>, priority: boolean): Promise<T> {
  const lane = priority ? scryptPriorityWaiting : scryptWaiting;
  if (scryptRunning < SCRYPT_SLOTS) scryptRunning += 1;
  else if (lane.length >= (priority ? SCRYPT_PRIORITY_QUEUE : SCRYPT_QUEUE)) throw new PasswordCheckBusy();
  // the slot is handed over as is
  else await new Promise<void>((resolve, reject) => lane.push({ since: performance.now(), go: resolve, refuse: () => reject(new PasswordCheckBusy()) }));
  try {
    return await work();
  } finally {
    const next = nextWaiter();
    if (next) next.go();
    else scryptRunning -= 1;
  }
}

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number, priority = false): Promise<Buffer> {
  return inScryptSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, derived) => (err ? reject(err) : resolve(derived)));
      }),
    priority,
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const derived = await scryptAsync(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P);
  return `scrypt$${SCRYPT_N}$${SCRYPT_R}$${SCRYPT_P}$${salt.toString('base64')}$${derived.toString('base64')}`;
}

/** A hash of a random password: verifying against it costs the same as a real one (no user enumeration by timing). */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(16).toString('hex'));

/** `priority`: the check goes ahead of the others waiting for a slot (a sign-in from a known address). */
export async function verifyPassword(password: string, stored: string, options: { priority?: boolean } = {}): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const derived = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), options.priority ?? false);
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

/** Constant-time equality of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface GeneratedKey {
  key: string;
  prefix: string;
  hash: string;
}

export function newApiKey(): GeneratedKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: sha256Hex(key) };
}
