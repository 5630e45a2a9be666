// What the pane passes to Word's body.search: Word's escapes (^^, ^t), line breaks folded, long texts cut
// at a word under Word's 255-character limit; and which of the identical hits a match is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { occurrenceOf, searchTextFor } from '../../../addin/host/search-text.ts';
import { match } from '../fixtures.ts';

const rows: Array<[string, string, string]> = [
  ['plain text unchanged', 'Figure 2', 'Figure 2'],
  ['a caret doubled', 'x^2 term', 'x^^2 term'],
  ['a tab as ^t', 'a\tb', 'a^tb'],
  ['line breaks folded to one space', 'end of\r\n  line', 'end of line'],
];
for (const [name, input, out] of rows) test(`searchTextFor: ${name}`, () => assert.equal(searchTextFor(input), out));

/** Word rejects search strings of 255 characters or more. */
const WORD_SEARCH_LIMIT = 255;

test('searchTextFor: a long text is cut at a word under the limit, escapes counted', () => {
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  const cut = searchTextFor(words);
  assert.ok(cut.length < WORD_SEARCH_LIMIT);
  assert.ok(words.startsWith(cut) && words[cut.length] === ' ', cut);
  const carets = searchTextFor('^'.repeat(300));
  assert.ok(carets.length < WORD_SEARCH_LIMIT && carets.length % 2 === 0 && /^(\^\^)+$/.test(carets));
});

test('occurrenceOf: identical earlier matches of the same part, in document order', () => {
  const at = (refId: string, paragraph: number, start: number, part = 'word/document.xml', sourceText = '[1]') =>
    match(refId, 'citation', 'ready', 'ref1', { sourceText, location: { part, paragraph, start, end: start + 3 } });
  const a = at('a', 1, 10);
  const b = at('b', 1, 40);
  const c = at('c', 3, 0);
  const other = at('d', 2, 0, 'word/document.xml', '[2]');
  const note = at('e', 0, 0, 'word/footnotes.xml');
  const all = [c, note, other, b, a];
  assert.deepEqual([a, b, c, other, note].map((m) => occurrenceOf(m, all)), [0, 1, 2, 0, 0]);
});
