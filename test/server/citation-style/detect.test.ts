import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CslItem } from '../../../server/csl/render.ts';
import { comparedEntryIndices, detectStyle } from '../../../server/citation-style/detect.ts';
import { styleEntry } from '../../../server/citation-style/entry.ts';
import { styleProfiles } from '../../../server/citation-style/profiles.ts';
import { citeprocEnginesBuilt } from '../../helpers/citeproc-engines.ts';
import { listIn } from '../../helpers/csl-lists.ts';

// Items made up for the test (not from the development manuscripts).
const items: CslItem[] = [
  ['Brown', 'Alice M.', 'Moss growth on north-facing walls', 'Journal of Urban Botany', '12', '3', '101-119', 2004],
  ['Kowalski', 'Piotr', 'Frost cracking in limestone', 'Stone Review', '7', '1', '33-40', 1999],
  ['Nakamura', 'Yui', 'A census of city pigeons', 'Bird Counts', '41', '2', '5-18', 2016],
  ['Olsen', 'Erik T.', 'Salt damage on coastal bridges', 'Structures Quarterly', '88', '4', '210-230', 2011],
  ['Garcia', 'Maria', 'Night light and insect decline', 'Ecology Letters Today', '3', '6', '77-90', 2020],
  ['Ahmed', 'Samir', 'Roof gardens and runoff', 'Water Matters', '19', '2', '44-52', 2008],
].map(([family, given, title, container, volume, issue, page, year], i) => ({
  id: `t${i}`, type: 'article-journal', author: [{ family: String(family), given: String(given) }, { family: 'Lee', given: 'Dana' }],
  title: String(title), 'container-title': String(container), volume: String(volume), issue: String(issue), page: String(page),
  issued: { 'date-parts': [[Number(year)]] },
}));


// american-institute-of-physics prints its number inside the entry (no left margin): the label is read off the text.
const numericIds = new Set(['ieee', 'elsevier-with-titles', 'american-institute-of-physics']);
for (const id of ['ieee', 'apa', 'springer-basic-author-date', 'elsevier-with-titles', 'american-institute-of-physics']) {
  test(`a list written in ${id} is detected as ${id}`, () => {
    const r = detectStyle({ entries: listIn(id, items) });
    assert.equal(r.detectedCslId, id, JSON.stringify(r.styleDetection.candidates));
    assert.equal(r.styleDetection.family, numericIds.has(id) ? 'numeric' : 'author-date');
    assert.ok(r.styleDetection.candidates.length > 1);
  });
}

test('no entries: null with the reason', () => {
  const r = detectStyle({ entries: [] });
  assert.equal(r.detectedCslId, null);
  assert.equal(r.styleDetection.evidence.reason, 'no reference entries');
});

test('entries are read through the one reference record: label, body, fields and where they stand', () => {
  const p = styleEntry('[3] J. R. Smith and K. Doe, “A study of things,” Journal of Things, vol. 29, no. 5, pp. 575–579, 2011.', 'x');
  assert.equal(p.labelForm, 'brackets');
  assert.ok(p.body.startsWith('J. R. Smith'), p.body);
  assert.equal(p.item.title, 'A study of things');
  assert.equal(p.body.slice(p.spans.title!.start, p.spans.title!.end), 'A study of things');
  const q = styleEntry('Smith, J. R., & Doe, K. (2011). A study of things. Journal of Things, 29(5), 575–579. doi:', 'y');
  assert.equal(q.labelForm, 'none');
  assert.deepEqual(q.item.issued, { 'date-parts': [[2011]] });
  assert.deepEqual([q.item.volume, q.item.issue], ['29', '5']);
  assert.ok(!q.body.endsWith('doi:'), 'dangling link words are not compared');
  // an abbreviated author list is padded, so that styles abbreviate it their way
  const r = styleEntry('Smith J, Doe K, et al. A study of things. J Things. 2011;29:575–9.', 'z');
  assert.equal(r.etAl, true);
  assert.equal(r.item.author!.length, 9);
});

test('a list the templates are sure of is decided without rendering any style, with a calibrated probability', () => {
  const entries = listIn('apa', items);
  styleProfiles();
  const engines = citeprocEnginesBuilt();
  const r = detectStyle({ entries, citeStyle: 'author-year', confirm: 'never' });
  assert.equal(citeprocEnginesBuilt(), engines, 'no citeproc engine built at detection');
  assert.equal(r.styleDetection.evidence.round, 'template');
  const c = r.styleDetection.confidence;
  assert.ok(c.probability > 0 && c.probability < 1, String(c.probability));
  assert.equal(c.id, r.detectedCslId ?? c.id);
  assert.equal(r.styleDetection.citationForm.form, 'author-date');
});

test('unsure on templates, the finalists are rendered on the entries (confirming round)', () => {
  const r = detectStyle({ entries: listIn('ieee', items).slice(0, 2), citeStyle: 'number', confirm: 'always' });
  assert.equal(r.styleDetection.evidence.round, 'rendered');
  assert.ok(r.styleDetection.candidates.length > 1);
});

test('detection reads the metadata of the compared entries and of no other (the resolver detects once they are answered)', () => {
  // 24 works, more than detection compares: the six items in four years.
  const many = [0, 1, 2, 3].flatMap((k) => items.map((it) => ({ ...it, id: `${it.id}-${k}`, issued: { 'date-parts': [[1990 + k * 7 + Number(it.id.slice(1))]] } })));
  const entries = listIn('apa', many);
  const compared = comparedEntryIndices(entries);
  assert.ok(compared.length > 0 && compared.length < entries.length, `${compared.length} of ${entries.length}`);
  const other: CslItem = { id: 'x', type: 'book', title: 'Something else entirely', issued: { 'date-parts': [[1888]] } };
  const masked = many.map((it, i) => (compared.includes(i) ? it : i % 2 ? null : other));
  for (const confirm of ['never', 'always'] as const) {
    assert.deepEqual(detectStyle({ entries, metadata: masked, confirm }), detectStyle({ entries, metadata: many, confirm }), confirm);
  }
});
