// Registry first, the manuscript second (server/csl/complete-record.ts), and the renderer that uses it: a resolved
// entry is rendered from its record as it is; a field the record lacks comes from the entry as written only where the
// record alone cannot be rendered; what the record holds is never replaced. Made-up works.
import { causeText } from '../../../shared/causes.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completeRecord } from '../../../server/csl/complete-record.ts';
import { createBibliographyRenderer, emptyFieldMark } from '../../../server/csl/bibliography.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import type { CslItem } from '../../../server/csl/render.ts';
import type { ResolvedWork } from '../../../shared/contract.ts';

const RECORD: CslItem = { id: 'bib-1', type: 'article-journal', title: 'Moss on walls', 'container-title': 'Journal of Urban Botany', volume: '12', author: [{ family: 'Smith', given: 'J.' }], issued: { 'date-parts': [[2004]] } };
const READ: CslItem = { id: 'bib-1', type: 'article-journal', title: 'Moss On Walls', 'container-title': 'J Urban Bot', volume: '13', issue: '3', page: '101-119', author: [{ family: 'Smyth', given: 'J.' }], issued: { 'date-parts': [[2005]] } };

test('completeRecord takes only what the record lacks, and names it', () => {
  const { item, completed } = completeRecord(RECORD, READ, false);
  assert.deepEqual(completed, ['issue', 'pages']);
  assert.deepEqual({ ...item }, { ...RECORD, issue: '3', page: '101-119' });
  const bare = completeRecord({ id: 'bib-1', type: 'article-journal', title: 'Moss on walls', 'container-title': 'Journal of Urban Botany' }, READ, false);
  assert.deepEqual(bare.completed, ['authors', 'year', 'volume', 'issue', 'pages']);
});

test('completeRecord does not take an abbreviated author list, nor a journal that is the record\'s own title', () => {
  const noAuthors = { ...RECORD, author: undefined };
  assert.deepEqual(completeRecord(noAuthors, READ, true).completed.includes('authors'), false);
  const titleIsJournal = { id: 'x', type: 'article-journal', title: 'Nihon Naika Gakkai Zasshi', volume: '70' };
  assert.deepEqual(completeRecord(titleIsJournal, { ...READ, 'container-title': 'Nihon Naika Gakkai Zasshi' }, false).item['container-title'], undefined);
});

const work = (record: NonNullable<ResolvedWork['record']>): ResolvedWork => ({ doi: '10.1000/moss.1', title: 'Moss on walls', confidence: 1, status: 'ready', citationImpact: 'link-only-safe', transactionPlan: null, record });
const entry = (text: string) => ({ key: 'bib-1', text, printedLabel: null, typedLabel: null, doi: null, url: null });
const textOf = (r: ReturnType<ReturnType<typeof createBibliographyRenderer>['render']>) => r.rendered.get('bib-1')?.segments.map((s) => s.text).join('');

test('a resolved entry whose record has no pages takes the pages written (no empty field where the style prints them)', () => {
  const style = loadBundledStyle('springer-basic-author-date')!;
  const record = { type: 'article-journal', title: 'Moss on walls', 'container-title': 'Journal of Urban Botany', volume: '12', author: [{ family: 'Smith', given: 'J.' }, { family: 'Lee', given: 'D.' }], issued: { 'date-parts': [[2004]] } };
  const out = createBibliographyRenderer(style, { 'bib-1': work(record) }).render([entry('Smith J, Lee D: Moss on walls. J Urban Bot 2004, 12:101-119.')]);
  assert.deepEqual(out.skipped, []);
  assert.equal(textOf(out), 'Smith J, Lee D (2004) Moss on walls. Journal of Urban Botany 12:101–119');
});

test('a resolved anonymous, undated work is rendered as the style writes one; so is a record with no journal and none written', () => {
  const style = loadBundledStyle('ieee')!;
  const anonymous = { type: 'article-journal', title: 'Zinc sulfate looks promising for herpes', 'container-title': 'Pharma Notes', volume: '242', page: '13' };
  const out = createBibliographyRenderer(style, { 'bib-1': work(anonymous) }).render([entry('Zinc sulfate looks promising for herpes. Pharma Notes 242, 13.')]);
  assert.deepEqual(out.skipped, []);
  assert.match(textOf(out) ?? '', /^“Zinc sulfate looks promising for herpes,” Pharma Notes, vol\. 242, p\. 13/);
  // Crossref's "other" work whose title is its journal's name: the entry's journal is that title, so nothing is
  // taken from it; the record is rendered as citeproc renders it (its pages are not the entry's to add either).
  const noJournal = { type: 'article-journal', title: 'Nihon Naika Gakkai Zasshi', author: [{ family: 'Nakao', given: 'M.' }], volume: '70', issued: { 'date-parts': [[1981]] } };
  const rendered = createBibliographyRenderer(style, { 'bib-1': work(noJournal) }).render([entry('M. Nakao, Nihon Naika Gakkai Zasshi 70 (1981) 1273.')]);
  assert.deepEqual(rendered.skipped, []);
  assert.equal(textOf(rendered), 'M. Nakao, “Nihon Naika Gakkai Zasshi,” vol. 70, 1981.');
  // A record without a journal whose entry writes one takes it.
  const written = createBibliographyRenderer(style, { 'bib-1': work({ ...noJournal, title: 'Moss on walls' }) }).render([entry('M. Nakao, “Moss on walls,” Journal of Urban Botany, vol. 70, 1981.')]);
  assert.match(textOf(written) ?? '', /“Moss on walls,” Journal of Urban Botany, vol\. 70/);
});

test('a resolved record without pages where the entry gives none either: springer-basic-author-date\'s "volume:" is written without its colon; a string-read entry keeps the guard', () => {
  const style = loadBundledStyle('springer-basic-author-date')!;
  const record = { type: 'article-journal', title: 'Amylase production by halophilic Bacillus cereus', 'container-title': 'African Journal of Microbiology Research', volume: '6', issue: '23', author: [{ family: 'Vijayabaskar', given: 'P.' }], issued: { 'date-parts': [[2012]] }, DOI: '10.5897/ajmr11.1310' };
  const text = 'P. Vijayabaskar. (2012). Amylase production by halophilic Bacillus cereus. African Journal of Microbiology Research, 6(23).';
  const out = createBibliographyRenderer(style, { 'bib-1': work(record) }).render([entry(text)]);
  assert.deepEqual(out.skipped, []);
  assert.equal(textOf(out), 'Vijayabaskar P (2012) Amylase production by halophilic Bacillus cereus. African Journal of Microbiology Research 6. https://doi.org/10.5897/ajmr11.1310');
  assert.equal(emptyFieldMark(textOf(out)!), null);
  const unresolved = createBibliographyRenderer(style, {}).render([entry(text)]);
  // Read from its string it is still refused: since the reader's r9 readings, on its "P. Vijayabaskar. (2012)." opening
  // (names run into the title) before its empty pages field.
  assert.match(causeText(unresolved.skipped[0]!.reason), /empty field|run together/);
});

test('a record the style renders whole is rendered as it is: an issue written in the entry but not in the record is not added', () => {
  const style = loadBundledStyle('apa')!;
  const record = { type: 'article-journal', title: 'Moss on walls', 'container-title': 'Journal of Urban Botany', volume: '12', page: '101-119', author: [{ family: 'Smith', given: 'J.' }], issued: { 'date-parts': [[2004]] } };
  const out = createBibliographyRenderer(style, { 'bib-1': work(record) }).render([entry('Smith, J. (2004). Moss on walls. Journal of Urban Botany, 12(3), 101–119.')]);
  assert.equal(textOf(out), 'Smith, J. (2004). Moss on walls. Journal of Urban Botany, 12, 101–119.');
});

test('emptyFieldMark: a separator ending the entry is an empty field; one before a DOI link is not', () => {
  assert.ok(emptyFieldMark('Smith J, Lee D (2004) Moss on walls. Journal of Urban Botany 12:'));
  assert.equal(emptyFieldMark('Smith J. Moss on walls. Journal of Urban Botany 12(3):101–19. doi: 10.1000/moss.1'), null);
});
