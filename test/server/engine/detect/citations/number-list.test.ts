// The inside of a numeric citation group, one row per case: items with their offsets, ranges give both
// ends, page locators extend the item before them; anything else is not a number list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseNumberList } from '../../../../../server/engine/detect/citations/number-list.ts';

const rows: Array<{ name: string; s: string; items: Array<[number, number, number, number]> | null; locators?: boolean }> = [
  { name: 'one number', s: '1', items: [[1, 0, 1, 1]] },
  { name: 'a list with spaces', s: '1, 12', items: [[1, 0, 1, 1], [12, 3, 5, 5]] },
  { name: 'a range gives both ends', s: '2–4', items: [[2, 0, 1, 1], [4, 2, 3, 3]] },
  { name: 'a spaced hyphen range and a semicolon', s: '2 - 5; 9', items: [[2, 0, 1, 1], [5, 4, 5, 5], [9, 7, 8, 8]] },
  { name: 'a page locator extends the item before it', s: '3, p. 5', items: [[3, 0, 1, 7]] },
  { name: 'a page range locator', s: '3, pp. 5–9', items: [[3, 0, 1, 10]] },
  { name: 'locators refused when not allowed', s: '3, p. 5', items: null, locators: false },
  { name: 'a locator first', s: 'p. 5', items: null },
  { name: 'zero', s: '0', items: null },
  { name: 'a leading zero', s: '01', items: null },
  { name: 'a reversed range', s: '5–2', items: null },
  { name: 'a blank item', s: '1, ,2', items: null },
  { name: 'words', s: '1, and 2', items: null },
  { name: 'five digits', s: '12345', items: null },
];

for (const r of rows) {
  test(r.name, () => {
    const got = parseNumberList(r.s, r.locators ?? true);
    assert.deepEqual(got === null ? null : got.map((i) => [i.n, i.start, i.end, i.endWithPages]), r.items);
  });
}

test('a range in words ("1 a 3", "2 bis 4", "1 to 3") only where the caller allows it (inside brackets)', () => {
  const brief = (s: string, words: boolean) => parseNumberList(s, true, words)?.map((i) => [i.n, i.start, i.end]) ?? null;
  assert.deepEqual(brief('1 a 3', true), [[1, 0, 1], [3, 4, 5]]);
  assert.deepEqual(brief('2 bis 4, 7', true), [[2, 0, 1], [4, 6, 7], [7, 9, 10]]);
  assert.deepEqual(brief('1 to 3', true), [[1, 0, 1], [3, 5, 6]]);
  assert.equal(brief('1 a 3', false), null);
  assert.equal(brief('3 a 1', true), null, 'a reversed range is no range');
});
