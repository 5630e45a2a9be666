// POST /hyperlink-style-preview: the first reference entries as apply's bibliography rewrite writes them
// (the same engine plan), no credit used; unknown styles and bad counts are 400s naming the problem.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import { rendererFor, type CslItem } from '../../../server/csl/render.ts';
import { creditBalance } from '../../../server/db/credits.ts';
import { buildModel } from '../../../server/engine/model/document.ts';
import { openDocx } from '../../../server/engine/package/docx.ts';
import { expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';
import { deepCsl, fanOutCsl, recursiveCsl } from '../../helpers/hostile-csl.ts';

let t: TestService;
before(async () => {
  t = await startTestService('stylepreview', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

// Made-up works.
const ITEMS: CslItem[] = [
  { id: 'a', type: 'article-journal', author: [{ family: 'Brown', given: 'A. M.' }], title: 'Moss growth on north-facing walls', 'container-title': 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119', issued: { 'date-parts': [[2004]] } },
  { id: 'b', type: 'article-journal', author: [{ family: 'Kowalski', given: 'P.' }, { family: 'Lee', given: 'D.' }], title: 'Frost cracking in limestone facades', 'container-title': 'Stone Review', volume: '7', issue: '1', page: '33-40', issued: { 'date-parts': [[1999]] } },
  { id: 'c', type: 'article-journal', author: [{ family: 'Okafor', given: 'N.' }], title: 'Lichen cover and surface temperature of granite', 'container-title': 'Journal of Urban Botany', volume: '15', issue: '2', page: '55-71', issued: { 'date-parts': [[2007]] } },
  { id: 'd', type: 'article-journal', author: [{ family: 'Silva', given: 'R.' }, { family: 'Moreau', given: 'J.' }], title: 'Salt weathering of brick in coastal towns', 'container-title': 'Stone Review', volume: '11', issue: '4', page: '201-215', issued: { 'date-parts': [[2012]] } },
];

function entries(styleId: string): string[] {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(`test:${styleId}`, () => s.xml).render(ITEMS);
  return ITEMS.map((it) => out.get(it.id)!.text);
}

test('the preview shows three entries exactly as apply rewrites them, costs no credit, and refuses unknown styles', async () => {
  const file = await buildDocx({
    body: [p('Moss grows on walls [1], stone cracks [2], lichen warms [3] and salt bites [4].'), p('References', 'Heading1'), ...entries('ieee').map((e, i) => p(`[${i + 1}] ${e}`))].join(''),
  });
  const u = await t.user({ credits: 3 });
  const { client } = await u.key();
  const account = { kind: 'user' as const, id: u.userId };

  const preview = await client.stylePreview({ file, styleId: 'nature' });
  assert.ok(preview.ok, JSON.stringify(preview.ok ? '' : preview.error));
  assert.equal(preview.data.cslId, 'nature');
  assert.equal(preview.data.family, 'numeric');
  assert.equal(preview.data.total, 4);
  assert.equal(preview.data.entries.length, 3);
  assert.ok(preview.data.entries.every((e) => e.rewritable), JSON.stringify(preview.data.entries));
  assert.ok(preview.data.entries[0]!.before.startsWith('[1] '));
  assert.ok(preview.data.entries[0]!.afterHtml.includes('<i>Journal of Urban Botany'), preview.data.entries[0]!.afterHtml);
  assert.equal(preview.data.bibRewrite?.outcome, 'rewritten');
  assert.equal(preview.data.warnings, undefined);
  assert.equal(await creditBalance(t.service.ctx.pool, account), 3, 'a preview costs no credit');

  // apply's rewrite writes the same text for those entries
  const scan = await client.scan({ file });
  assert.ok(scan.ok);
  const decisions = scan.data.matches.filter((m) => m.status === 'ready').map((m) => ({ refId: m.refId, status: 'approved' as const }));
  const applied = await client.apply({ file, scanToken: scan.data.scanToken, scanFingerprint: scan.data.scanFingerprint, decisions, applyBibRewrite: true, detectedCslId: 'nature' });
  assert.ok(applied.ok, JSON.stringify(applied.ok ? '' : applied.error));
  const texts = buildModel(openDocx(Buffer.from(applied.data.docx, 'base64'))).paragraphs.map((x) => x.text);
  const nature = entries('nature');
  for (const [i, e] of preview.data.entries.entries()) {
    assert.equal(e.after, `${i + 1}. ${nature[i]}`);
    assert.ok(texts.includes(e.after), `${e.after}\n--\n${texts.join('\n')}`);
  }

  // count, a dependent journal id (resolved to its parent), and the 400s
  const one = await client.stylePreview({ file, styleId: 'bmc-bioinformatics', count: 1 });
  assert.ok(one.ok, JSON.stringify(one.ok ? '' : one.error));
  assert.equal(one.data.entries.length, 1);
  assert.notEqual(one.data.cslId, 'bmc-bioinformatics');
  const unknown = expectError(await client.stylePreview({ file, styleId: 'no-such-style' }), 400);
  assert.equal(unknown.reason, 'unknown_csl_style');
  assert.match(unknown.error, /styleId 'no-such-style'/);
  assert.equal(expectError(await client.stylePreview({ file }), 400).reason, 'missing_csl_style');
  assert.equal(expectError(await client.stylePreview({ file, styleId: 'apa', count: 9 }), 400).reason, 'invalid_count');
  assert.equal(expectError(await client.stylePreview({ file, cslFile: new TextEncoder().encode('<html/>') }), 400).reason, 'csl_not_a_style');
});

test('hostile uploaded styles are refused within seconds naming the limit, and the service keeps answering', async () => {
  const file = await buildDocx({ body: [p('Moss grows on walls [1].'), p('References', 'Heading1'), p(`[1] ${entries('ieee')[0]}`)].join('') });
  const { client } = await (await t.user({ credits: 0 })).key();
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
  // 2^40 expansions per entry (the process died of heap exhaustion), 30,000 deep (answered 500), recursion
  for (const [xml, reason] of [[fanOutCsl(40), 'csl_macro_expansion'], [deepCsl(30_000), 'csl_too_deep'], [recursiveCsl(), 'csl_macro_recursion']] as const) {
    const started = performance.now();
    const refused = expectError(await client.stylePreview({ file, cslFile: enc(xml) }), 400);
    assert.equal(refused.reason, reason);
    assert.ok(performance.now() - started < 30_000);
  }
  assert.equal((await fetch(`${t.url}/healthz`)).status, 200);
});
