// Probe: uploaded CSL styles (issue 24, item 1). Hostile styles sent as cslFile to /hyperlink-style-preview by
// a key whose account has no credit to spend: macros calling each other twice 40 deep (2^40 expansions per
// entry; the service died of heap exhaustion), elements nested 30,000 deep (answered 500), macros calling each
// other in a circle; each a distinct file (a salt), so no cache helps. Then distinct valid 170 KB styles
// (copies of chicago-author-date with a different comment): each one real check and one real preview.
// Every hostile answer must be a 4xx within seconds, /healthz p99 under 100 ms meanwhile, the process alive.
import { readFileSync } from 'node:fs';
import { buildDocx, p } from '../../../test/helpers/docx-builder.ts';
import { deepCsl, fanOutCsl, recursiveCsl } from '../../../test/helpers/hostile-csl.ts';
import { rssMb, send, Tally, type HttpAnswer } from '../harness.ts';
import type { Probe } from '../probe.ts';

const ROUNDS = Number(process.env.ABUSE_CSL_ROUNDS ?? 4);
const VALID = Number(process.env.ABUSE_CSL_VALID ?? 3);
/** Parallel requests: the bench's MAX_CONCURRENT_PER_KEY. */
const PARALLEL = 4;

function form(file: Uint8Array, csl: string): { body: Buffer; contentType: string } {
  const boundary = '----hyperlinkercsl';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="cslFile"; filename="style.csl"\r\nContent-Type: application/xml\r\n\r\n`),
    Buffer.from(csl),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export const cslUploadProbe: Probe = {
  name: 'csl-upload',
  about: `${ROUNDS} rounds of CSL fan-out (2^40), depth (30,000) and recursion as cslFile to /hyperlink-style-preview, then ${VALID} distinct valid 170 KB styles`,
  async run({ service, health, deadlineMs }) {
    const docx = await buildDocx({ body: [p('Moss grows on walls [1].'), p('References', 'Heading1'), p('[1] A. M. Brown, "Moss growth on north-facing walls," Journal of Urban Botany, vol. 12, no. 3, pp. 101-119, 2004.')].join('') });
    const hostile: Array<{ kind: string; xml: string }> = [];
    for (let i = 0; i < ROUNDS; i++) {
      hostile.push({ kind: 'fan-out', xml: fanOutCsl(40, `-${i}`) });
      hostile.push({ kind: 'depth', xml: deepCsl(30_000).replace('<id>hostile</id>', `<id>hostile-deep-${i}</id>`) });
      hostile.push({ kind: 'recursion', xml: recursiveCsl().replace('<id>hostile</id>', `<id>hostile-loop-${i}</id>`) });
    }
    const chicago = readFileSync(new URL('../../../server/csl/styles/chicago-author-date.csl', import.meta.url), 'utf8');
    const valid = Array.from({ length: VALID }, (_, i) => chicago.replace('<info>', `<!-- copy ${i} of the abuse bench --><info>`));
    const post = (csl: string): Promise<HttpAnswer> => {
      const f = form(docx, csl);
      return send(`${service.url}/hyperlink-style-preview`, { method: 'POST', headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': f.contentType }, body: f.body, timeoutMs: deadlineMs });
    };
    const runAll = async (xmls: string[]): Promise<HttpAnswer[]> => {
      const out: HttpAnswer[] = [];
      for (let i = 0; i < xmls.length; i += PARALLEL) out.push(...(await Promise.all(xmls.slice(i, i + PARALLEL).map(post))));
      return out;
    };
    // the floor: /healthz on this machine now, with nothing sent
    health.start();
    await new Promise((r) => setTimeout(r, 3000));
    const idle = await health.stop();
    const before = rssMb(service.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(service.pid))), 100);
    health.start();
    const hostileAnswers = await runAll(hostile.map((h) => h.xml));
    const h1 = await health.stop();
    health.start();
    const validAnswers = await runAll(valid);
    const h2 = await health.stop();
    clearInterval(sampler);
    const tally = new Tally();
    for (const a of hostileAnswers) tally.add(a.status);
    const validTally = new Tally();
    for (const a of validAnswers) validTally.add(a.status);
    const byKind = new Map<string, { reasons: Set<string>; worst: number }>();
    hostile.forEach((hItem, i) => {
      const a = hostileAnswers[i]!;
      const k = byKind.get(hItem.kind) ?? { reasons: new Set<string>(), worst: 0 };
      k.reasons.add(`${a.status} ${(/"reason":"([^"]+)"/.exec(a.body) ?? [])[1] ?? '?'}`);
      k.worst = Math.max(k.worst, a.ms);
      byKind.set(hItem.kind, k);
    });
    const worstHostile = Math.max(...hostileAnswers.map((a) => a.ms));
    const alive = (await send(`${service.url}/healthz`, { timeoutMs: 5000 })).status === 200;
    const validWorst = Math.max(...validAnswers.map((a) => a.ms));
    const validReasons = [...new Set(validAnswers.filter((a) => a.status !== 200).map((a) => `${a.status} ${(/"reason":"([^"]+)"/.exec(a.body) ?? [])[1] ?? '?'}`))];
    return {
      figures: [
        ...[...byKind].map(([kind, k]) => `${kind}: ${[...k.reasons].join(', ')}, slowest ${k.worst.toFixed(0)} ms`),
        `idle floor: ${idle.text}`,
        `hostile: ${tally.text}; ${h1.text}`,
        `${VALID} distinct valid 170 KB styles: ${validTally.text}${validReasons.length ? ` (${validReasons.join(', ')})` : ''}, slowest ${validWorst.toFixed(0)} ms; ${h2.text}`,
        `service RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
      ],
      goals: [
        { goal: 'every hostile style answered 4xx within 10 s', held: tally.clean && worstHostile < 10_000, detail: `${tally.text}, slowest ${worstHostile.toFixed(0)} ms` },
        { goal: '/healthz p99 < 100 ms during the attack', held: h1.p99Ms < 100 && h2.p99Ms < 100, detail: `p99 ${h1.p99Ms.toFixed(0)} ms (hostile), ${h2.p99Ms.toFixed(0)} ms (valid)` },
        { goal: 'valid styles previewed (200)', held: validAnswers.every((a) => a.status === 200), detail: validTally.text },
        { goal: 'the service is alive after', held: alive, detail: alive ? '/healthz 200' : '/healthz did not answer' },
      ],
      statuses: `${tally.text} ${validTally.text}`,
    };
  },
};
