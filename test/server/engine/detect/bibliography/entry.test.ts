// One reference paragraph as a bibliography target, one row per format: key, label number (printed or
// from Word numbering), surnames, year and suffix, title, DOI, URL; and its author-year label.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { authorYearLabel, parseEntry } from '../../../../../server/engine/detect/bibliography/entry.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p, r } from '../../../../helpers/docx-builder.ts';

async function entry(xml: string, numbering?: string) {
  const para = buildModel(openDocx(await buildDocx({ body: xml, ...(numbering ? { numbering } : {}) }))).paragraphs[0]!;
  return parseEntry(para, 7);
}

test('Vancouver: printed number, surnames, year, title, DOI', async () => {
  const e = await entry(p('12. Smith J, Lee K. Moss on north walls. J Bot. 2004;12(3):101–9. doi:10.1000/moss.12'));
  assert.deepEqual(
    [e.key, e.labelNumber, e.number, e.printedLabel, e.surnames, e.year, e.yearSuffix, e.titleText, e.doi, e.url, e.etAl],
    ['bib-7', 12, '12', '12.', ['Smith', 'Lee'], '2004', null, 'Moss on north walls', '10.1000/moss.12', null, false],
  );
  assert.equal(authorYearLabel(e), 'Smith and Lee 2004');
});

test('APA: no label, year with suffix in parentheses, title after it; three authors are et al.', async () => {
  const e = await entry(p('Okafor, C., Adeyemi, T., & Park, S. (2019b). Microbial mats in cold lakes. Limnology, 3(2), 1–9. https://example.org/mats'));
  assert.deepEqual([e.labelNumber, e.printedLabel, e.surnames, e.year, e.baseYear, e.yearSuffix, e.titleText, e.url, e.etAl],
    [null, null, ['Okafor', 'Adeyemi', 'Park'], '2019b', '2019', 'b', 'Microbial mats in cold lakes', 'https://example.org/mats', true]);
  assert.equal(authorYearLabel(e), 'Okafor et al. 2019b');
});

test('a number from Word list numbering wins over the text', async () => {
  const numbering = '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="4"/><w:numFmt w:val="decimal"/><w:lvlText w:val="[%1]"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
  const e = await entry(`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${r('Lee K. Light at night. Ecol. 2020.')}</w:p>`, numbering);
  assert.deepEqual([e.labelNumber, e.printedLabel, e.surnames], [4, '[4]', ['Lee']]);
  assert.equal(authorYearLabel(e), 'Lee 2020');
});

test('an edited volume: the editors stand in for missing authors', async () => {
  const e = await entry(p('2010. In: Grown C, Valodia I (Eds). Taxation and gender equity. London: Routledge.'));
  assert.deepEqual([e.labelNumber, e.surnames, e.year], [null, ['Grown', 'Valodia'], '2010']);
});

test('no year: the label is the author alone', async () => {
  const e = await entry(p('Hale E. n.d. An undated report on moss.'));
  assert.deepEqual([e.surnames, e.year], [['Hale'], null]);
  assert.equal(authorYearLabel(e), 'Hale');
});
