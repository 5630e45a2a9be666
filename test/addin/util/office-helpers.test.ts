// Under Node the UMD bundle arrives as one CommonJS default: the adapter still gives its classes by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { OfficeHelpers } from '../../../addin/util/office-helpers.ts';

test('the adapter gives the library object itself, with Utilities and Storage by name', () => {
  const library = createRequire(import.meta.url)('@microsoft/office-js-helpers') as typeof OfficeHelpers;
  assert.equal(OfficeHelpers, library);
  assert.equal(typeof OfficeHelpers.Utilities, 'function');
  assert.equal(typeof OfficeHelpers.Storage, 'function');
  assert.equal(OfficeHelpers.StorageType.InMemoryStorage, 2);
});
