// Probe: style-detection stall (issue 24, item 3). /hyperlink-crossref detects the list's citation style after
// resolving (renders candidate CSL styles: 19-26 s with cold citeproc engines, ~1.5 s warm), and it ran on the
// service thread (/healthz waited 25.9 s), repeatable for free by resending the cached references in new orders.
// Here a paid key resolves the same five references ROUNDS times, each time in another order, two at a time,
// against the fake registry bench/abuse.ts starts; /healthz is watched throughout.
import { addUser } from '../../../server/cli/accounts.ts';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { buildDocx, p } from '../../../test/helpers/docx-builder.ts';
import { REFS } from '../../../test/helpers/fake-crossref/fixtures.ts';
import { multipart, send, Tally, type HttpAnswer } from '../harness.ts';
import type { Probe } from '../probe.ts';

const ROUNDS = Number(process.env.ABUSE_STYLE_ROUNDS ?? 6);

function manuscript(refs: string[]): Promise<Uint8Array> {
  const cites = refs.map((_, i) => `[${i + 1}]`).join(', ');
  return buildDocx({ body: p(`Prior work ${cites} shaped this study.`) + p('References', 'Heading1') + refs.map((r, i) => p(`${i + 1}. ${r}`)).join('') });
}

export const styleStallProbe: Probe = {
  name: 'style-stall',
  about: `${ROUNDS} resolves of the same five references in new orders (style detection after each), two at a time`,
  async run({ service, health, deadlineMs }) {
    await addUser(service.db, { email: 'style-stall@example.org', password: 'style-stall-password', credits: 100, plan: 'pro' });
    const client = new HyperlinkerClient({ baseUrl: service.url });
    const login = await client.login('style-stall@example.org', 'style-stall-password');
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const key = await client.withSession(login.data.token).createKey({ name: 'style-stall' });
    if (!key.ok) throw new Error(`key creation failed: ${key.status}`);
    const refs = [REFS.bacon, REFS.stroke, REFS.nano, REFS.acs, REFS.retracted];
    const orders = Array.from({ length: ROUNDS }, (_, i) => refs.map((_, k) => refs[(k * (i + 1) + i) % refs.length]!));
    const files = await Promise.all(orders.map((o) => manuscript([...new Set(o)].length === o.length ? o : [...refs].reverse())));
    const settings = JSON.stringify({ doi: true, crossref: true });
    const post = (file: Uint8Array): Promise<HttpAnswer> => {
      const form = multipart({ settings }, file);
      return send(`${service.url}/hyperlink-crossref`, { method: 'POST', headers: { authorization: `Bearer ${key.data.key}`, 'content-type': form.contentType }, body: form.body, timeoutMs: deadlineMs });
    };
    const tally = new Tally();
    const times: number[] = [];
    const styles = new Set<string>();
    health.start();
    for (let i = 0; i < files.length; i += 2) {
      for (const a of await Promise.all(files.slice(i, i + 2).map(post))) {
        tally.add(a.status);
        times.push(a.ms);
        styles.add((/"detectedCslId":("[^"]*"|null)/.exec(a.body) ?? [])[1] ?? '(cut)');
      }
    }
    const h = await health.stop();
    const alive = (await send(`${service.url}/healthz`, { timeoutMs: 5000 })).status === 200;
    return {
      figures: [
        `${ROUNDS} resolves: ${tally.text}; first ${times[0]?.toFixed(0)} ms, later ${times.slice(2).map((t) => t.toFixed(0)).join(', ')} ms; detectedCslId ${[...styles].join(', ')}`,
        h.text,
      ],
      goals: [
        { goal: '/healthz p99 < 100 ms while styles are detected', held: h.p99Ms < 100, detail: `p99 ${h.p99Ms.toFixed(0)} ms, worst ${h.worstMs.toFixed(0)} ms` },
        { goal: 'every resolve answered (200, or 4xx/503) within 60 s', held: times.every((t) => t < 60_000) && [...tally.counts.keys()].every((s) => s === 200 || (s >= 400 && s < 500) || s === 503), detail: tally.text },
        { goal: 'the service is alive after', held: alive, detail: alive ? '/healthz 200' : '/healthz did not answer' },
      ],
      statuses: tally.text,
    };
  },
};
