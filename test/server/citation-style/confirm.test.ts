// The confirming round: a style rendered on the list's own records and compared with the text as written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CslItem } from '../../../server/csl/render.ts';
import { itemsToRender, renderScore } from '../../../server/citation-style/confirm.ts';
import { styleEntry, UNSEEN_TITLE } from '../../../server/citation-style/entry.ts';
import { listIn } from '../../helpers/csl-lists.ts';

// Items made up for the test (not from the development manuscripts).
const items: CslItem[] = [
  ['Brown', 'Alice M.', 'Moss growth on north-facing walls', 'Journal of Urban Botany', '12', '3', '101-119', 2004],
  ['Kowalski', 'Piotr', 'Frost cracking in limestone', 'Stone Review', '7', '1', '33-40', 1999],
  ['Nakamura', 'Yui', 'A census of city pigeons', 'Bird Counts', '41', '2', '5-18', 2016],
  ['Olsen', 'Erik T.', 'Salt damage on coastal bridges', 'Structures Quarterly', '88', '4', '210-230', 2011],
].map(([family, given, title, container, volume, issue, page, year], i) => ({
  id: `t${i}`, type: 'article-journal', author: [{ family: String(family), given: String(given) }, { family: 'Lee', given: 'Dana' }],
  title: String(title), 'container-title': String(container), volume: String(volume), issue: String(issue), page: String(page),
  issued: { 'date-parts': [[Number(year)]] },
}));

const entriesIn = (styleId: string) => listIn(styleId, items).map((e, i) => styleEntry(e.text, `t${i}`));

test('the style a list is written in scores above another style on the same records, entry by entry', () => {
  for (const [written, other] of [['apa', 'ieee'], ['ieee', 'apa']] as const) {
    const entries = entriesIn(written);
    const own = renderScore(written, entries, items)!;
    const foreign = renderScore(other, entries, items)!;
    assert.equal(own.id, written);
    assert.equal(own.rendered, written);
    assert.equal(own.perEntry.length, items.length);
    assert.equal(own.signature.split('\n').length, items.length);
    assert.ok(own.score > foreign.score, `${written}: ${own.score} vs ${other}: ${foreign.score}`);
    own.perEntry.forEach((s, i) => assert.ok(s > foreign.perEntry[i]!, `entry ${i}: ${s} vs ${foreign.perEntry[i]}`));
  }
});

test('a former layout answers the current style it stands for; a style that cannot be rendered gives null, not a throw', () => {
  const entries = entriesIn('apa');
  const former = renderScore('former:plos-2014', entries, items)!;
  assert.equal(former.rendered, 'former:plos-2014');
  assert.equal(former.id, 'plos');
  assert.equal(renderScore('no-such-style-anywhere', entries, items), null);
});

test('items to render: with a container an article, without one a book, a missing journal title stood in for', () => {
  const base = { author: [{ family: 'Brown', given: 'A.' }], issued: { 'date-parts': [[2004]] } };
  const [chapter, book, untitled, bare, untitledNoPlace] = itemsToRender([
    { id: 'a', type: 'chapter', title: 'Moss', 'container-title': 'Walls', ...base },
    { id: 'b', type: 'article-journal', title: 'Moss', ...base },
    { id: 'c', type: 'article-journal', 'container-title': 'Walls', volume: '12', ...base },
    { id: 'd', type: 'report', ...base },
    { id: 'e', type: 'article-journal', 'container-title': 'Walls', ...base },
  ]);
  assert.equal(chapter!.type, 'article-journal');
  assert.equal(chapter!.title, 'Moss');
  assert.equal(book!.type, 'book');
  assert.equal(untitled!.type, 'article-journal');
  assert.equal(untitled!.title, UNSEEN_TITLE);
  // nothing to tell a type by: the item's own type is kept, no title invented
  assert.equal(bare!.type, 'report');
  assert.equal(bare!.title, undefined);
  // a container without volume or pages gets no stand-in title
  assert.equal(untitledNoPlace!.title, undefined);
  // the records given are not changed
  assert.equal(itemsToRender([items[0]!])[0] === items[0], false);
  assert.equal(items[0]!.type, 'article-journal');
});
