// Probe: a password-guessing burst on POST /auth/login (issue 11, item 8): 200 wrong passwords for one
// account, 8 at a time, while /healthz is polled. Figures: 401s before throttling, 429s, time to the
// first 429 and its Retry-After; first, the answer time of a wrong password for a known e-mail and for
// an unknown one (the same scrypt work, so alike), and health while scrypt runs (off the event loop).
import { send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const ATTEMPTS = 200;
const CONCURRENCY = 8;
const ACCOUNT = 'abuse@example.org';
/** LOGIN_RATE_LIMIT_PER_MINUTE of the bench service (bench/abuse.ts). */
export const LOGIN_LIMIT_PER_ACCOUNT = 10;
const WINDOW_MS = 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export const loginBurstProbe: Probe = {
  name: 'login-burst',
  about: `${ATTEMPTS} wrong passwords for one account on POST /auth/login, ${CONCURRENCY} at a time`,
  async run({ service, health, deadlineMs }) {
    const tally = new Tally();
    const login = (email: string, password: string) =>
      send(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), timeoutMs: deadlineMs / 2 });

    // Known e-mail vs unknown e-mail, alternating, before the account's budget runs out.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const k = await login(ACCOUNT, `wrong-${i}`);
      const u = await login(`nobody-${i}@example.org`, `wrong-${i}`);
      tally.add(k.status);
      tally.add(u.status);
      if (k.status === 401) known.push(k.ms);
      if (u.status === 401) unknown.push(u.ms);
    }

    health.start();
    const started = performance.now();
    let next = 0;
    let firstLimitedMs: number | null = null;
    let firstLimitedAt: number | null = null;
    let retryAfter = '';
    let unthrottled = 0;
    const worker = async (): Promise<void> => {
      while (next < ATTEMPTS && performance.now() - started < deadlineMs) {
        const n = next++;
        const a = await login(ACCOUNT, `guess-${n}`);
        tally.add(a.status);
        if (a.status === 401) unthrottled += 1;
        if (a.status === 429 && firstLimitedMs === null) {
          firstLimitedMs = performance.now() - started;
          firstLimitedAt = n + 1;
          retryAfter = String(a.headers['retry-after'] ?? 'missing');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const burstMs = performance.now() - started;
    // Fixed one-minute windows: a burst that crosses a window boundary gets a second allowance.
    const windows = Math.floor((Date.now()) / WINDOW_MS) - Math.floor((Date.now() - burstMs) / WINDOW_MS) + 1;
    const h = await health.stop();
    const limited = tally.counts.get(429) ?? 0;
    const firstText = firstLimitedMs === null ? 'never' : `${(firstLimitedMs as number).toFixed(0)} ms (attempt ${firstLimitedAt})`;
    return {
      figures: [
        `wrong password answered in ${median(known).toFixed(0)} ms (known e-mail) vs ${median(unknown).toFixed(0)} ms (unknown e-mail), medians of ${known.length} and ${unknown.length}`,
        `burst: ${next} attempts in ${(burstMs / 1000).toFixed(1)} s → ${unthrottled} × 401, ${limited} × 429 in all; first 429 after ${firstText}, Retry-After ${retryAfter} s`,
        `/healthz blocked at most ${h.worstMs.toFixed(0)} ms (${h.answers} answers) during the burst`,
      ],
      goals: [
        { goal: 'logins throttled (429 with Retry-After)', held: firstLimitedMs !== null && /^\d+$/.test(retryAfter), detail: `first 429 after ${firstText}` },
        { goal: `at most ${LOGIN_LIMIT_PER_ACCOUNT} guesses per account per minute`, held: unthrottled <= LOGIN_LIMIT_PER_ACCOUNT * windows, detail: `${unthrottled} × 401 in the burst (${windows} window${windows > 1 ? 's' : ''})` },
        { goal: 'unknown e-mail costs what a known one does (within 2×)', held: known.length > 0 && unknown.length > 0 && median(unknown) * 2 >= median(known) && median(known) * 2 >= median(unknown), detail: `${median(known).toFixed(0)} vs ${median(unknown).toFixed(0)} ms` },
        { goal: 'health never blocked > 100 ms', held: h.worstMs <= 100, detail: `${h.worstMs.toFixed(0)} ms` },
      ],
      statuses: tally.text,
    };
  },
};
