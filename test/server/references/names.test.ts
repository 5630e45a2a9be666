// The author block's names (server/references/names.ts): each author list, split at commas and "and" as
// parseAuthors splits it, read into family and given names as written, in the forms the styles write them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { notAName, readAuthors } from '../../../server/references/names.ts';

const read = (chunks: string[]) => readAuthors(chunks).map((a) => [a.family, a.given]);

test('Vancouver and APA chunks carry their initials and pass through as one author each', () => {
  assert.deepEqual(read(['Brown AM', 'Lee D']), [['Brown', 'AM'], ['Lee', 'D']]);
  assert.deepEqual(read(['Brown, A. M.', 'Lee, D.']), [['Brown', 'A. M.'], ['Lee', 'D.']]);
});

test('Chicago and MLA: "Surname, Given Names" first, then "Given Surname", particles and a suffix kept', () => {
  assert.deepEqual(read(['Brown', 'Anna M.', 'Piotr Kowalski', 'Lee Chen Jr.']), [['Brown', 'Anna M.'], ['Kowalski', 'Piotr'], ['Chen', 'Lee']]);
  assert.deepEqual(read(['Brown', 'Anna M.', 'Anna M. de Vries']), [['Brown', 'Anna M.'], ['de Vries', 'Anna M.']]);
  assert.deepEqual(read(['Brown', 'Anna M., Jr', 'Piotr Kowalski']), [['Brown', 'Anna M., Jr'], ['Kowalski', 'Piotr']]);
});

test('an editors marker is no author; APA 6\'s elided middle "… Odabas, A. R." is the last author, clean', () => {
  assert.deepEqual(read(['Smith, J.', 'Eds.']), [['Smith', 'J.']]);
  assert.deepEqual(read(['Erdem, D.', '… Odabas, A. R.']), [['Erdem', 'D.'], ['Odabas', 'A. R.']]);
});

test('notAName: a joining word, digits, a colon; an organisation with "of" and no given names is a name', () => {
  assert.equal(notAName({ family: 'NOTES AND ANNOUNCEMENTS', given: 'Language Learning' }), true);
  assert.equal(notAName({ family: 'The American Journal of the Medical Sciences 237', given: null }), true);
  assert.equal(notAName({ family: ': Subject Index', given: null }), true);
  assert.equal(notAName({ family: 'Ministry of Health', given: null }), false);
  assert.equal(notAName({ family: 'van der Berg', given: 'J.' }), false);
});
