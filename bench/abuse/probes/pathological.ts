// Probe: pathological paragraphs. (1) Engine seconds per MB of dense "Figure 1 / [3] / doi" text in
// one paragraph, scanned in this process at growing sizes: linear means the s/MB column stays flat.
// (2) The same documents uploaded to /hyperlink-scan: status, time, answer size, health meanwhile.
import { scan } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { multipart, send, Tally } from '../harness.ts';
import { pathologicalDocx } from '../../../test/helpers/pathological.ts';
import type { Probe } from '../probe.ts';

const MB = 1024 * 1024;
const ENGINE_SIZES = (process.env.ABUSE_ENGINE_MB ?? '0.5,1,2,4').split(',').map(Number);
const UPLOAD_SIZES = [1, 4];

export const pathologicalProbe: Probe = {
  name: 'pathological-paragraph',
  about: `one paragraph of dense mentions: engine s/MB at ${ENGINE_SIZES.join(', ')} MB; uploads of ${UPLOAD_SIZES.join(', ')} MB`,
  async run({ service, health, deadlineMs }) {
    const figures: string[] = [];
    const rates: number[] = [];
    const settings = { ...DEFAULT_SETTINGS, doi: true };
    for (const mb of ENGINE_SIZES) {
      const bytes = await pathologicalDocx(mb * MB);
      const started = performance.now();
      let outcome: string;
      try {
        outcome = `${scan(bytes, settings, { maxMatches: Number.MAX_SAFE_INTEGER }).matches.length} matches`;
      } catch (err) {
        outcome = err instanceof Error ? err.message : String(err);
      }
      const seconds = (performance.now() - started) / 1000;
      rates.push(seconds / mb);
      figures.push(`engine ${String(mb).padStart(4)} MB text (${(bytes.length / 1024).toFixed(0)} KB docx): ${seconds.toFixed(2)} s, ${(seconds / mb).toFixed(2)} s/MB, ${outcome}`);
    }
    const tally = new Tally();
    let biggestAnswer = 0;
    // Built before the watch starts: zipping in this process would delay the watch's own requests.
    const uploads = await Promise.all(UPLOAD_SIZES.map(async (mb) => ({ mb, form: multipart({ settings: JSON.stringify({ doi: true }) }, await pathologicalDocx(mb * MB)) })));
    health.start();
    for (const { mb, form } of uploads) {
      const a = await send(`${service.url}/hyperlink-scan`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': form.contentType },
        body: form.body,
        timeoutMs: deadlineMs / UPLOAD_SIZES.length,
      });
      tally.add(a.status);
      biggestAnswer = Math.max(biggestAnswer, a.bytes);
      const reason = /"reason":"([^"]+)"/.exec(a.body)?.[1];
      figures.push(`upload ${mb} MB text: ${a.status || 'no answer'}${reason ? ` ${reason}` : ''} in ${(a.ms / 1000).toFixed(2)} s, answer ${(a.bytes / MB).toFixed(2)} MB`);
    }
    const h = await health.stop();
    figures.push(h.text);
    const growth = rates[rates.length - 1]! / rates[0]!;
    return {
      figures,
      goals: [
        { goal: 'engine time linear (s/MB at largest ≤ 2 × at smallest)', held: growth <= 2, detail: `× ${growth.toFixed(2)}` },
        { goal: 'uploads answered 4xx/503', held: tally.clean, detail: tally.text },
        { goal: 'health never blocked > 100 ms', held: h.worstMs <= 100, detail: `${h.worstMs.toFixed(0)} ms` },
      ],
      statuses: tally.text,
    };
  },
};
