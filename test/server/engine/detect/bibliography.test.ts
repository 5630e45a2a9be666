import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p, r } from '../../../helpers/docx-builder.ts';
import { detectBibliography } from '../../../../server/engine/detect/bibliography.ts';
import { context } from './cite-helpers.ts';

const B = '<w:b/>';

test('numbered list after a Heading 1 "References": labels, authors, year, title, DOI, URL', async () => {
  const ctx = await context({
    body:
      p('Introduction', 'Heading1') +
      p('Text citing [1] and [2].') +
      p('References', 'Heading1') +
      p('1. Renart A, Machens CK (2014) Variability in neural activity and behavior. Curr Opin Neurobiol 25: 211–220. doi: 10.1016/j.conb.2014.02.013') +
      p('[2] Smith J, Jones K. 2020b. A title here. Nature 1:2. https://example.org/paper') +
      p('Supplementary Information', 'Heading1') +
      p('S1 Table. Something.'),
  });
  const bib = detectBibliography(ctx)!;
  assert.ok(bib);
  assert.equal(bib.numbered, true);
  assert.deepEqual(bib.entries.map((e) => [e.key, e.label, e.labelNumber]), [['bib-1', '[1]', 1], ['bib-2', '[2]', 2]]);
  const [a, b] = bib.entries;
  assert.deepEqual(a!.surnames, ['Renart', 'Machens']);
  assert.equal(a!.year, '2014');
  assert.equal(a!.titleText, 'Variability in neural activity and behavior');
  assert.equal(a!.doi, '10.1016/j.conb.2014.02.013');
  assert.equal(a!.printedLabel, '1.');
  // What the packet shows of each entry: first author, year and title as read.
  assert.deepEqual([a!.firstAuthor, a!.year, a!.title], ['Renart', '2014', 'Variability in neural activity and behavior']);
  // Each entry carries its record from the one reference reader: CSL-JSON item, label, spans.
  assert.deepEqual([a!.record.label, a!.record.item.id, a!.record.item['container-title'], a!.record.item.volume], [{ text: '1.', number: 1 }, 'bib-1', 'Curr Opin Neurobiol', '25']);
  const span = a!.record.spans.title!;
  assert.equal(a!.text.slice(span.start, span.end), 'Variability in neural activity and behavior');
  assert.equal(b!.baseYear, '2020');
  assert.equal(b!.yearSuffix, 'b');
  assert.equal(b!.url, 'https://example.org/paper');
  // Region: heading and the two entries; stops at the Supplementary heading.
  assert.deepEqual([...bib.region].map((x) => x.text.slice(0, 10)), ['References', '1. Renart ', '[2] Smith ']);
});

test('author-year list under a short bold Normal paragraph, with particles and corporate authors', async () => {
  const ctx = await context({
    body:
      p('Body (Smith et al., 2020).') +
      `<w:p>${r('Literature Cited', B)}</w:p>` +
      p('Smith J, Brown K, White L. 2020. First paper. J Biol 1:1–2.') +
      p('van der Berg A, Jones B. 2019a. Second paper. J Biol 2:3–4.') +
      p('World Health Organization. 2018. Global report. Geneva: WHO.'),
  });
  const bib = detectBibliography(ctx)!;
  assert.equal(bib.numbered, false);
  assert.deepEqual(bib.entries.map((e) => e.label), ['Smith et al. 2020', 'van der Berg and Jones 2019a', 'World Health Organization 2018']);
  assert.deepEqual(bib.entries[1]!.surnames, ['van der Berg', 'Jones']);
  assert.equal(bib.entries[1]!.labelNumber, null);
});

test('Word list numbering gives the label through numbering.text', async () => {
  const numbering = `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="[%1]"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
  const li = (t: string) => `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${r(t)}</w:p>`;
  const ctx = await context({
    numbering,
    body: p('Text [2].') + p('References', 'Heading1') + li('Adams P, Baker R. Title one. J 2001;1:1.') + li('Clark S. Title two. J 2002;2:2.'),
  });
  const bib = detectBibliography(ctx)!;
  assert.equal(bib.numbered, true);
  assert.deepEqual(bib.entries.map((e) => [e.label, e.printedLabel, e.surnames[0], e.year]), [
    ['[1]', '[1]', 'Adams', '2001'],
    ['[2]', '[2]', 'Clark', '2002'],
  ]);
});

test('no heading: the final block of reference-like paragraphs', async () => {
  const ctx = await context({
    body:
      p('We show it works (Adams, 2001; Clark and Dole, 2002).') +
      p('A closing remark about the study in 2020.') +
      p('Adams P. 2001. Title one. Journal 1:1–5.') +
      p('Clark S, Dole T. 2002. Title two. Journal 2:6–9.') +
      p('Evans U, Ford V, Gray W. 2003. Title three. Journal 3:10–12.'),
  });
  const bib = detectBibliography(ctx)!;
  assert.equal(bib.entries.length, 3);
  assert.equal(bib.region.size, 3);
  assert.deepEqual(bib.entries.map((e) => e.key), ['bib-1', 'bib-2', 'bib-3']);
});

test('a document without references gives null', async () => {
  const ctx = await context({ body: p('Introduction', 'Heading1') + p('Nothing cited here.') });
  assert.equal(detectBibliography(ctx), null);
});
