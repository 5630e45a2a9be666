// Surface features of a reference list, from entries read as style detection reads them (the one reference record): label form,
// author name form, year position, quotes, volume and issue layout, "et al.", capitals; a 60% majority.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listFeatures } from '../../../server/citation-style/features.ts';
import { styleEntry } from '../../../server/citation-style/entry.ts';

const parse = (lines: string[]) => lines.map((t, i) => styleEntry(t, `r${i}`));

test('an APA list: family-comma-initials, year after the authors in parentheses, volume(issue)', () => {
  const f = listFeatures(parse([
    'Smith, J., & Lee, K. (2011). Moss on walls. Journal of Urban Botany, 12(3), 101–119.',
    'Garcia, M., & Lee, D. (2020). Night light and insects. Ecology Letters Today, 3(6), 77–90.',
    'Kowalski, P. (1999). Frost cracking in stone. Stone Review, 7(1), 33–40.',
  ]), 'author-year');
  assert.deepEqual([f.nameForm, f.yearPosition, f.volumeIssue, f.titleQuotes, f.etAl, f.allCapsAuthors, f.inTextCitations],
    ['family-comma-initials', 'after-authors-parenthesised', 'volume(issue)', false, false, false, 'author-year']);
});

test('a Vancouver list: numbered labels, family-initials, year towards the end, volume:pages, et al.', () => {
  const f = listFeatures(parse([
    '1. Smith J, Lee K, et al. Moss growth on north-facing walls of old city buildings. J Urban Bot. 2004;12:101–19.',
    '2. Garcia M, Lee D. Night light and the decline of insects in large modern cities. Ecol Lett Today. 2020;3:77–90.',
    '3. Kowalski P. Frost cracking in limestone facades of historic churches. Stone Rev. 1999;7:33–40.',
  ]), 'number');
  assert.deepEqual([f.nameForm, f.volumeIssue, f.etAl], ['family-initials', 'volume:pages', true]);
  assert.notEqual(f.labelForm, 'mixed');
  assert.ok(f.yearPosition === 'end' || f.yearPosition === 'middle', f.yearPosition);
});

test('IEEE: initials before the family name, quoted titles, vol. and no.', () => {
  const f = listFeatures(parse([
    '[1] J. Smith and K. Lee, “Moss on walls,” J. Urban Bot., vol. 12, no. 3, pp. 101–119, 2004.',
    '[2] M. Garcia, “Night light,” Ecol. Lett., vol. 3, no. 6, pp. 77–90, 2020.',
  ]), 'number');
  assert.deepEqual([f.nameForm, f.titleQuotes, f.volumeIssue, f.yearPosition], ['initials-family', true, 'vol-no', 'end']);
});

test('no majority: mixed name forms; no entries: nothing known', () => {
  const mixed = listFeatures(parse(['Smith, J. (2011). A. Nature, 1(2), 3–4.', 'J. Smith, “B,” Nature, vol. 1, 2011.', 'Smith J. C. Nature. 2011;1:3.']), null);
  assert.equal(mixed.nameForm, 'mixed');
  const none = listFeatures([], null);
  assert.deepEqual([none.nameForm, none.labelForm, none.yearPosition, none.volumeIssue, none.etAl], ['unknown', 'mixed', 'mixed', 'other', false]);
});
