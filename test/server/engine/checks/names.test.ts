// Names as the author–date checks read them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReviewTarget } from '../../../../shared/contract.ts';
import { citedName, entrySurname } from '../../../../server/engine/checks/names.ts';

const surnameOf = (author: string) => entrySurname({ authors: [author] } as ReviewTarget);

test('surnames of entry authors in the common forms', () => {
  assert.equal(entrySurname({} as ReviewTarget), null, 'an entry without authors');
  assert.equal(surnameOf('Adams PD'), 'Adams');
  assert.equal(surnameOf('Smith, J. R.'), 'Smith');
  assert.equal(surnameOf('van der Berg A'), 'van der Berg');
  assert.equal(surnameOf('WHO'), 'WHO');
  assert.equal(surnameOf(' '), null);
});

test('an author–date citation: first author, author form, year with its suffix', () => {
  assert.deepEqual(citedName('Smith, 2019a'), { surname: 'Smith', form: 1, year: '2019a' });
  assert.deepEqual(citedName('Smith and Jones (2019'), { surname: 'Smith', form: 2, year: '2019' });
  assert.deepEqual(citedName('Smith et al., 2019'), { surname: 'Smith', form: 'et-al', year: '2019' });
  assert.deepEqual(citedName('García y col., 2015'), { surname: 'García', form: 'et-al', year: '2015' });
  assert.deepEqual(citedName('y Suguio (1973'), { surname: 'Suguio', form: 1, year: '1973' }, 'a connector left at the start is no author');
  assert.equal(citedName('12'), null);
});
