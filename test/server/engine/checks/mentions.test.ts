// The graph the checks read: document order, ranges that mention the items between their ends, target numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReviewMatch, ReviewTarget } from '../../../../shared/contract.ts';
import { compareLocations, mentionsByTarget, quoted, targetNumber, typedEntryNumber } from '../../../../server/engine/checks/mentions.ts';

const loc = (paragraph: number, start: number, end: number, part = 'word/document.xml') => ({ part, paragraph, start, end });
const target = (targetId: string, label: string, type: ReviewTarget['type'], refIndex?: number): ReviewTarget => ({ targetId, label, type, location: loc(99, 0, 1), ...(refIndex ? { refIndex } : {}) });
const match = (targetId: string, kind: ReviewMatch['kind'], sourceText: string, l: ReturnType<typeof loc>, after = '', before = ''): ReviewMatch => ({ refId: `m-${targetId}-${l.start}`, targetId, kind, sourceText, status: 'ready', confidence: 1, location: l, context: { before, after } });

test('document order: the main text first, then other parts; paragraph, then offset', () => {
  assert.ok(compareLocations(loc(5, 0, 1), loc(1, 0, 1, 'word/footnotes.xml')) < 0);
  assert.ok(compareLocations(loc(1, 9, 10), loc(2, 0, 1)) < 0);
});

test('a dash between two mentions of a paragraph mentions the items between them; a comma does not', () => {
  const targets = [1, 2, 3, 4, 5].map((i) => target(`bib-${i}`, `[${i}]`, 'bibliography', i)).concat([target('fig-S1', 'Figure S1', 'figure'), target('fig-S2', 'Figure S2', 'figure'), target('fig-S3', 'Figure S3', 'figure')]);
  const mentions = mentionsByTarget([
    match('bib-1', 'citation', '1', loc(0, 1, 2), '–3], [5]'),
    match('bib-3', 'citation', '3', loc(0, 3, 4), '], [5]'),
    match('bib-5', 'citation', '5', loc(0, 7, 8), ']'),
    match('fig-S1', 'figure', 'S1', loc(1, 10, 12), '–S3'),
    match('fig-S3', 'figure', 'S3', loc(1, 13, 15), ''),
  ], targets);
  assert.deepEqual([...mentions.keys()].sort(), ['bib-1', 'bib-2', 'bib-3', 'bib-5', 'fig-S1', 'fig-S2', 'fig-S3']);
  assert.equal(mentions.get('bib-4'), undefined, '[3], [5] is no range');
});

test('target numbers: the series and number of plain labels only', () => {
  assert.deepEqual(targetNumber(target('f', 'Figure 2', 'figure')), { series: 'figure', number: 2 });
  assert.deepEqual(targetNumber(target('t', 'Table S1', 'table')), { series: 'table:S', number: 1 });
  assert.deepEqual(targetNumber(target('e', 'Eq. (3)', 'equation')), { series: 'equation', number: 3 });
  assert.equal(targetNumber(target('f', 'Figure 1—figure supplement 1', 'figure')), null);
  assert.equal(typedEntryNumber('12. Smith J'), 12);
  assert.equal(typedEntryNumber('[3] Smith J'), 3);
  assert.equal(typedEntryNumber('Smith J (2019)'), null);
});

test('a mention quoted as written: the label word before a number, the bracket of a numeric citation', () => {
  assert.equal(quoted(match('x', 'figure', '7', loc(0, 0, 1), '', 'and Figure ')), 'Figure 7');
  assert.equal(quoted(match('x', 'citation', '45', loc(0, 0, 1), ']', 'more [')), '[45]');
  assert.equal(quoted(match('x', 'citation', 'Smith, 2019', loc(0, 0, 1), ')', '(')), 'Smith, 2019');
});
