// Duplicate entries: the same DOI, the same first author, year and title, or the same text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReviewTarget } from '../../../../shared/contract.ts';
import { duplicateChecks } from '../../../../server/engine/checks/duplicates.ts';

const entry = (i: number, extra: Partial<ReviewTarget>): ReviewTarget => ({ targetId: `bib-${i}`, label: `[${i}]`, type: 'bibliography', location: { part: 'word/document.xml', paragraph: i, start: 0, end: 5 }, refIndex: i, text: `${i}. Entry number ${i} with its own words here.`, ...extra });

test('the same DOI, the same first author, year and title, and the same text are duplicates; different works are not', () => {
  const found = duplicateChecks([
    entry(1, { doi: '10.1/A' }),
    entry(2, { doi: '10.1/a' }),
    entry(3, { authors: ['Smith J'], year: '2019', title: 'A study of things and more' }),
    entry(4, { authors: ['Smith, J.'], year: '2019', title: 'A Study of Things, and More', text: '4. Smith J. (2019). A Study of Things, and More. Journal.' }),
    entry(5, { authors: ['Smith J'], year: '2020', title: 'A study of things and more' }),
  ]);
  assert.deepEqual(found.map((f) => [f.message, f.related]), [
    ['Reference 2 repeats reference 1: the same DOI (10.1/a)', ['bib-1', 'bib-2']],
    ['Reference 4 repeats reference 3: the same first author, year and title', ['bib-3', 'bib-4']],
  ]);
});
