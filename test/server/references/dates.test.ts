// The month and day printed beside an entry's year, in the orders styles print them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findIssueDate, findMonthDay } from '../../../server/references/dates.ts';

const md = (text: string, year: string, from = 0) => {
  const d = findMonthDay(text, year, from);
  return d ? [d.month, d.day] : null;
};

test('month and day in each order: IEEE, ACM, Vancouver, ISO 690, APA', () => {
  assert.deepEqual(md('vol. 141, no. 2, pp. 170–174, Feb. 2006.', '2006'), [2, null]);
  assert.deepEqual(md('8, 2 (Mar. 2012), 63–67.', '2012'), [3, null]);
  assert.deepEqual(md('Eur Heart J. 2017 Nov 27;39(6):461–3.', '2017'), [11, 27]);
  assert.deepEqual(md('Clin Infect Dis [online]. 1 August 2005. Vol. 41', '2005'), [8, 1]);
  assert.deepEqual(md('Smith, J. (2019, June 12). Title.', '2019'), [6, 12]);
  assert.deepEqual(md('Science News, Aug. 12, 2005.', '2005'), [8, 12]);
});

test('a month beside another year, or before `from`, is not the entry\'s; a season is no month', () => {
  assert.equal(md('The events of March 2011 in Japan. J Disaster 2013;4:1–9.', '2013'), null);
  assert.equal(md('Feb. 2006. Title. Journal 12:1.', '2006', 10), null);
  assert.equal(md('Journal 12 (Spring 2004): 101–19.', '2004'), null);
});

test('findIssueDate: Chicago\'s "(June 20):" after the volume, a month alone; none without the colon', () => {
  assert.deepEqual(findIssueDate('ChemInform 29 (31) (June 20): 1–5.'), { month: 6, day: 20, start: 19, end: 29 });
  assert.deepEqual(findIssueDate('Perinatology 16 (08) (August): 407.'), { month: 8, day: null, start: 21, end: 30 });
  assert.equal(findIssueDate('A talk given (June 20) in Paris.'), null);
});
