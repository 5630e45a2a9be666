// Probe: a forged-address sign-in flood (issue 24 item 6). 600 sign-ins sent at once, each from its own forged
// X-Forwarded-For address (the bench service trusts the proxy header, as a deployment behind a proxy does), half
// guessing the owner's password and half made-up e-mails, while the owner signs in from the address they used
// before. Before: the flood made real sign-ins answer 503 login_busy. Goal: the owner waits (a delay), never a 503
// or a 429; the flood is answered 401/429/503 and nothing else; the service thread stays free.
import { addUser } from '../../../server/cli/accounts.ts';
import { availableParallelism, loadavg } from 'node:os';
import { send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const FLOOD = 600;
const OWNER_SIGN_INS = 5;
const OWNER_ADDRESS = '198.51.100.23';

const forged = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export const loginFloodProbe: Probe = {
  name: 'login-flood',
  about: `${FLOOD} concurrent sign-ins from forged addresses while the owner signs in from a known address`,
  async run({ service, health, deadlineMs }) {
    const owner = `owner-${Date.now() % 1e6}@example.org`;
    await addUser(service.db, { email: owner, password: 'the-owners-password' });
    const login = (email: string, password: string, address: string) =>
      send(`${service.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ email, password }), timeoutMs: deadlineMs });
    // The owner's address becomes known by a first sign-in, before the flood.
    const first = await login(owner, 'the-owners-password', OWNER_ADDRESS);
    const alone = await login(owner, 'the-owners-password', OWNER_ADDRESS);

    const flood = new Tally();
    const unanswered = new Map<string, number>();
    const ownerTally = new Tally();
    health.start();
    const floodAnswers = Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        login(i % 2 ? owner : `made-up-${i}@example.org`, `guess-${i}`, forged(i + 1)).then((a) => {
          flood.add(a.status);
          if (a.status === 0) unanswered.set(a.body, (unanswered.get(a.body) ?? 0) + 1);
        }),
      ),
    );
    const ownerMs: number[] = [];
    for (let i = 0; i < OWNER_SIGN_INS; i++) {
      await new Promise((r) => setTimeout(r, 150));
      const a = await login(owner, 'the-owners-password', OWNER_ADDRESS);
      ownerTally.add(a.status);
      ownerMs.push(a.ms);
    }
    await floodAnswers;
    const h = await health.stop();
    const slowest = Math.max(...ownerMs);
    return {
      figures: [
        `owner's sign-in before the flood: ${first.status}, then ${alone.status} in ${alone.ms.toFixed(0)} ms`,
        `flood of ${FLOOD}: ${flood.text}${unanswered.size ? ` (no answer: ${[...unanswered].map(([why, n]) => `${why}×${n}`).join(', ')})` : ''}; the owner's ${OWNER_SIGN_INS} sign-ins during it: ${ownerTally.text}, ${ownerMs.map((m) => m.toFixed(0)).join(', ')} ms`,
        `${h.text}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`,
      ],
      goals: [
        { goal: "the owner signs in during the flood (200 every time; a delay, never 503 or 429)", held: ownerTally.counts.get(200) === OWNER_SIGN_INS, detail: ownerTally.text },
        { goal: "the owner's sign-in answered within 5 s", held: slowest <= 5000, detail: `slowest ${slowest.toFixed(0)} ms` },
        { goal: 'the flood answered 401/429/503 only', held: flood.clean, detail: flood.text },
        { goal: '/healthz p99 < 100 ms', held: h.p99Ms < 100, detail: `p99 ${h.p99Ms.toFixed(0)} ms` },
      ],
      statuses: `${flood.text} ${ownerTally.text}`,
    };
  },
};
