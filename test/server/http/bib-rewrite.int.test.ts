// Bibliography rewrite through the service: /hyperlink-apply with applyBibRewrite=true rewrites the
// reference list in the detected (or uploaded) style; a bad cslFile or an unknown style id is a 400.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import { rendererFor, type CslItem } from '../../../server/csl/render.ts';
import { buildModel } from '../../../server/engine/model/document.ts';
import { openDocx } from '../../../server/engine/package/docx.ts';
import { expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';
import { deepCsl } from '../../helpers/hostile-csl.ts';
import { creditBalance } from '../../../server/db/credits.ts';
import type { CslCheckPool } from '../../../server/worker/csl-check-pool.ts';

let t: TestService;
before(async () => {
  t = await startTestService('bibrewrite', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

// Made-up works.
const ITEMS: CslItem[] = [
  { id: 'a', type: 'article-journal', author: [{ family: 'Brown', given: 'A. M.' }], title: 'Moss growth on north-facing walls', 'container-title': 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119', issued: { 'date-parts': [[2004]] } },
  { id: 'b', type: 'article-journal', author: [{ family: 'Kowalski', given: 'P.' }, { family: 'Lee', given: 'D.' }], title: 'Frost cracking in limestone facades', 'container-title': 'Stone Review', volume: '7', issue: '1', page: '33-40', issued: { 'date-parts': [[1999]] } },
];

function entries(styleId: string): string[] {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(`test:${styleId}`, () => s.xml).render(ITEMS);
  return ITEMS.map((it) => out.get(it.id)!.text);
}

test('apply rewrites the reference list in the style asked for; bad styles are refused with a 400', async () => {
  const ieee = entries('ieee');
  const file = await buildDocx({
    body: [p('Moss grows on walls [1] and stone cracks [2].'), p('References', 'Heading1'), ...ieee.map((e, i) => p(`[${i + 1}] ${e}`))].join(''),
  });
  const u = await t.user({ credits: 3 });
  const { client } = await u.key();
  const scan = await client.scan({ file });
  assert.ok(scan.ok);
  const decisions = scan.data.matches.filter((m) => m.status === 'ready').map((m) => ({ refId: m.refId, status: 'approved' as const }));
  const base = { file, scanToken: scan.data.scanToken, scanFingerprint: scan.data.scanFingerprint, decisions };

  expectError(await client.apply({ ...base, applyBibRewrite: true }), 400);
  const unknown = expectError(await client.apply({ ...base, applyBibRewrite: true, detectedCslId: 'no-such-style' }), 400);
  assert.equal(unknown.reason, 'unknown_csl_style');
  const notCsl = expectError(await client.apply({ ...base, applyBibRewrite: true, cslFile: new TextEncoder().encode('<html/>') }), 400);
  assert.equal(notCsl.reason, 'csl_not_a_style');

  const applied = await client.apply({ ...base, applyBibRewrite: true, detectedCslId: 'nature' });
  assert.ok(applied.ok, JSON.stringify(applied.ok ? '' : applied.error));
  assert.deepEqual([applied.data.bibRewrite?.outcome, applied.data.bibRewrite?.rewritten], ['rewritten', 2]);
  const texts = buildModel(openDocx(Buffer.from(applied.data.docx, 'base64'))).paragraphs.map((x) => x.text);
  const nature = entries('nature');
  // Nature's form: "1." labels, superscript numbers in the text.
  assert.ok(texts.includes(`1. ${nature[0]}`), texts.join('\n'));
  assert.ok(texts.includes(`2. ${nature[1]}`));
  assert.ok(texts.includes('Moss grows on walls1 and stone cracks2.'));

  // A style in the other citation form: the in-text citations are converted with the list.
  const apa = await client.apply({ ...base, applyBibRewrite: true, detectedCslId: 'apa' });
  assert.ok(apa.ok, JSON.stringify(apa.ok ? '' : apa.error));
  assert.equal(apa.data.bibRewrite?.outcome, 'rewritten', (apa.data.warnings ?? []).join('\n'));
  const converted = buildModel(openDocx(Buffer.from(apa.data.docx, 'base64'))).paragraphs.map((x) => x.text);
  assert.ok(converted.includes('Moss grows on walls (Brown, 2004) and stone cracks (Kowalski & Lee, 1999).'), converted.join('\n'));

  // A note style: refused with the reason, the document linked and its list as written.
  const refused = await client.apply({ ...base, applyBibRewrite: true, detectedCslId: 'chicago-shortened-notes-bibliography' });
  assert.ok(refused.ok, JSON.stringify(refused.ok ? '' : refused.error));
  assert.equal(refused.data.bibRewrite?.outcome, 'refused');
  assert.match(refused.data.bibRewrite?.reason ?? '', /is a note style/);
  const kept = buildModel(openDocx(Buffer.from(refused.data.docx, 'base64'))).paragraphs.map((x) => x.text);
  assert.ok(kept.includes(`[1] ${ieee[0]}`), kept.join('\n'));
  assert.ok(refused.data.linkCount > 0);
});

test('an uploaded style is checked only after the scan token and a credit: a forged token or an empty account costs no CSL work', async () => {
  const file = await buildDocx({ body: [p('Moss grows on walls [1].'), p('References', 'Heading1'), p(`[1] ${entries('ieee')[0]}`)].join('') });
  const checker = t.service.ctx.csl as CslCheckPool;
  const hostile = new TextEncoder().encode(deepCsl(30_000));
  const richUser = await t.user({ credits: 2 });
  const rich = await richUser.key();
  const scan = await rich.client.scan({ file });
  assert.ok(scan.ok);
  const base = { file, scanFingerprint: scan.data.scanFingerprint, decisions: [], cslFile: hostile };
  const checksBefore = checker.checksRun;
  // a forged token: 401 (the file was parsed first and answered 500 when nested 30,000 deep)
  const forged = expectError(await rich.client.apply({ ...base, scanToken: `${(scan.data.scanToken ?? "").slice(0, -4)}AAAA`, applyBibRewrite: false }), 401);
  assert.equal(forged.reason, 'invalid');
  // an account without credits, with a valid token of its own: 402
  const poor = await (await t.user({ credits: 0 })).key();
  const poorScan = await poor.client.scan({ file });
  assert.ok(poorScan.ok);
  expectError(await poor.client.apply({ ...base, scanToken: poorScan.data.scanToken, scanFingerprint: poorScan.data.scanFingerprint, applyBibRewrite: false }), 402);
  assert.equal(checker.checksRun, checksBefore, 'no CSL check ran');
  // with a token and a credit, the style is checked and refused naming the limit; the credit comes back
  const refused = expectError(await rich.client.apply({ ...base, scanToken: scan.data.scanToken, applyBibRewrite: true }), 400);
  assert.equal(refused.reason, 'csl_too_deep');
  assert.equal(checker.checksRun, checksBefore + 1);
  assert.equal(await creditBalance(t.service.ctx.pool, { kind: 'user', id: richUser.userId }), 2);
});
