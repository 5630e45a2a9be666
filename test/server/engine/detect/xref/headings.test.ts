// Headings for the section and appendix detectors, one row per case: which paragraphs are headings, their
// typed or list numbers, titles and levels; titles normalised for mentions by name, and slugs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isHeadingParagraph, normTitle, readHeading, slug } from '../../../../../server/engine/detect/xref/headings.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p, r } from '../../../../helpers/docx-builder.ts';

const bold = (t: string) => `<w:p>${r(t, '<w:b/>')}</w:p>`;
const numbering =
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const listHeading = (t: string) => `<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${r(t)}</w:p>`;

const rows: Array<{ name: string; xml: string; heading: boolean; number?: string | null; title?: string; level?: number | null }> = [
  { name: 'a Heading 1 with a typed number', xml: p('2 Materials and Methods', 'Heading1'), heading: true, number: '2', title: 'Materials and Methods', level: 1 },
  { name: 'a dotted number with a trailing period', xml: p('2.1. Sampling', 'Heading2'), heading: true, number: '2.1', title: 'Sampling', level: 2 },
  { name: 'a lettered appendix heading "A. Proofs"', xml: p('A. Proofs', 'Heading1'), heading: true, number: 'A', title: 'Proofs' },
  { name: 'a capital word is not a number', xml: p('A model of growth', 'Heading1'), heading: true, number: null, title: 'A model of growth' },
  { name: 'a number from Word list numbering', xml: listHeading('Results'), heading: true, number: '3', title: 'Results' },
  { name: 'a short all-bold line', xml: bold('Discussion'), heading: true, number: null, title: 'Discussion', level: null },
  { name: 'a bold sentence ending in a period is not', xml: bold('This is bold prose.'), heading: false },
  { name: 'a plain paragraph is not', xml: p('Discussion'), heading: false },
  { name: 'a number alone is not', xml: p('12', 'Heading1'), heading: false },
];

for (const row of rows) {
  test(row.name, async () => {
    const model = buildModel(openDocx(await buildDocx({ body: row.xml, numbering })));
    const para = model.paragraphs[0]!;
    assert.equal(isHeadingParagraph(para), row.heading);
    if (!row.heading) return;
    const h = readHeading(para);
    assert.equal(h.number, row.number);
    assert.equal(h.title, row.title);
    assert.equal(para.text.slice(h.titleStart).trim(), row.title);
    if (row.level !== undefined) assert.equal(h.level, row.level);
  });
}

test('normTitle: "Material & methods" and "Materials and Methods" are one title', () => {
  assert.equal(normTitle('Material & methods'), normTitle('Materials and Methods'));
  assert.equal(normTitle('Results: an overview'), 'result an overview');
  assert.notEqual(normTitle('Methods'), normTitle('Results'));
});

test('slug: lower case, dashes, deterministic, at most 48 characters, never empty', () => {
  assert.equal(slug('Materials and Methods'), 'materials-and-methods');
  assert.equal(slug('  Results: (an) Overview!  '), 'results-an-overview');
  assert.equal(slug('Ergebnisse für Zürich'), slug('Ergebnisse für Zürich'.normalize('NFD')));
  assert.ok(slug('x'.repeat(30) + ' ' + 'y'.repeat(30)).length <= 48);
  assert.ok(!slug('a '.repeat(40)).endsWith('-'));
  assert.equal(slug('—'), 'untitled');
});
