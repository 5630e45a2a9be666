// The shared grammar of cross-reference lists, one row per case: the items parseItems reads from a
// position (numbers, sub-panels, parentheses, lists and ranges), and number tokens normalised for keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allMatches, leadingSpace, normNumber, parseItems, type ItemGrammar } from '../../../../../server/engine/detect/xref/grammar.ts';

const FIG: ItemGrammar = { subpanels: true, parens: false };
const EQ: ItemGrammar = { subpanels: false, parens: true };

/** Each item as "number|numbersub" texts, "~" marking the end of a range. */
function read(text: string, g: ItemGrammar, from = 0): string[] {
  return parseItems(text, from, g).map((i) => `${i.rangeEnd ? '~' : ''}${text.slice(i.number.start, i.number.end)}|${text.slice(i.numbersub.start, i.numbersub.end)}`);
}

const rows: Array<[string, string, ItemGrammar, string[]]> = [
  ['one number', '2 shows', FIG, ['2|2']],
  ['a sub-panel letter', '2b shows', FIG, ['2|2b']],
  ['a panel range', '2A–C and 3', FIG, ['2|2A–C', '3|3']],
  ['a list with "and" and an Oxford comma', '1, 2, and 4.', FIG, ['1|1', '2|2', '4|4']],
  ['a dash range; the semicolon stops before "5 to 7"', '1–3; 5 to 7', FIG, ['1|1', '~3|3']],
  ['"to" as a range', '5 to 7', FIG, ['5|5', '~7|7']],
  ['a semicolon ends the list', '2; 3', FIG, ['2|2']],
  ['supplementary and dotted numbers', 'S1 and 2.1', FIG, ['S1|S1', '2.1|2.1']],
  ['a word right after the number is not a panel', '2bis', FIG, []],
  ['a unit after the number is not an item', '4°C', FIG, []],
  ['parenthesised numbers', '(1) and (2)–(4)', EQ, ['(1)|(1)', '(2)|(2)', '~(4)|(4)']],
  ['no sub-panels where the grammar has none', '2b', EQ, []],
  ['nothing at the position', 'see 2', FIG, []],
];
for (const [name, text, g, items] of rows) test(`parseItems: ${name}`, () => assert.deepEqual(read(text, g), items));

test('parseItems reads from the given position only', () => {
  assert.deepEqual(read('Figs. 3 and 4', FIG, 6), ['3|3', '4|4']);
  assert.deepEqual(read('Figs. 3 and 4', FIG, 5), []);
});

const numbers: Array<[string, string]> = [['01', '1'], ['2.1.', '2.1'], ['S01', 'S1'], ['2.01', '2.1'], ['10', '10'], ['A0', 'A0']];
for (const [token, out] of numbers) test(`normNumber("${token}") = "${out}"`, () => assert.equal(normNumber(token), out));

test('allMatches yields every match of a global regex, empty ones without looping', () => {
  assert.deepEqual([...allMatches(/\d+/g, 'a1b22c333')].map((m) => [m[0], m.index]), [['1', 1], ['22', 3], ['333', 6]]);
  assert.equal([...allMatches(/x*/g, 'ab')].length, 3);
  assert.equal(leadingSpace('\u00a0  Figure'), 3);
});

test('allMatches of a pattern opening with lookbehinds (pre-filtered without them) keeps exactly its matches', () => {
  const label = /(?<![\p{L}])(?<![(\])][\s]*)(?:Appendix|App\.)[\s]+([A-Z])/gu;
  const found = (text: string) => [...allMatches(label, text)].map((m) => [m[1], m.index]);
  assert.deepEqual(found('see Appendix A and App. B, not XAppendix C nor (App. D'), [['A', 4], ['B', 19]]);
  // Text the pattern without its lookbehinds cannot match: nothing, and the regex is left usable.
  assert.deepEqual(found('no label here'), []);
  assert.deepEqual(found('Appendix Z'), [['Z', 0]]);
  // A back-reference keeps the whole pattern (no pre-filter): matches as before.
  assert.deepEqual([...allMatches(/(?<!x)(a)\1/g, 'aa xaa baa')].map((m) => m.index), [0, 8]);
});
