// Numeric citation groups, one row per case: which bracketed and parenthesised groups read as citations
// (and their numbers), and which are intervals, indices, arguments, labels, equation numbers or lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bracketGroups, parenGroups, refWordGroups } from '../../../../../server/engine/detect/citations/numeric.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';

async function paragraph(text: string) {
  return buildModel(openDocx(await buildDocx({ body: p(text) }))).paragraphs[0]!;
}
/** Each group as its text and its numbers. */
const shown = (text: string, groups: { start: number; end: number; items: { n: number }[] }[]) => groups.map((g) => `${text.slice(g.start, g.end)}=${g.items.map((i) => i.n).join(',')}`);

const brackets: Array<[string, string, string[]]> = [
  ['a single citation', 'As shown [3].', ['[3]=3']],
  ['a list and a range', 'Known [1, 2] and [4–6].', ['[1, 2]=1,2', '[4–6]=4,6']],
  ['glued to "et al"', 'Okafor et al[12, 13] found it.', ['[12, 13]=12,13']],
  ['an interval', 'values in [0, 1] only', []],
  ['an array index', 'the entry x[1] and M1[3]', []],
  ['after an equation label word', 'see Eq. [2]', []],
  ['a year is not a citation number', 'in [2019] they', []],
  ['a repeated pair is a coordinate', 'at [2, 2] exactly', []],
];
for (const [name, text, groups] of brackets) {
  test(`bracketGroups: ${name}`, async () => assert.deepEqual(shown(text, bracketGroups(await paragraph(text))), groups));
}

const parens: Array<[string, string, string[]]> = [
  ['citations in parentheses', 'It grows (3) and shrinks (4, 5).', ['(3)=3', '(4, 5)=4,5']],
  ['a label\'s own number', 'See Fig. (2) and Eq. (3) and p. (4).', []],
  ['a number past the list', 'It grows (30).', []],
  ['a display-equation label', 'E = mc2\t(1)', []],
  ['an enumeration of statements', 'The model assumes (1) discrete generations, (2) constant size.', []],
  ['a numbered statement after a colon', 'Two steps: (2) heat them.', []],
  ['an argument', 'the value f (2) is small', []],
];
for (const [name, text, groups] of parens) {
  test(`parenGroups: ${name}`, async () => assert.deepEqual(shown(text, parenGroups(await paragraph(text), 20)), groups));
}

test('refWordGroups: numbers after "Ref." and "references", within the list', async () => {
  const text = 'As in Ref. 2, references 4–5, and Ref. 99; not reference 3 patients.';
  assert.deepEqual(shown(text, refWordGroups(await paragraph(text), 20)), ['Ref. 2=2', 'references 4–5=4,5']);
});
