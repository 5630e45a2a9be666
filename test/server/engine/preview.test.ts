// The style preview: the first entries of the reference list as apply's rewrite would write them, with
// their formatting as a small, escaped HTML fragment, and a warning when the style's family differs from
// the in-text citations'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBibliographyRenderer } from '../../../server/csl/bibliography.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import { previewRewrite, segmentsHtml } from '../../../server/engine/preview.ts';
import { direct } from '../../../server/engine/apply.ts';
import { parseSettings } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

test('segmentsHtml: text escaped, only the allowed tags, nested in a fixed order', () => {
  assert.equal(segmentsHtml([]), '');
  assert.equal(segmentsHtml([{ text: 'a<b> & "c"' }]), 'a&lt;b&gt; &amp; &quot;c&quot;');
  assert.equal(
    segmentsHtml([{ text: 'Title', italic: true, bold: true }, { text: ' 2', superscript: true, subscript: true }, { text: 'x', subscript: true }, { text: 'Sc', smallCaps: true }]),
    '<i><b>Title</b></i><sup> 2</sup><sub>x</sub><span class="small-caps">Sc</span>',
  );
});

const entries = [
  'Brown AM, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12(3):101–119.',
  'Garcia M, Lee D. Night light and insect decline. Ecology Letters Today. 2020;3(6):77–90.',
  'Kowalski P, Lee D. Frost cracking in limestone facades. Stone Review. 1999;7(1):33–40.',
];
const numbered = async () => buildDocx({ body: p('Moss grows [1], lights dim [2], stone cracks [3].') + p('References', 'Heading1') + entries.map((e, i) => p(`[${i + 1}] ${e}`)).join('') });

test('the first entries of the list, before and after, as the rewrite would write them', async () => {
  const style = loadBundledStyle('vancouver')!;
  const out = previewRewrite(await numbered(), parseSettings({}), createBibliographyRenderer(style), 2);
  assert.deepEqual([out.cslId, out.family, out.total, out.entries.length], [style.id, 'numeric', 3, 2]);
  assert.deepEqual(out.entries.map((e) => e.before), entries.slice(0, 2).map((e, i) => `[${i + 1}] ${e}`));
  for (const e of out.entries) {
    assert.ok(e.after.length > 0);
    assert.ok(!/<(?!\/?(i|b|sup|sub|span)\b)/.test(e.afterHtml), e.afterHtml);
  }
  assert.deepEqual([out.bibRewrite.outcome, out.bibRewrite.entries], ['rewritten', []]);
});

test('a rewrite apply would refuse: the preview says so and shows every entry as written', async () => {
  const out = previewRewrite(await numbered(), parseSettings({}), createBibliographyRenderer(loadBundledStyle('chicago-shortened-notes-bibliography')!), 5);
  assert.equal(out.entries.length, 3);
  assert.equal(out.bibRewrite.outcome, 'refused');
  assert.match(out.bibRewrite.reason ?? '', /note style/);
  for (const e of out.entries) assert.deepEqual([e.after, e.rewritable], [e.before, false]);
});

test('an entry that blocks the rewrite: named in the preview as apply names it', async () => {
  const doc = await buildDocx({ body: p('Moss grows [1], lights dim [2].') + p('References', 'Heading1') + p(`[1] ${entries[0]}`) + p('[2] Okafor N. Lichens on roofs. Journal of Urban Botany. 2005;13(2):5–9. Reprinted with the permission of the moss society.') });
  const out = previewRewrite(doc, parseSettings({}), createBibliographyRenderer(loadBundledStyle('vancouver')!), 5);
  assert.equal(out.bibRewrite.outcome, 'refused');
  assert.deepEqual(out.bibRewrite.entries.map((e) => e.label), ['Reference [2]']);
  assert.equal(out.entries[1]!.rewritable, false);
  const partial = previewRewrite(doc, parseSettings({ bibRewritePartial: true }), createBibliographyRenderer(loadBundledStyle('vancouver')!), 5);
  assert.equal(partial.bibRewrite.outcome, 'partial');
  assert.deepEqual([partial.entries[0]!.rewritable, partial.entries[1]!.rewritable], [true, false]);
});

test('a document without a reference list previews nothing', async () => {
  const out = previewRewrite(await buildDocx({ body: p('No references here.') }), parseSettings({}), createBibliographyRenderer(loadBundledStyle('apa')!), 3);
  assert.deepEqual([out.total, out.entries], [0, []]);
});

test('the preview plans over the links apply writes: an entry whose DOI link the style would drop is refused in both', async () => {
  const body = [p('Walls grow moss [1] and stone cracks [2].'), p('References', 'Heading1'),
    p('[1] A. M. Brown and D. Lee, “Moss growth on north-facing walls,” Journal of Urban Botany, vol. 12, no. 3, pp. 101–119, 2004, doi: 10.5555/moss.2004.12.'),
    p('[2] P. Kowalski and D. Lee, “Frost cracking in limestone facades,” Stone Review, vol. 7, no. 1, pp. 33–40, 1999.')].join('');
  const bytes = await buildDocx({ body });
  const settings = parseSettings({ doi: true });
  const nature = () => createBibliographyRenderer(loadBundledStyle('nature')!);
  const preview = previewRewrite(bytes, settings, nature(), 5);
  const applied = direct(bytes, settings, { bibliography: nature() });
  assert.equal(applied.bibRewrite?.outcome, 'refused');
  assert.deepEqual(preview.bibRewrite, applied.bibRewrite);
  assert.match(preview.entries[0]!.warning ?? '', /its link on "10\.5555\/moss\.2004\.12" has no place/);
});
