import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CslItem } from '../../../server/csl/render.ts';
import { nameOrderAgreement, orderAgreement } from '../../../server/citation-style/order.ts';

const item: CslItem = {
  id: 'x', type: 'article-journal', author: [{ family: 'Brown', given: 'Alice' }], title: 'Moss growth on north-facing walls',
  'container-title': 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119', issued: { 'date-parts': [[2004]] },
};
// The same entry as two editions of one style would write it, and as a style with the year after the names.
const older = 'Brown, Alice. “Moss Growth on North-Facing Walls.” Journal of Urban Botany 12.3 (2004): 101–119.';
const newer = 'Brown, Alice. “Moss Growth on North-Facing Walls.” Journal of Urban Botany, vol. 12, no. 3, 2004, pp. 101–119.';
const yearFirst = 'Brown, Alice. 2004. “Moss Growth on North-Facing Walls.” Journal of Urban Botany 12 (3): 101–19.';

test('fields are found in an entry whatever the case and punctuation', () => {
  // author, title, container, volume, year found in that order: against the same fields in that order, with the
  // last two swapped, 9 of the 10 pairs agree (a field not found would leave fewer pairs)
  assert.equal(orderAgreement(newer, 'BROWN moss growth on north-facing walls; journal of urban botany, 12 (2004)', item), 1);
  assert.equal(orderAgreement(newer, 'brown. moss growth on north-facing walls. journal of urban botany. 2004, 12', item), 0.9);
});

test('editions that change punctuation agree on order; a year after the names does not', () => {
  assert.equal(orderAgreement(older, newer, item), 1);
  const moved = orderAgreement(older, yearFirst, item);
  assert.ok(moved < 0.75, String(moved));
  // nothing comparable: no penalty
  assert.equal(orderAgreement('Brown', 'Brown', { id: 'y', type: 'book' }), 1);
});

test('the first author written "Family, Given" or "Given Family" is an order too', () => {
  const inverted = 'Brown, A. Journal of Urban Botany 2004, 12, 101–119.';
  const direct = 'A. Brown, Journal of Urban Botany, 2004, 12, 101–119.';
  // the initial found before the family name in one, after it in the other
  assert.equal(nameOrderAgreement(direct, 'Alice Brown', item), 1);
  assert.equal(nameOrderAgreement(direct, 'Brown, Alice', item), 0);
  assert.equal(nameOrderAgreement(inverted, 'Brown, Alice', item), 1);
  assert.equal(nameOrderAgreement(inverted, direct, item), 0);
  assert.equal(nameOrderAgreement(inverted, 'Brown AM. Journal of Urban Botany. 2004;12:101–19.', item), 1);
  assert.equal(orderAgreement(inverted, direct, item), 1);
});
