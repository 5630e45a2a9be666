// Probe: two-account capacity (issue 24, item 4). Account A (two keys, the key's in-flight cap each) keeps
// scanning a dense 1 MB near-miss manuscript, more scans than there are engine workers; meanwhile account B scans a
// small corpus manuscript five times, one after the other. Before the fix A's keys held both workers and B waited
// 33–39 s or got 503. Figures: B's median scan time beside its unloaded median measured just before (the goal:
// within 2×), A's statuses, /healthz p99 and the load average (the machine is shared).
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { addUser } from '../../../server/cli/accounts.ts';
import { CORPUS_DIR } from '../../../test/helpers/corpus.ts';
import { pathologicalDocx } from '../../../test/helpers/pathological.ts';
import { multipart, send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const B_SCANS = 5;
const A_KEYS = 2;
const A_PER_KEY = 2;

async function keyOf(url: string, email: string, name: string, address: string): Promise<string> {
  const login = await send(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ email, password: 'share-password' }) });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const token = (JSON.parse(login.body) as { token: string }).token;
  const created = await send(`${url}/api-keys`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ name }) });
  if (created.status !== 201) throw new Error(`key creation failed: ${created.status}`);
  return (JSON.parse(created.body) as { key: string }).key;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export const accountShareProbe: Probe = {
  name: 'account-share',
  about: `account A scans a dense 1 MB manuscript with ${A_KEYS} keys × ${A_PER_KEY} at a time; account B's ${B_SCANS} small scans beside it`,
  async run({ service, health, deadlineMs }) {
    await addUser(service.db, { email: 'share-a@example.org', password: 'share-password' });
    await addUser(service.db, { email: 'share-b@example.org', password: 'share-password' });
    const aKeys = [await keyOf(service.url, 'share-a@example.org', 'a1', '203.0.113.41'), await keyOf(service.url, 'share-a@example.org', 'a2', '203.0.113.41')];
    const bKey = await keyOf(service.url, 'share-b@example.org', 'b', '203.0.113.42');
    const small = multipart({}, new Uint8Array(readFileSync(join(CORPUS_DIR, 'plos-pone-0117949.docx'))));
    const heavy = multipart({ settings: JSON.stringify({ doi: true }) }, await pathologicalDocx(1024 * 1024));
    const scan = (key: string, form: { body: Buffer; contentType: string }) =>
      send(`${service.url}/hyperlink-scan`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': form.contentType }, body: form.body, timeoutMs: deadlineMs });

    const unloaded: number[] = [];
    for (let i = 0; i < 3; i++) unloaded.push((await scan(bKey, small)).ms);

    const aTally = new Tally();
    const bTally = new Tally();
    let hogging = true;
    health.start();
    const hog = Promise.all(aKeys.flatMap((key) => Array.from({ length: A_PER_KEY }, async () => {
      while (hogging) {
        const a = await scan(key, heavy);
        aTally.add(a.status);
        if (a.status === 0) return;
      }
    })));
    await new Promise((r) => setTimeout(r, 1000));
    const loaded: number[] = [];
    for (let i = 0; i < B_SCANS; i++) {
      const b = await scan(bKey, small);
      bTally.add(b.status);
      loaded.push(b.ms);
    }
    hogging = false;
    const h = await health.stop();
    await hog;
    const ratio = median(loaded) / median(unloaded);
    return {
      figures: [
        `B alone: median ${median(unloaded).toFixed(0)} ms (${unloaded.map((m) => m.toFixed(0)).join(', ')}); beside A: median ${median(loaded).toFixed(0)} ms (${loaded.map((m) => m.toFixed(0)).join(', ')}): ratio ${ratio.toFixed(2)}×`,
        `A's scans: ${aTally.text}; B's: ${bTally.text}`,
        `${h.text}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`,
      ],
      goals: [
        { goal: "B's scans all answered 200", held: loaded.length === B_SCANS && bTally.text === `200×${B_SCANS}`, detail: bTally.text },
        { goal: "B's median within 2× of its unloaded median", held: ratio <= 2, detail: `${ratio.toFixed(2)}×` },
        { goal: "A's excess answered 4xx/503 or 200, never a 500", held: [...aTally.counts.keys()].every((s) => s === 200 || (s >= 400 && s < 500) || s === 503), detail: aTally.text },
        { goal: '/healthz p99 < 100 ms', held: h.p99Ms < 100, detail: `p99 ${h.p99Ms.toFixed(0)} ms` },
      ],
      statuses: aTally.text,
    };
  },
};
