import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL, attentionCount, kindsPresent, targetInWords, targetMatchesQuery, targetSearchText, visibleMatches } from '../../../addin/review/filter.ts';
import { match, packet, target } from '../fixtures.ts';
import type { ReviewTarget } from '../../../shared/contract.ts';

const words = (id: string) => ({ ref1: 'Smith 2020. Growth of plants', fig1: 'Figure 1. Growth' })[id] ?? id;

test('needs attention first, then document order', () => {
  const pk = packet();
  const order = visibleMatches(pk.matches, {}, ALL, words).map((m) => m.refId);
  assert.deepEqual(order, ['m2', 'm3', 'm5', 'm7', 'm1', 'm4', 'm6']);
  assert.equal(attentionCount(pk.matches), 4);
});

test('filters by status, kind and search (text, context and target in words, accents folded)', () => {
  const pk = packet();
  const ids = (f: Partial<typeof ALL>, choices = {}) => visibleMatches(pk.matches, choices, { ...ALL, ...f }, words).map((m) => m.refId);
  assert.deepEqual(ids({ status: 'attention' }), ['m2', 'm3', 'm5', 'm7']);
  assert.deepEqual(ids({ status: 'ready', kind: 'citation' }), ['m1']);
  assert.deepEqual(ids({ status: 'undecided' }, { m1: { status: 'approved' } }).includes('m1'), false);
  assert.deepEqual(ids({ status: 'decided' }, { m1: { status: 'approved' } }), ['m1']);
  assert.deepEqual(ids({ query: 'smith' }), ['m1']);
  assert.deepEqual(ids({ query: 'GROWTH' }), ['m1', 'm4']);
  const accented = [match('a', 'citation', 'ready', 'r', { sourceText: 'Müller 2019' })];
  assert.equal(visibleMatches(accented, {}, { ...ALL, query: 'muller' }, words).length, 1);
  assert.deepEqual(kindsPresent(pk.matches), ['citation', 'figure', 'table', 'doi']);
});

test('targets in words: "[2] Prescott 1994 · Title" for references, caption and heading titles, else the first line', () => {
  const ref: ReviewTarget = { ...target('r1', 'bibliography', '[3]'), authors: ['Smith J', 'Jones K', 'Lee M'], firstAuthor: 'Smith', year: '2020', title: 'Growth of plants under light' };
  assert.equal(targetInWords(ref), '[3] Smith 2020 · Growth of plants under light');
  assert.equal(targetInWords({ ...ref, firstAuthor: null }), '[3] Smith 2020 · Growth of plants under light', 'first word of the first author without a parsed family name');
  assert.equal(targetInWords({ ...ref, label: 'Smith et al. 2020' }), 'Smith 2020 · Growth of plants under light', 'an author-year label is not repeated');
  assert.equal(targetInWords({ ...target('r2', 'bibliography', '[4]'), text: 'Doe A. Unparsed entry.' }), '[4] Doe A. Unparsed entry.');
  assert.equal(targetInWords({ ...target('f', 'figure', 'Figure 2'), text: 'Figure 2. Leaves.\nLong legend', title: 'Leaves' }), 'Figure 2 · Leaves');
  assert.equal(targetInWords({ ...target('f', 'figure', 'Figure 2'), text: 'Figure 2. Leaves.\nLong legend' }), 'Figure 2. Leaves.');
  assert.equal(targetInWords({ ...target('s', 'section', 'Section 3.1'), title: 'Methods' }), 'Section 3.1 · Methods');
  assert.equal(targetInWords({ ...target('s', 'section', 'Discussion'), title: 'Discussion' }), 'Discussion');
  assert.equal(targetInWords({ ...target('s', 'section', '3.1'), text: 'Methods' }), '3.1 Methods');
  assert.equal(targetInWords(target('t', 'table', 'Table 1')), 'Table 1');
});

test('retarget search: every word of the query in the target\'s words, text, authors or DOI, accents folded', () => {
  const a: ReviewTarget = { ...target('r2', 'bibliography', '[2]'), firstAuthor: 'Prescott', authors: ['Prescott DM'], year: '1994', title: 'The DNA of ciliated protozoa', text: 'Prescott DM. The DNA of ciliated protozoa. Microbiol Rev. 1994.' };
  const b: ReviewTarget = { ...target('r105', 'bibliography', '[105]'), firstAuthor: 'Prescott', authors: ['Prescott DM', 'Murti KG'], year: '1971', title: 'Viral Télomeres', doi: '10.1/xyz' };
  const find = (q: string) => [a, b].filter((t) => targetMatchesQuery(targetSearchText(t), q)).map((t) => t.label);
  assert.deepEqual(find('ciliated'), ['[2]']);
  assert.deepEqual(find('prescott 1971'), ['[105]']);
  assert.deepEqual(find('telomeres'), ['[105]']);
  assert.deepEqual(find('Murti'), ['[105]']);
  assert.deepEqual(find('10.1/xyz'), ['[105]']);
  assert.deepEqual(find('Prescott'), ['[2]', '[105]']);
});

test('nextToReview: the next undecided row needing attention, wrapping to the top; then any undecided row; then the row after', async () => {
  const { nextToReview } = await import('../../../addin/review/filter.ts');
  const list = [match('a', 'citation', 'unmatched', ''), match('b', 'citation', 'ready', 'r'), match('c', 'figure', 'held', 'f'), match('d', 'figure', 'ready', 'f')];
  assert.equal(nextToReview(list, {}, 'a'), 'c', 'b is ready: passed over');
  assert.equal(nextToReview(list, {}, 'c'), 'a', 'wraps to the top for a row still needing attention');
  assert.equal(nextToReview(list, { a: { status: 'approved' } }, 'c'), 'd', 'no attention left: the next undecided row');
  const all = { a: { status: 'approved' }, b: { status: 'approved' }, c: { status: 'skipped' }, d: { status: 'approved' } } as const;
  assert.equal(nextToReview(list, all, 'b'), 'c', 'all decided: the row after');
  assert.equal(nextToReview(list, all, 'd'), null);
});
