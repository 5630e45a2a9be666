// Probe: a preset flood (issue 24, item 6). One organisation owner creates presets of ~15.5 KB of settings,
// 8 at a time, far past MAX_ORG_PRESETS (the bench service runs with the default, 100); then GET
// /org-presets (the default page, then every page) while /healthz is polled. On the old code every
// creation passed and the one unpaged answer grew without bound (10,000 presets: 161 MB in 6–8 s).
// Figures: creations accepted and refused, the answer's bytes and time, /healthz meanwhile.
import { addUser } from '../../../server/cli/accounts.ts';
import { send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const ATTEMPTS = 400;
const CONCURRENCY = 8;
/** MAX_ORG_PRESETS of the bench service (the default). */
const CAP = 100;
const PADDING = 'x'.repeat(15_500);

export const presetFloodProbe: Probe = {
  name: 'preset-flood',
  about: `${ATTEMPTS} presets of ~15.5 KB for one organisation (${CONCURRENCY} at a time), then GET /org-presets`,
  async run({ service, health, deadlineMs }) {
    const tally = new Tally();
    const email = 'preset-flood@example.org';
    await addUser(service.db, { email, password: 'preset-flood-password', org: 'preset-flood', role: 'owner' });
    // From an address of its own (the service trusts X-Forwarded-For): the login probe spends 127.0.0.1's sign-ins.
    const login = await send(`${service.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.24' },
      body: JSON.stringify({ email, password: 'preset-flood-password' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const headers = { authorization: (JSON.parse(login.body) as { token: string }).token, 'content-type': 'application/json' };

    health.start();
    const started = performance.now();
    let next = 0;
    const reasons = new Map<string, number>();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < ATTEMPTS && performance.now() - started < deadlineMs / 2) {
        const n = next++;
        const a = await send(`${service.url}/org-presets`, { method: 'POST', headers, body: JSON.stringify({ name: `flood-${n}`, settings: { note: PADDING } }), timeoutMs: 30_000 });
        tally.add(a.status);
        if (a.status !== 201) {
          const reason = (JSON.parse(a.body || '{}') as { reason?: string }).reason ?? String(a.status);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
    }));
    const floodMs = performance.now() - started;
    const first = await send(`${service.url}/org-presets`, { headers, timeoutMs: 60_000 });
    tally.add(first.status);
    const page = JSON.parse(first.body.length < 4096 ? first.body : '{}') as { total?: number };
    let pagedBytes = 0;
    let pagedMs = 0;
    let pagedRows = 0;
    for (let p = 1; p <= 20; p++) {
      const a = await send(`${service.url}/org-presets?page=${p}&limit=25`, { headers, timeoutMs: 60_000 });
      tally.add(a.status);
      pagedBytes = Math.max(pagedBytes, a.bytes);
      pagedMs = Math.max(pagedMs, a.ms);
      if (a.status !== 200 || a.bytes < 200) break;
      pagedRows += 25;
    }
    const h = await health.stop();
    const created = tally.counts.get(201) ?? 0;
    const refusedText = [...reasons].map(([r, n]) => `${n} × ${r}`).join(', ') || 'none';
    return {
      figures: [
        `${next} creations in ${(floodMs / 1000).toFixed(1)} s → ${created} × 201, refused: ${refusedText}`,
        `GET /org-presets (default page): ${first.status}, ${(first.bytes / 1e6).toFixed(2)} MB in ${first.ms.toFixed(0)} ms${page.total !== undefined ? `, total ${page.total}` : ''}`,
        `pages of 25: largest ${(pagedBytes / 1e3).toFixed(0)} KB, slowest ${pagedMs.toFixed(0)} ms (~${pagedRows} rows read)`,
        h.text,
      ],
      goals: [
        { goal: `at most MAX_ORG_PRESETS (${CAP}) presets stored`, held: created <= CAP, detail: `${created} created` },
        { goal: 'past the cap: 409 preset_limit_reached', held: (reasons.get('preset_limit_reached') ?? 0) === next - created, detail: refusedText },
        { goal: 'GET answers in under 2 MB and 1 s', held: first.status === 200 && first.bytes < 2e6 && first.ms < 1000, detail: `${(first.bytes / 1e6).toFixed(2)} MB, ${first.ms.toFixed(0)} ms` },
        { goal: 'health never blocked > 100 ms', held: h.worstMs <= 100, detail: `${h.worstMs.toFixed(0)} ms` },
      ],
      statuses: tally.text,
    };
  },
};
