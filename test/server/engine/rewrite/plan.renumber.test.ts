// Restyle of a numbered manuscript (issue 19 item 4, same form): the list is renumbered in the order the
// text first cites it (IEEE and Vancouver number by citation), and every in-text number, range and
// superscript follows; each new number links to its entry. A citation that cannot follow refuses the whole
// rewrite before anything is written.

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

// Made-up works, one title word each to recognise them by.
const WORDS = ['Moss', 'Frost', 'Pigeons', 'Lichen', 'Runoff', 'Beetles'];
const ITEMS: CslItem[] = WORDS.map((w, i) => ({
  id: `w${i}`, type: 'article-journal', author: [{ family: ['Brown', 'Kowalski', 'Nakamura', 'Okafor', 'Ahmed', 'Garcia'][i]!, given: 'A.' }],
  title: `${w} in the city`, 'container-title': 'Journal of Urban Ecology', volume: String(10 + i), issue: '2', page: `${10 * i + 1}-${10 * i + 9}`,
  issued: { 'date-parts': [[2001 + i]] },
}));

function vancouver(): string[] {
  const s = loadBundledStyle('vancouver')!;
  const out = rendererFor('test:renumber:vancouver', () => s.xml).render(ITEMS);
  return ITEMS.map((it) => out.get(it.id)!.text);
}

const SETTINGS = parseSettings({ doi: true, refTitleLink: false });

/** Each link's text and the title word of the entry it lands on, in the order of the paragraph. */
function linksOf(p: ModelParagraph, entryOf: Map<string, string>): Array<[string, string]> {
  return p.links.map((l) => [p.text.slice(l.start, l.end), entryOf.get(l.anchor!) ?? '?']);
}

async function restyled(body: string, to = 'ieee') {
  const out = direct(await buildDocx({ body }), SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle(to)!) });
  const model = buildModel(openDocx(out.docx));
  const refsAt = model.paragraphs.findIndex((x) => x.text === 'References');
  const entries = model.paragraphs.slice(refsAt + 1);
  const entryOf = new Map(entries.flatMap((x) => x.bookmarks.map((b) => [b.name, WORDS.find((w) => x.text.includes(w)) ?? '?'] as [string, string])));
  return { out, model, entries, entryOf };
}

const list = () => vancouver().map((e, i) => p(`[${i + 1}] ${e}`));

test('numbers follow the first citation: ranges stay correct ranges, lists are sorted and collapsed, links land on the entries', async () => {
  const body = [
    p('Cities host beetles and runoff [4–6]. Moss and frost [1, 2] precede pigeons [3].'),
    p('Frost, pigeons and lichen [2–4] again.'),
    p('References', 'Heading1'),
    ...list(),
  ].join('');
  const { out, model, entries, entryOf } = await restyled(body);
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  // First cited: Lichen (4), Runoff (5), Beetles (6), then Moss, Frost, Pigeons.
  assert.deepEqual(entries.map((e) => [/^\[(\d+)\]/.exec(e.text)?.[1], WORDS.find((w) => e.text.includes(w))]),
    [['1', 'Lichen'], ['2', 'Runoff'], ['3', 'Beetles'], ['4', 'Moss'], ['5', 'Frost'], ['6', 'Pigeons']]);
  assert.equal(model.paragraphs[0]!.text, 'Cities host beetles and runoff [1–3]. Moss and frost [4, 5] precede pigeons [6].');
  // [2–4] named Frost, Pigeons, Lichen: now 5, 6 and 1, no longer a range.
  assert.equal(model.paragraphs[1]!.text, 'Frost, pigeons and lichen [1, 5, 6] again.');
  assert.deepEqual(linksOf(model.paragraphs[0]!, entryOf), [['1', 'Lichen'], ['3', 'Beetles'], ['4', 'Moss'], ['5', 'Frost'], ['6', 'Pigeons']]);
  assert.deepEqual(linksOf(model.paragraphs[1]!, entryOf), [['1', 'Lichen'], ['5', 'Frost'], ['6', 'Pigeons']]);
  // A second restyle in the same style changes nothing.
  const again = direct(out.docx, SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle('ieee')!) });
  assert.equal(again.bibRewrite?.outcome, 'rewritten');
  assert.equal(again.stats?.bibliographyRewritten, 0);
});

test('superscript citations are renumbered in place and stay superscript', async () => {
  const body = [
    `<w:p>${r('Beetles and moss')}${r('6,1', SUP)}${r(' then frost')}${r('2', SUP)}${r(' and the rest')}${r('3–5', SUP)}${r('.')}</w:p>`,
    p('References', 'Heading1'),
    ...list(),
  ].join('');
  const { out, model, entryOf } = await restyled(body, 'american-medical-association');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  const para = model.paragraphs[0]!;
  assert.equal(para.text, 'Beetles and moss1,2 then frost3 and the rest4–6.');
  assert.deepEqual(linksOf(para, entryOf), [['1', 'Beetles'], ['2', 'Moss'], ['3', 'Frost'], ['4', 'Pigeons'], ['6', 'Runoff']]);
  const xml = new TextDecoder().decode(openDocx(out.docx).zip.bytes('word/document.xml'));
  const firstPara = /<w:p[ >][\s\S]*?<\/w:p>/.exec(xml)![0];
  assert.equal((firstPara.match(/w:val="superscript"/g) ?? []).length, 7, 'every new number and dash keeps the superscript');
});

test('a citation number that names no entry refuses the renumbering before anything is written', async () => {
  const body = [
    p('Beetles [6] and moss [1], and a stray [9].'),
    p('References', 'Heading1'),
    ...list(),
  ].join('');
  const input = await buildDocx({ body });
  const plain = direct(input, SETTINGS);
  const out = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle('ieee')!) });
  assert.equal(out.bibRewrite?.outcome, 'refused');
  assert.match(out.bibRewrite?.reason ?? '', /numbers the list differently and 1 in-text citation cannot follow: .*names 9, which no entry/);
  assert.deepEqual(buildModel(openDocx(out.docx)).paragraphs.map((x) => x.text), buildModel(openDocx(plain.docx)).paragraphs.map((x) => x.text));
});

test('a list already in citation order keeps its numbers and its citations', async () => {
  const body = [p('Moss [1], frost [2], pigeons [3], lichen [4], runoff and beetles [5, 6].'), p('References', 'Heading1'), ...list()].join('');
  const { out, model } = await restyled(body);
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  assert.equal(model.paragraphs[0]!.text, 'Moss [1], frost [2], pigeons [3], lichen [4], runoff and beetles [5, 6].');
});

test('a style that sets its numbers off otherwise rewrites every citation in its form: brackets become superscripts, labels the style\'s', async () => {
  const body = [
    p('Cities host beetles and runoff [4–6]. Moss and frost [1, 2] precede pigeons [3].'),
    p('References', 'Heading1'),
    ...list(),
  ].join('');
  const { out, model, entries, entryOf } = await restyled(body, 'american-medical-association');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', `${out.bibRewrite?.reason} ${out.warnings?.join('\n')}`);
  const para = model.paragraphs[0]!;
  assert.equal(para.text, 'Cities host beetles and runoff1–3. Moss and frost4,5 precede pigeons6.');
  assert.deepEqual(linksOf(para, entryOf), [['1', 'Lichen'], ['3', 'Beetles'], ['4', 'Moss'], ['5', 'Frost'], ['6', 'Pigeons']]);
  const xml = new TextDecoder().decode(openDocx(out.docx).zip.bytes('word/document.xml'));
  const firstPara = /<w:p[ >][\s\S]*?<\/w:p>/.exec(xml)![0];
  assert.ok((firstPara.match(/w:val="superscript"/g) ?? []).length >= 3, 'the new numbers are superscript');
  // The typed "[n]" labels take the style's "n." form, in the new order.
  assert.deepEqual(entries.map((e) => /^\S+/.exec(e.text)?.[0]), ['1.', '2.', '3.', '4.', '5.', '6.']);
  assert.ok(entries[0]!.text.includes('Lichen'));
});

test('superscript citations become parenthesised numbers, set off by a space, in a style that writes "(1)"', async () => {
  const body = [
    `<w:p>${r('Beetles and moss')}${r('6,1', SUP)}${r(' then frost')}${r('2', SUP)}${r('.')}</w:p>`,
    p('References', 'Heading1'),
    ...list(),
  ].join('');
  const { out, model, entryOf } = await restyled(body, 'vancouver');
  assert.equal(out.bibRewrite?.outcome, 'rewritten', `${out.bibRewrite?.reason} ${out.warnings?.join('\n')}`);
  const para = model.paragraphs[0]!;
  assert.equal(para.text, 'Beetles and moss (1,2) then frost (3).');
  assert.deepEqual(linksOf(para, entryOf), [['1', 'Beetles'], ['2', 'Moss'], ['3', 'Frost']]);
  const xml = new TextDecoder().decode(openDocx(out.docx).zip.bytes('word/document.xml'));
  const firstPara = /<w:p[ >][\s\S]*?<\/w:p>/.exec(xml)![0];
  assert.equal((firstPara.match(/w:val="superscript"/g) ?? []).length, 0, 'nothing stays superscript');
});

test('a citation with a page locator refuses a change of citation form that would drop the page', async () => {
  const body = [p('Beetles [6, p. 4] and moss [1].'), p('References', 'Heading1'), ...list()].join('');
  const input = await buildDocx({ body });
  const out = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle('american-medical-association')!) });
  assert.equal(out.bibRewrite?.outcome, 'refused');
  assert.match(out.bibRewrite?.reason ?? '', /page locator|holds more than its numbers/);
});
