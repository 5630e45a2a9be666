// The made-up works every candidate style is rendered on: their set, their batches (distinct first
// authors, so no disambiguation shows), the probes an entry is compared with, given names as initials.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { givenAsInitials, probeBatches, probes, probesFor } from '../../../server/citation-style/probes.ts';

test('every probe has its own id, first author and year; articles cover each volume / issue / pages set', () => {
  const all = probes();
  assert.equal(new Set(all.map((p) => p.id)).size, all.length);
  assert.equal(new Set(all.map((p) => JSON.stringify(p.item.issued))).size, all.length);
  assert.ok(all.every((p) => p.item.author!.length === p.authors));
  assert.deepEqual([...new Set(all.map((p) => p.kind))], ['article', 'book', 'chapter']);
  for (const p of all.filter((q) => q.kind === 'article')) {
    assert.equal(p.item.type, 'article-journal');
    assert.equal(Boolean(p.item.volume), p.fields.includes('v'), p.id);
    assert.equal(Boolean(p.item.issue), p.fields.includes('n'), p.id);
    assert.equal(Boolean(p.item.page), p.fields.includes('p'), p.id);
  }
  assert.ok(all.filter((p) => p.kind === 'chapter').every((p) => p.item.editor?.length && p.item['container-title']));
  assert.equal(probes(), all, 'built once, same order every call');
});

test('a render batch never holds two probes with the same first author, and the batches hold every probe once', () => {
  const batches = probeBatches();
  const ids = batches.flat().map((i) => i.id);
  assert.deepEqual(ids, probes().map((p) => p.id));
  for (const b of batches) {
    const firsts = b.map((i) => i.author![0]!.family);
    assert.equal(new Set(firsts).size, firsts.length, firsts.join(','));
  }
});

test('an article is compared with the articles of the nearest author count only; anything else with every kind', () => {
  const authors = (n: number) => Array.from({ length: n }, (_, k) => ({ family: `F${k}`, given: 'A.' }));
  const article = probesFor({ id: 'x', type: 'article-journal', author: authors(10) });
  assert.ok(article.length > 0);
  assert.ok(article.every((p) => p.kind === 'article' && p.authors === 11), article.map((p) => p.id).join(','));
  // every volume / issue / pages set of that count
  assert.deepEqual(article.map((p) => p.fields).sort(), ['p', 'v', 'vn', 'vnp', 'vp']);

  const book = probesFor({ id: 'y', type: 'book', author: authors(4) });
  assert.deepEqual([...new Set(book.map((p) => p.kind))], ['article', 'book', 'chapter']);
  assert.ok(book.filter((p) => p.kind === 'article').every((p) => p.authors === 4));
  assert.ok(book.filter((p) => p.kind === 'book').every((p) => p.authors === 3 || p.authors === 5));
  assert.ok(book.filter((p) => p.kind === 'chapter').every((p) => p.authors === 3));

  // no authors read: compared as one author
  const anonymous = probesFor({ id: 'z', type: 'article-journal' });
  assert.ok(anonymous.every((p) => p.authors === 1));
  // the answer does not depend on the item beyond type and author count
  assert.equal(probesFor({ id: 'w', type: 'article-journal', author: authors(10), title: 'Other' }), article);
});

test('given names as written become initials, other text is left alone', () => {
  const p = probes()[0]!;
  const a = p.item.author![0]!;
  assert.equal(a.given, 'John Alan');
  assert.equal(givenAsInitials(`${a.family}, John Alan (1950) Growth of moss.`, p), `${a.family}, J. A. (1950) Growth of moss.`);
  assert.equal(givenAsInitials(`${a.family}, J. A. Growth of moss.`, p), `${a.family}, J. A. Growth of moss.`);
  assert.equal(givenAsInitials('John Smith wrote it.', p), 'John Smith wrote it.');
});
