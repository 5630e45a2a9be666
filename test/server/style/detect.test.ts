import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CslItem } from '../../../server/csl/render.ts';
import { detectStyle } from '../../../server/style/detect.ts';
import { parseEntry } from '../../../server/style/parse-entry.ts';
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

test('entry parsing finds the fields of common layouts', () => {
  const p = parseEntry('[3] J. R. Smith and K. Doe, “A study of things,” Journal of Things, vol. 29, no. 5, pp. 575–579, 2011.', 'x');
  assert.equal(p.labelForm, 'brackets');
  assert.deepEqual(p.item.author, [{ family: 'Smith', given: 'J. R.' }, { family: 'Doe', given: 'K.' }]);
  assert.equal(p.item.title, 'A study of things');
  assert.equal(p.item['container-title'], 'Journal of Things');
  assert.deepEqual([p.item.volume, p.item.issue, p.item.page], ['29', '5', '575–579']);
  const q = parseEntry('Smith, J. R., & Doe, K. (2011). A study of things. Journal of Things, 29(5), 575–579.', 'y');
  assert.equal(q.labelForm, 'none');
  assert.deepEqual(q.item.issued, { 'date-parts': [[2011]] });
  assert.equal(q.item.title, 'A study of things');
  assert.deepEqual([q.item.volume, q.item.issue, q.item.page], ['29', '5', '575–579']);
});
