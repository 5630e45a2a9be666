// Bibliography rewrite: a manuscript whose list is written in one style, rewritten to another, matches
// citeproc's own rendering of the same items entry by entry; bookmarks, links, paragraph properties and
// typed labels survive; everything outside the reference list is byte-for-byte unchanged; a second
// rewrite changes nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../../../shared/settings.ts';
import { direct } from '../../../../server/engine/index.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { loadBundledStyle } from '../../../../server/csl/catalog.ts';
import { createBibliographyRenderer } from '../../../../server/csl/bibliography.ts';
import { rendererFor, type CslItem } from '../../../../server/csl/render.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';

// Made-up works (not from any corpus), sorted by first author so that author-date lists keep their order.
const ITEMS: CslItem[] = [
  ['Ahmed', 'S.', 'Roof gardens and runoff in dense cities', 'Water Matters', '19', '2', '44-52', 2008],
  ['Brown', 'A. M.', 'Moss growth on north-facing walls', 'Journal of Urban Botany', '12', '3', '101-119', 2004],
  ['Garcia', 'M.', 'Night light and insect decline', 'Ecology Letters Today', '3', '6', '77-90', 2020],
  ['Kowalski', 'P.', 'Frost cracking in limestone facades', 'Stone Review', '7', '1', '33-40', 1999],
  ['Nakamura', 'Y.', 'A census of city pigeons', 'Bird Counts', '41', '2', '5-18', 2016],
].map(([family, given, title, container, volume, issue, page, year], i) => ({
  id: `w${i}`, type: 'article-journal', author: [{ family: String(family), given: String(given) }, { family: 'Lee', given: 'D.' }],
  title: String(title), 'container-title': String(container), volume: String(volume), issue: String(issue), page: String(page),
  issued: { 'date-parts': [[Number(year)]] },
}));

function rendered(styleId: string, items: CslItem[] = ITEMS): Array<{ label: string; text: string }> {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(`test:${styleId}:${items === ITEMS ? 'as-given' : 'as-written'}`, () => s.xml).render(items);
  return items.map((it) => ({ label: out.get(it.id)!.label, text: out.get(it.id)!.text }));
}

/**
 * The items as a list in `styleId` writes them: styles that print quoted titles in Title Case (Chicago,
 * MLA) lose the sentence case, and a rewrite can only keep the case it reads.
 */
function asWritten(styleId: string): CslItem[] {
  const list = rendered(styleId);
  return ITEMS.map((it, i) => {
    const quoted = /“([^”]+?)[.,]?”/.exec(list[i]!.text)?.[1];
    return quoted ? { ...it, title: quoted } : it;
  });
}

async function manuscript(styleId: string): Promise<Uint8Array> {
  const list = rendered(styleId);
  const numeric = list[0]!.label !== '';
  const cite = (i: number): string => (numeric ? `[${i + 1}]` : `(${ITEMS[i]!.author![0]!.family} and Lee, ${(ITEMS[i]!.issued as { 'date-parts': number[][] })['date-parts'][0]![0]})`);
  const body = [
    p('A study of cities'),
    p('Introduction', 'Heading1'),
    p([`Walls grow moss ${cite(1)} and roofs hold water ${cite(0)}. `, `Light harms insects ${cite(2)}; stone cracks ${cite(3)}.`]),
    `<w:p><w:r><w:rPr><w:i/></w:rPr><w:t>Pigeons</w:t></w:r>${r(` were counted ${cite(4)}.`)}</w:p>`,
    p('References', 'Heading1'),
    ...list.map((e) => `<w:p><w:pPr><w:ind w:left="425" w:hanging="425"/></w:pPr>${r(numeric ? `[${e.label.replace(/\D/g, '')}] ${e.text}` : e.text, '<w:rFonts w:ascii="Times New Roman"/>')}</w:p>`),
  ].join('');
  return buildDocx({ body });
}

const SETTINGS = parseSettings({ doi: true, refTitleLink: false });

function paragraphsXml(docx: Uint8Array): string[] {
  const pkg = openDocx(docx);
  const xml = new TextDecoder().decode(pkg.zip.bytes('word/document.xml'));
  return xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
}

const CITED_AS: Record<string, string> = {
  ieee: 'Walls grow moss [1] and roofs hold water [2]. Light harms insects [3]; stone cracks [4].',
  nature: 'Walls grow moss1 and roofs hold water2. Light harms insects3; stone cracks4.',
  vancouver: 'Walls grow moss (1) and roofs hold water (2). Light harms insects (3); stone cracks (4).',
};

for (const [from, to] of [['ieee', 'nature'], ['apa', 'chicago-author-date'], ['nlm-citation-sequence', 'ieee'], ['springer-basic-author-date', 'elsevier-harvard'], ['chicago-author-date', 'apa'], ['american-medical-association', 'vancouver']] as const) {
  test(`a list in ${from} rewritten to ${to} matches citeproc's ${to} entry by entry`, async () => {
    const input = await manuscript(from);
    const plain = direct(input, SETTINGS);
    const style = loadBundledStyle(to)!;
    const out = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(style) });
    assert.equal(out.stats?.bibliographyRewritten, ITEMS.length, out.warnings?.join('\n'));
    assert.deepEqual([out.bibRewrite?.outcome, out.bibRewrite?.entries], ['rewritten', []]);

    const model = buildModel(openDocx(out.docx));
    const refsAt = model.paragraphs.findIndex((x) => x.text === 'References');
    const entries = model.paragraphs.slice(refsAt + 1);
    const typed = rendered(from)[0]!.label !== '';
    // A numbered list is renumbered in the order the text first cites it: [2] comes first in the text.
    const firstCited = typed ? [1, 0, 2, 3, 4] : [0, 1, 2, 3, 4];
    const written = rendered(to, asWritten(from));
    const expected = firstCited.map((k) => written[k]!);
    entries.forEach((para, i) => {
      // The typed label takes the target style's form ("[2]" → "2."), with the new number.
      const label = typed ? `${rendered(to)[0]!.label.replace(/\d+/, String(i + 1))} ` : '';
      assert.ok(para.text.startsWith(label), `entry ${i + 1} opens on "${label}": ${para.text}`);
      assert.equal(para.text.slice(label.length), expected[i]!.text, `entry ${i + 1}`);
      assert.equal(para.bookmarks.length, 1, `entry ${i + 1} keeps its bookmark`);
      assert.match(para.node['w:p'] ? JSON.stringify(para.node) : '', /w:ind/, 'paragraph properties stay');
    });
    // Every citation link still lands on a bookmark that exists.
    const names = new Set(entries.flatMap((x) => x.bookmarks.map((b) => b.name)));
    const anchors = model.paragraphs.slice(0, refsAt).flatMap((x) => x.links.map((l) => l.anchor)).filter(Boolean);
    assert.equal(anchors.length, ITEMS.length);
    for (const a of anchors) assert.ok(names.has(a!), `link target ${a} exists`);
    // Formatted runs: the style's italics are w:i runs.
    const entryXml = paragraphsXml(out.docx).slice(-ITEMS.length).join('');
    if (/<i>/.test(JSON.stringify(expected)) || ['apa', 'chicago-author-date', 'ieee'].includes(to)) assert.match(entryXml, /<w:i\/>/);
    assert.match(entryXml, /w:rFonts w:ascii="Times New Roman"/, 'the entry font stays');
    // Outside the reference list: byte-for-byte what linking alone writes, but for the renumbered citations.
    const a = paragraphsXml(plain.docx);
    const b = paragraphsXml(out.docx);
    assert.equal(a.length, b.length);
    const renumber = (x: string) => (typed ? x.replace(/(>)1(<)/, '$1#$2').replace(/(>)2(<)/, '$11$2').replace(/#/, '2').replace(/bib-1\b/g, 'bib-#').replace(/bib-2\b/g, 'bib-1').replace(/bib-#/g, 'bib-2') : x);
    // The citations in the target style's own form: "[1]" kept, "¹" or "(1)" written as the style writes them.
    const inText = typed ? CITED_AS[to] : undefined;
    if (inText === undefined || inText.startsWith('Walls grow moss [')) assert.deepEqual(b.slice(0, b.length - ITEMS.length), a.slice(0, a.length - ITEMS.length).map(renumber));
    if (inText !== undefined) assert.equal(model.paragraphs[2]!.text, inText);
    // A second rewrite in the same style changes nothing.
    const again = direct(out.docx, SETTINGS, { bibliography: createBibliographyRenderer(style) });
    assert.equal(again.stats?.bibliographyRewritten, 0);
    assert.deepEqual(paragraphsXml(again.docx), b);
  });
}

const BLOCKED = [
  p('Text cites [1], [2] and [3].'),
  p('References', 'Heading1'),
  p('[1] Smith J, Lee D, et al. Moss on walls. Journal of Urban Botany. 2004;12(3):101–19.'),
  p('[2] Okafor N. Lichens on roofs. Journal of Urban Botany. 2005;13(2):5–9. Reprinted with the permission of the moss society.'),
  p('[3] Brown AM, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12(3):101–119.'),
].join('');

test('an entry that cannot be rendered refuses the whole rewrite: nothing written, each blocking entry named', async () => {
  const input = await buildDocx({ body: BLOCKED });
  const plain = direct(input, SETTINGS);
  const out = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle('vancouver')!) });
  assert.equal(out.stats?.bibliographyRewritten, 0);
  assert.equal(out.bibRewrite?.outcome, 'refused');
  assert.match(out.bibRewrite?.reason ?? '', /2 of 3 entries cannot be rendered/);
  assert.deepEqual(out.bibRewrite?.entries.map((e) => [e.refId, e.label]), [['bib-1', 'Reference [1]'], ['bib-2', 'Reference [2]']]);
  assert.match(out.bibRewrite!.entries[0]!.lacks, /author list is abbreviated/);
  assert.match(out.bibRewrite!.entries[1]!.lacks, /does not account for: .*reprinted/);
  assert.match(out.warnings![0]!, /^Bibliography rewrite refused \(nlm-citation-sequence\)/);
  // Entry 3 could be rendered, but a mixed list is never written: the document is what linking alone writes.
  assert.deepEqual(paragraphsXml(out.docx), paragraphsXml(plain.docx));
});

test('bibRewritePartial writes the entries that can be rendered and names each one kept', async () => {
  const input = await buildDocx({ body: BLOCKED });
  const out = direct(input, parseSettings({ doi: true, bibRewritePartial: true }), { bibliography: createBibliographyRenderer(loadBundledStyle('vancouver')!) });
  assert.equal(out.bibRewrite?.outcome, 'partial');
  assert.equal(out.stats?.bibliographyRewritten, 1);
  assert.deepEqual(out.bibRewrite?.entries.map((e) => e.label), ['Reference [1]', 'Reference [2]']);
  const texts = buildModel(openDocx(out.docx)).paragraphs.map((x) => x.text);
  assert.ok(texts.includes('[2] Okafor N. Lichens on roofs. Journal of Urban Botany. 2005;13(2):5–9. Reprinted with the permission of the moss society.'));
  assert.ok(texts.includes('[3] Brown AM, Lee D. Moss growth on north-facing walls. J Urban Bot. 2004;12(3):101–19.') || texts.some((t) => t.startsWith('[3] ') && t !== BLOCKED), texts.join('\n'));
});

for (const [from, to, why] of [
  ['apa', 'chicago-shortened-notes-bibliography', /is a note style/],
  ['ieee', 'chicago-shortened-notes-bibliography', /is a note style/],
] as const) {
  test(`refused before writing: ${from} to ${to} (${why.source})`, async () => {
    const input = await manuscript(from);
    const plain = direct(input, SETTINGS);
    const out = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle(to)!) });
    assert.equal(out.bibRewrite?.outcome, 'refused');
    assert.match(out.bibRewrite?.reason ?? '', why);
    assert.deepEqual(paragraphsXml(out.docx), paragraphsXml(plain.docx));
  });
}

test('an author-date list is re-sorted as the target style sorts it; every citation still lands on its entry', async () => {
  // Written in APA order, then the first two swapped: APA puts them back.
  const list = rendered('apa');
  const swapped = [list[1]!, list[0]!, ...list.slice(2)];
  const body = [
    p(ITEMS.map((it) => `(${it.author![0]!.family} & Lee, ${(it.issued as { 'date-parts': number[][] })['date-parts'][0]![0]})`).join(' ')),
    p('References', 'Heading1'),
    ...swapped.map((e) => p(e.text)),
  ].join('');
  const out = direct(await buildDocx({ body }), SETTINGS, { bibliography: createBibliographyRenderer(loadBundledStyle('apa')!) });
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  const model = buildModel(openDocx(out.docx));
  const refsAt = model.paragraphs.findIndex((x) => x.text === 'References');
  const entries = model.paragraphs.slice(refsAt + 1);
  assert.deepEqual(entries.map((x) => x.text), list.map((e) => e.text));
  const names = new Map(entries.flatMap((x, i) => x.bookmarks.map((b) => [b.name, i] as const)));
  const links = model.paragraphs[0]!.links;
  assert.equal(links.length, ITEMS.length);
  links.forEach((l, i) => assert.equal(names.get(l.anchor!), i, `citation ${i + 1} lands on entry ${i + 1}`));
});
