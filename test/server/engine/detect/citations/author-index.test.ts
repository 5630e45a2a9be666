// Looking up the reference a citation names, one row per case: by number; by first author, co-author,
// "et al." and year, with a/b suffixes printed in the list or (opt-in) implied by its order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEntry } from '../../../../../server/engine/detect/bibliography/entry.ts';
import { AuthorIndex, resolveNumber, type AuthorYearQuery } from '../../../../../server/engine/detect/citations/author-index.ts';
import type { Bibliography } from '../../../../../server/engine/detect/types.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';

async function entries(lines: string[]) {
  const model = buildModel(openDocx(await buildDocx({ body: lines.map((l) => p(l)).join('') })));
  return model.paragraphs.map((para, i) => parseEntry(para, i + 1));
}

test('resolveNumber: the entry printed with that number, else unmatched with the reason', async () => {
  const list = await entries(['1. Smith J. Moss. J Bot. 2004.', '2. Lee K. Light. Ecol. 2020.']);
  const bib = { numbered: true, entries: list } as unknown as Bibliography;
  assert.deepEqual([resolveNumber(bib, 2).status, resolveNumber(bib, 2).target?.key], ['ready', 'bib-2']);
  assert.deepEqual(resolveNumber(bib, 9), { status: 'unmatched', alternatives: [], confidence: 0.3, why: { code: 'numberedMissing', values: { n: '9' } } });
  assert.equal(resolveNumber(null, 1).status, 'unmatched');
});

const q = (first: string, year: string, extra: Partial<AuthorYearQuery> = {}): AuthorYearQuery => ({ first, second: null, etAl: false, year, suffix: null, ...extra });

test('author-year lookups', async () => {
  const index = new AuthorIndex(await entries([
    'Smith J (2020) Moss on walls. J Bot 12:1.',
    'Smith J, Lee K (2020) Moss and light. J Bot 12:9.',
    'Smith J, Lee K, Park S (2020) Moss in cities. J Bot 13:1.',
    'García-López M (2018a) Night light. Ecol 3:7.',
    'García-López M (2018b) Day light. Ecol 3:9.',
    'World Health Organization (WHO) (2015) Report on moss. Geneva.',
    'van Dyk A (2019) Frost. Stone 7:3.',
    'Okafor C (n.d.) An undated note.',
  ]));
  const rows: Array<[string, AuthorYearQuery, boolean, string, string]> = [
    ['one author alone', q('Smith', '2020'), false, 'ready', 'bib-1'],
    ['"Smith and Lee"', q('Smith', '2020', { second: 'Lee' }), false, 'ready', 'bib-2'],
    ['"Smith et al."', q('Smith', '2020', { etAl: true }), false, 'ready', 'bib-3'],
    ['a printed suffix', q('García-López', '2018', { suffix: 'b' }), false, 'ready', 'bib-5'],
    ['the first part of a double surname', q('García', '2018', { suffix: 'a' }), false, 'ready', 'bib-4'],
    ['a corporate acronym', q('WHO', '2015'), false, 'ready', 'bib-6'],
    ['the full corporate name', q('World Health Organization', '2015'), false, 'ready', 'bib-6'],
    ['a surname without its particle', q('Dyk', '2019'), false, 'ready', 'bib-7'],
    ['"n.d."', q('Okafor', 'n.d.'), false, 'ready', 'bib-8'],
  ];
  for (const [name, query, optIn, status, key] of rows) {
    const r = index.resolve(query, optIn);
    assert.deepEqual([r.status, r.target?.key], [status, key], name);
  }
  const wrongYear = index.resolve(q('Smith', '2019'), false);
  assert.deepEqual([wrongYear.status, wrongYear.why], ['unmatched', { code: 'noAuthorYear' }]);
  const noSuchSuffix = index.resolve(q('García-López', '2018', { suffix: 'c' }), false);
  assert.equal(noSuchSuffix.status, 'unmatched');
  assert.equal(index.knowsSurname('Smith'), true);
  assert.equal(index.knowsSurname('Jones'), false);
});

test('a citation naming every author tells apart one team\'s same-year entries by their number of authors', async () => {
  const index = new AuthorIndex(await entries([
    'Correll J, Park B, Judd C, Wittenbrink B (2007) Four. J 1:1.',
    'Correll J, Park B, Judd C, Wittenbrink B, Sadler M, Keesee T (2007) Six. J 1:2.',
  ]));
  const six = index.resolve(q('Correll', '2007', { second: 'Park', etAl: true, named: 6 }), false);
  assert.deepEqual([six.status, six.target?.key], ['ready', 'bib-2']);
  const four = index.resolve(q('Correll', '2007', { second: 'Park', etAl: true, named: 4 }), false);
  assert.deepEqual([four.status, four.target?.key], ['ready', 'bib-1']);
  const etAl = index.resolve(q('Correll', '2007', { etAl: true }), false);
  assert.equal(etAl.status, 'low_confidence', '"Correll et al. 2007" stays ambiguous');
});

test('a list without printed suffixes: a/b by reference order only when opted in, else for review', async () => {
  const index = new AuthorIndex(await entries(['Brown A (2010) First. J 1:1.', 'Brown A (2010) Second. J 1:2.']));
  const optedIn = index.resolve(q('Brown', '2010', { suffix: 'b' }), true);
  assert.deepEqual([optedIn.status, optedIn.target?.key, optedIn.why], ['ready', 'bib-2', { code: 'suffixByOrder' }]);
  const review = index.resolve(q('Brown', '2010', { suffix: 'b' }), false);
  assert.deepEqual([review.status, review.target?.key, review.alternatives.map((e) => e.key)], ['low_confidence', 'bib-2', ['bib-1']]);
  const ambiguous = index.resolve(q('Brown', '2010'), false);
  assert.deepEqual([ambiguous.status, ambiguous.why], ['low_confidence', { code: 'severalAuthorYear', values: { n: '2' } }]);
});

test('an entry without a readable author is found by its first words, "Anon" by having no author, "n.d." only without a year', async () => {
  const index = new AuthorIndex(await entries([
    'WHICH DRUGS HELP THE PATIENT WITH AN ACUTE MYOCARDIAL INFARCTION? (1981). InPharma, 287(1), 15–15.',
    '(2004). The Proceedings of the moss meeting. Moss Society.',
    'Acta Pharmacologica Sinica 27.10 (2006): n. pag.',
    'Vidal de Caralho, L. A., & Fiszman, A. (2001). A theoretical model. J Theor Med, 3, 271.',
    'Anon, 1973. How now, my sweet? The Journal of the American Dental Association, 86, 15.',
    'Ward, A. “Vulnerable Inside: Children in Secure Settings, London, 2002.” Br J Soc Work 33.4 (2003): 586.',
  ]));
  const rows: Array<[string, AuthorYearQuery, string, string | undefined]> = [
    ['a title standing in for the author', q('Which drugs', '1981'), 'ready', 'bib-1'],
    ['a title after a leading year', q('The Proceedings', '2004'), 'ready', 'bib-2'],
    ['a journal-only entry by its first words', q('Acta Pharmacologica', '2006'), 'ready', 'bib-3'],
    ['the first word of a surname with a particle inside', q('Vidal', '2001'), 'ready', 'bib-4'],
    ['"Anon" names an entry without author', q('Anon', '2004'), 'ready', 'bib-2'],
    ['"n.d." is not matched by the letters of "and" in an entry with a year', q('Anon', 'n.d.'), 'unmatched', undefined],
    ['a year written in the entry but not its own is for review', q('Ward', '2002'), 'low_confidence', 'bib-6'],
  ];
  for (const [name, query, status, key] of rows) {
    const r = index.resolve(query, false);
    assert.deepEqual([r.status, r.target?.key], [status, key], name);
  }
  assert.equal(index.knowsSurname('Which drugs'), true);
  assert.equal(index.knowsSurname('Which'), true);
  assert.equal(index.knowsSurname('Drugs'), false, 'only first words');
});

test('a list marking only the second of two same-year entries ("2020b"): "2020a" is the unmarked one, for review', async () => {
  const index = new AuthorIndex(await entries([
    'FERNANDES, J. Braços negros. Expresso, 06 de junho de 2020.',
    'FERNANDES, J. Autores. Expresso. 2020b.',
  ]));
  const a = index.resolve(q('FERNANDES', '2020', { suffix: 'a' }), false);
  assert.deepEqual([a.status, a.target?.key], ['low_confidence', 'bib-1']);
  assert.deepEqual([index.resolve(q('FERNANDES', '2020', { suffix: 'b' }), false).target?.key], ['bib-2']);
  assert.equal(index.resolve(q('FERNANDES', '2020', { suffix: 'c' }), false).status, 'low_confidence', 'one unmarked entry answers any letter no entry prints');
});
