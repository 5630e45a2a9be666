import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workToCsl } from '../../../server/resolver/work-csl.ts';

test('a Crossref work as CSL-JSON: every author, year, title with subtitle, container, numbers, DOI', () => {
  const item = workToCsl({
    DOI: '10.1655/07-015.1', type: 'journal-article', title: ['Intraguild <i>interactions</i>'], subtitle: ['a review'],
    author: [{ given: 'R. C.', family: 'Bruce' }, { name: 'Salamander Group' }, { family: 'Lee' }],
    issued: { 'date-parts': [[2008, 3]] }, 'container-title': ['Herpetological Monographs'], volume: '22', issue: '1', page: '31-53',
  });
  assert.deepEqual(item, {
    id: '10.1655/07-015.1', type: 'article-journal', DOI: '10.1655/07-015.1',
    author: [{ family: 'Bruce', given: 'R. C.' }, { literal: 'Salamander Group' }, { family: 'Lee' }],
    issued: { 'date-parts': [[2008]] }, title: 'Intraguild interactions: a review', 'container-title': 'Herpetological Monographs',
    volume: '22', issue: '1', page: '31-53',
  });
  assert.deepEqual(workToCsl({ DOI: '10.1/x', type: 'proceedings-article' }), { id: '10.1/x', type: 'paper-conference', DOI: '10.1/x' });
});
