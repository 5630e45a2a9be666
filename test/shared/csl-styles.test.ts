import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CSL_STYLES } from '../../shared/csl-styles.ts';
import { bundledStyles } from '../../server/csl/catalog.ts';

test('the style list the add-in searches is the bundled styles (regenerate with node scripts/csl-styles.mjs)', () => {
  const bundled = [...bundledStyles().values()].map((s) => ({ id: s.id, title: s.title, family: s.family }));
  assert.deepEqual(CSL_STYLES.map((s) => ({ ...s })), bundled);
});
