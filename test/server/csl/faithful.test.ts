// Whether an entry read from its string can be rendered faithfully: the words the reading does not account for,
// and the name that stands for the authors an abbreviated list leaves out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printsUnlisted, unreadWords, withUnlistedAuthor } from '../../../server/csl/faithful.ts';
import type { CslItem } from '../../../server/csl/render.ts';

const item: CslItem = {
  id: 'x', type: 'article-journal', author: [{ family: 'Smith', given: 'Anna Maria' }, { family: 'Lee', given: 'D.' }],
  title: 'Moss walls', 'container-title': 'J Bot', volume: '12', page: '575-579', issued: { 'date-parts': [[2004, 2]] },
};

test('unreadWords: the words no field holds, style terms, initials, links and a short page range aside', () => {
  assert.deepEqual(unreadWords('Smith AM, Lee D. Moss walls. J Bot. 2004 Feb;12:575–9. doi:10.1000/abc. Available from: https://x.org/a', item), []);
  assert.deepEqual(unreadWords('Smith, A. M., & Lee, D. (2004a). Moss walls. J Bot, vol. 12, pp. 575–579.', item), []);
  assert.deepEqual(unreadWords('Smith AM, Lee D. Moss walls in winter. J Bot. 2004;12:575–9. Springer, Berlin.', item), ['winter', 'springer', 'berlin']);
  // A field the entry never had is no loss: nothing is asked of it.
  assert.deepEqual(unreadWords('Lee D. Moss walls. 2004.', { id: 'y', type: 'book', author: [{ family: 'Lee', given: 'D.' }], title: 'Moss walls', issued: { 'date-parts': [[2004]] } }), []);
});

test('withUnlistedAuthor: one name after those given ("et al."), or before the last one (an elided middle)', () => {
  const names = (i: CslItem) => (i.author ?? []).map((a) => (printsUnlisted(a.family ?? '') ? 'stand-in' : a.family));
  assert.deepEqual(names(withUnlistedAuthor(item, false)), ['Smith', 'Lee', 'stand-in']);
  assert.deepEqual(names(withUnlistedAuthor(item, true)), ['Smith', 'stand-in', 'Lee']);
  assert.deepEqual(names(item), ['Smith', 'Lee']);
  assert.equal(withUnlistedAuthor({ id: 'z', type: 'book', title: 'T' }, false).author, undefined);
  const standIn = withUnlistedAuthor(item, false).author![2]!.family!;
  assert.ok(printsUnlisted(`Smith, A., Lee, D., & ${standIn.toUpperCase()}, U. (2004)`));
  assert.ok(!printsUnlisted('Smith, A., Lee, D., et al. (2004)'));
});
