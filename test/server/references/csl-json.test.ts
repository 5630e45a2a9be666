import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstFamily, issuedYear } from '../../../server/references/csl-json.ts';

test('issuedYear and firstFamily read a CSL-JSON item; absent fields are null', () => {
  assert.equal(issuedYear({ issued: { 'date-parts': [[2019, 4]] } }), '2019');
  assert.equal(issuedYear({ issued: { literal: 'n.d.' } }), null);
  assert.equal(issuedYear({}), null);
  assert.equal(firstFamily({ author: [{ family: 'Smith', given: 'J' }] }), 'Smith');
  assert.equal(firstFamily({ author: [{ literal: 'World Health Organization' }] }), 'World Health Organization');
  assert.equal(firstFamily({}), null);
});
