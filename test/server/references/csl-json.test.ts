import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstFamily } from '../../../server/references/csl-json.ts';

test('firstFamily reads a CSL-JSON item; absent fields are null', () => {
  assert.equal(firstFamily({ author: [{ family: 'Smith', given: 'J' }] }), 'Smith');
  assert.equal(firstFamily({ author: [{ literal: 'World Health Organization' }] }), 'World Health Organization');
  assert.equal(firstFamily({}), null);
});
