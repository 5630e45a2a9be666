// After Word replaced the document: the summary of apply's output against the document exported again,
// one row per loss, each said in words; the same document (white space aside) has no problem.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeDocx, type DocxSummary } from '../../../addin/docx/docx-summary.ts';
import { compareSummaries } from '../../../addin/docx/verify.ts';
import { S } from '../../../addin/strings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

const expected = await summarizeDocx(await buildDocx({ body: p('Growth is fast [1].') + p('') + p('References') }));
const withExpected = (over: Partial<DocxSummary>): DocxSummary => ({ ...expected, ...over });
const base: DocxSummary = withExpected({ links: 3, persistedLinks: 3, numberedParagraphs: 2, hasNumberingPart: true, hasSettingsPart: true, textBoxText: 'Box text' });

test('the same document, white space and empty paragraphs aside: no problem', () => {
  const again = { ...base, paragraphs: base.paragraphs.filter((x) => x !== '').map((x) => ` ${x}  `) };
  assert.deepEqual(compareSummaries(base, again), { ok: true, problems: [] });
});

const losses: Array<[string, Partial<DocxSummary>, string]> = [
  ['changed text names the paragraph and both texts', { paragraphs: ['Growth is slow [1].', 'References'] }, S.verify.textChanged(1, 'Growth is fast [1].', 'Growth is slow [1].')],
  ['text boxes lost', { textBoxText: '' }, S.verify.textBoxes],
  ['links lost', { links: 1 }, S.verify.links(3, 1)],
  ['the link records lost', { persistedLinks: null }, S.verify.records],
  ['list numbering lost', { numberedParagraphs: 0 }, S.verify.numbering(2, 0)],
  ['the numbering part lost', { hasNumberingPart: false }, S.verify.numbering(2, 2)],
  ['the settings part lost', { hasSettingsPart: false }, S.verify.settings],
];
for (const [name, change, problem] of losses) {
  test(`a loss said in words: ${name}`, () => assert.deepEqual(compareSummaries(base, { ...base, ...change }), { ok: false, problems: [problem] }));
}

test('more links than expected is not a loss; long texts are cut in the message', () => {
  assert.equal(compareSummaries(base, { ...base, links: 9 }).ok, true);
  const long = 'x'.repeat(100);
  const out = compareSummaries({ ...base, paragraphs: [long] }, { ...base, paragraphs: ['y'] });
  assert.deepEqual(out.problems, [S.verify.textChanged(1, `${'x'.repeat(57)}…`, 'y')]);
});

test('edits since apply: paragraphs added or changed and removed, each with its text; the same document has none', async () => {
  const { editsSince } = await import('../../../addin/docx/verify.ts');
  const before = await summarizeDocx(await buildDocx({ body: p('Growth is fast [1].') + p('Cells divide.') + p('References') }));
  const now = await summarizeDocx(await buildDocx({ body: p('Growth is very fast [1].') + p('References') + p('A new closing line.') }));
  assert.deepEqual(editsSince(before, before), []);
  assert.deepEqual(editsSince(before, now), [
    S.apply.editAdded('Growth is very fast [1].'),
    S.apply.editAdded('A new closing line.'),
    S.apply.editRemoved('Growth is fast [1].'),
    S.apply.editRemoved('Cells divide.'),
  ]);
  assert.deepEqual(editsSince(before, now, 2), [S.apply.editAdded('Growth is very fast [1].'), S.apply.editAdded('A new closing line.'), S.apply.moreEdits(2)]);
});
