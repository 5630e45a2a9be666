// Restyle across citation forms (issue 19 item 4): numeric ↔ author-date. Every in-text citation is
// rendered by citeproc with the list (one engine for both): numbers become "(Author, Year)" with the
// style's disambiguation (2019a/2019b) and et al., author-date citations become numbers in first-mention
// order, ranges collapsed as the style collapses them; each item links to its entry; the list follows
// (labels added or dropped, sorted as the style sorts). Note styles are refused before writing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../../../shared/settings.ts';
import { direct } from '../../../../server/engine/index.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';
import { loadBundledStyle } from '../../../../server/csl/catalog.ts';
import { createBibliographyRenderer } from '../../../../server/csl/bibliography.ts';
import { rendererFor, type CslItem } from '../../../../server/csl/render.ts';
import { buildDocx, p, r, SUP } from '../../../helpers/docx-builder.ts';
import { detect } from '../../../../server/engine/scan.ts';
import { citationContext } from '../../../../server/engine/rewrite/plan.ts';
import { authorDateClusters } from '../../../../server/engine/rewrite/convert.ts';

// Made-up works: two by Smith et al. in 2019 (APA tells them apart as 2019a and 2019b).
const WORKS: Array<[string, string, number]> = [['Smith', 'Moss', 2019], ['Jones', 'Frost', 2020], ['Smith', 'Pigeons', 2019], ['Brown', 'Lichen', 2001]];
const ITEMS: CslItem[] = WORKS.map(([family, w, year], i) => ({
  id: `w${i}`, type: 'article-journal', author: [{ family, given: 'A.' }, { family: 'Lee', given: 'B.' }, { family: 'Kim', given: 'C.' }],
  title: `${w} in the city`, 'container-title': 'Journal of Urban Ecology', volume: String(10 + i), issue: '2', page: `${10 * i + 1}-${10 * i + 9}`,
  issued: { 'date-parts': [[year]] },
}));
const WORD = WORKS.map((w) => w[1]);

function list(styleId: string, items = ITEMS): string[] {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(`test:convert:${styleId}:${items.map((x) => x.id).join()}`, () => s.xml).render(items);
  return items.map((it) => `${out.get(it.id)!.label ? `${out.get(it.id)!.label} ` : ''}${out.get(it.id)!.text}`);
}

const SETTINGS = parseSettings({ doi: true, refTitleLink: false });

async function restyle(body: string, to: string) {
  const input = await buildDocx({ body });
  const out = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle(to)!) });
  const model = buildModel(openDocx(out.docx));
  const refsAt = model.paragraphs.findIndex((x) => x.text === 'References');
  const entries = model.paragraphs.slice(refsAt + 1);
  const entryOf = new Map(entries.flatMap((x) => x.bookmarks.map((b) => [b.name, WORD.find((w) => x.text.includes(w)) ?? '?'] as [string, string])));
  const links = (para: ModelParagraph) => para.links.map((l) => [para.text.slice(l.start, l.end), entryOf.get(l.anchor!) ?? '?']);
  return { input, out, model, entries, links };
}

test('numeric → author-date: numbers become (Author et al., Year) with 2019a/2019b, each item linked, labels dropped, list sorted', async () => {
  const body = [
    p('Walls grow moss [1] and frost cracks them [2]. Pigeons and lichen [3, 4]; all of them [1–4].'),
    p('References', 'Heading1'),
    ...list('ieee').map((e) => p(e)),
  ].join('');
  const { out, model, entries, links } = await restyle(body, 'apa');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  assert.equal(model.paragraphs[0]!.text, 'Walls grow moss (Smith et al., 2019a) and frost cracks them (Jones et al., 2020). Pigeons and lichen (Brown et al., 2001; Smith et al., 2019b); all of them (Brown et al., 2001; Jones et al., 2020; Smith et al., 2019a, 2019b).');
  assert.deepEqual(links(model.paragraphs[0]!), [
    ['Smith et al., 2019a', 'Moss'], ['Jones et al., 2020', 'Frost'], ['Brown et al., 2001', 'Lichen'], ['Smith et al., 2019b', 'Pigeons'],
    ['Brown et al., 2001', 'Lichen'], ['Jones et al., 2020', 'Frost'], ['Smith et al., 2019a', 'Moss'], ['2019b', 'Pigeons'],
  ]);
  // APA sorts by author, then title for the same author and year: Brown, Jones, Smith (Moss) a, Smith (Pigeons) b.
  assert.deepEqual(entries.map((e) => WORD.find((w) => e.text.includes(w))), ['Lichen', 'Frost', 'Moss', 'Pigeons']);
  for (const e of entries) assert.doesNotMatch(e.text, /^\[\d+\]/, 'the numeric label goes');
  assert.match(entries[2]!.text, /\(2019a\)/);
});

test('author-date → numeric: citations numbered in first-mention order, ranges collapsed as the style does, labels added', async () => {
  const body = [
    p('Lichen grows (Brown et al., 2001). Frost and moss (Jones et al., 2020; Smith et al., 2019a) and pigeons (Smith et al., 2019b).'),
    p('All four (Brown et al., 2001; Jones et al., 2020; Smith et al., 2019a; Smith et al., 2019b), as Jones et al. (2020) says.'),
    p('References', 'Heading1'),
    ...list('apa').map((e) => p(e)),
  ].join('');
  const { out, model, entries, links } = await restyle(body, 'ieee');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  assert.equal(model.paragraphs[0]!.text, 'Lichen grows [1]. Frost and moss [2], [3] and pigeons [4].');
  assert.equal(model.paragraphs[1]!.text, 'All four [1], [2], [3], [4], as Jones et al. [2] says.');

  assert.deepEqual(links(model.paragraphs[0]!), [['1', 'Lichen'], ['2', 'Frost'], ['3', 'Moss'], ['4', 'Pigeons']]);
  assert.deepEqual(links(model.paragraphs[1]!).at(-1), ['2', 'Frost']);
  assert.deepEqual(entries.map((e) => e.text.slice(0, 4)), ['[1] ', '[2] ', '[3] ', '[4] ']);
  assert.deepEqual(entries.map((e) => WORD.find((w) => e.text.includes(w))), ['Lichen', 'Frost', 'Moss', 'Pigeons']);
  // Vancouver-like collapsing: American Medical Association writes superscripts, ranges collapsed.
  const ama = await restyle(body, 'american-medical-association');
  assert.equal(ama.out.bibRewrite?.outcome, 'rewritten', ama.out.warnings?.join('\n'));
  assert.equal(ama.model.paragraphs[1]!.text, 'All four1–4, as Jones et al.2 says.');
});

test('superscript numbers → author-date: a space before the citation, and the superscript goes', async () => {
  const body = [
    `<w:p>${r('Moss grows')}${r('1,3', SUP)}${r(' on walls.')}</w:p>`,
    p('References', 'Heading1'),
    ...list('american-medical-association').map((e) => p(e)),
  ].join('');
  const { out, model } = await restyle(body, 'chicago-author-date');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  assert.equal(model.paragraphs[0]!.text, 'Moss grows (Smith et al. 2019a, 2019b) on walls.');
  const xml = new TextDecoder().decode(openDocx(out.docx).zip.bytes('word/document.xml'));
  assert.doesNotMatch(/<w:p[ >][\s\S]*?<\/w:p>/.exec(xml)![0], /superscript/);
});

test('a citation that names no entry, or a note style, refuses before anything is written', async () => {
  const body = [p('Moss [1] and a stray [7].'), p('References', 'Heading1'), ...list('ieee').map((e) => p(e))].join('');
  const stray = await restyle(body, 'apa');
  assert.equal(stray.out.bibRewrite?.outcome, 'refused');
  assert.match(stray.out.bibRewrite?.reason ?? '', /names 7, which no entry of the list carries/);
  assert.deepEqual(buildModel(openDocx(stray.out.docx)).paragraphs.map((x) => x.text), buildModel(openDocx(direct(stray.input, SETTINGS).docx)).paragraphs.map((x) => x.text));
  const note = await restyle(body.replace(' and a stray [7]', ''), 'chicago-note-bibliography');
  assert.equal(note.out.bibRewrite?.outcome, 'refused');
  assert.match(note.out.bibRewrite?.reason ?? '', /note style \(citations in footnotes\)/);
});

test('a title standing in for the author, its opening quote left out of the match: the parenthesis is still one citation', async () => {
  const body = [
    p('The same pattern was seen (Koleva, 2016; “Zinc Signaling, 2018) before.'),
    p('References', 'Heading1'),
    p('Koleva, Anna. 2016. “Moss in the City.” Journal of Urban Ecology 12 (2): 1–9.'),
    p('“Zinc Signaling in Urban Moss.” 2018. Journal of Urban Ecology 14 (1): 3–8.'),
  ].join('');
  const det = detect(await buildDocx({ body }), SETTINGS, { forLinking: true });
  const ctx = citationContext(det.model, det.matchById.values());
  const cites = (ctx.matches ?? []).filter((m) => m.kind === 'citation' && m.targetKey);
  assert.equal(cites.length, 2, 'both citations are read');
  const { clusters } = authorDateClusters(ctx.matches ?? [], ctx.paragraphOrder!);
  assert.equal(clusters.length, 1);
  assert.equal(det.model.paragraphs[0]!.text.slice(clusters[0]!.start, clusters[0]!.end), '(Koleva, 2016; “Zinc Signaling, 2018)');
  assert.equal(clusters[0]!.bare, false);
});

test('numeric → an author style (MLA): numbers become "(Smith et al.)" through citeproc, titles added where one author has two works, each item linked, labels dropped', async () => {
  const body = [
    p('Walls grow moss [1] and frost cracks them [2]. Pigeons and lichen [3, 4].'),
    p('References', 'Heading1'),
    ...list('ieee').map((e) => p(e)),
  ].join('');
  const { out, model, entries, links } = await restyle(body, 'modern-language-association');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', `${out.bibRewrite?.reason} ${out.warnings?.join('\n')}`);
  assert.equal(model.paragraphs[0]!.text, 'Walls grow moss (Smith et al., “Moss in the City”) and frost cracks them (Jones et al.). Pigeons and lichen (Smith et al., “Pigeons in the City”; Brown et al.).');
  assert.deepEqual(links(model.paragraphs[0]!), [['Smith et al., “Moss in the City”', 'Moss'], ['Jones et al.', 'Frost'], ['Smith et al., “Pigeons in the City”', 'Pigeons'], ['Brown et al.', 'Lichen']]);
  // MLA sorts by author, then title: Brown, Jones, Smith (Moss), Smith (Pigeons, its author written "———"); no numeric label.
  assert.deepEqual(entries.map((e) => WORD.find((w) => e.text.includes(w))), ['Lichen', 'Frost', 'Moss', 'Pigeons']);
  assert.deepEqual(entries.map((e) => e.text.slice(0, 7)), ['Brown, ', 'Jones, ', 'Smith, ', '———. “P']);
});

test('author-date → an author style (MLA): a narrative citation keeps its names and drops its year; a page beside the items refuses, naming it', async () => {
  const body = [
    p('Lichen grows (Brown et al., 2001), as Jones et al. (2020) says.'),
    p('References', 'Heading1'),
    ...list('apa').map((e) => p(e)),
  ].join('');
  const { out, model, links } = await restyle(body, 'modern-language-association');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', `${out.bibRewrite?.reason} ${out.warnings?.join('\n')}`);
  assert.equal(model.paragraphs[0]!.text, 'Lichen grows (Brown et al.), as Jones et al. says.');
  assert.deepEqual(links(model.paragraphs[0]!), [['Brown et al.', 'Lichen'], ['Jones et al.', 'Frost']]);
  const paged = await restyle(body.replace('(Brown et al., 2001)', '(see Brown et al., 2001, p. 4)'), 'modern-language-association');
  assert.equal(paged.out.bibRewrite?.outcome, 'refused');
  assert.match(paged.out.bibRewrite?.reason ?? '', /the citation "\(see Brown et al\., 2001, p\. 4\)" carries a page locator/);
});
