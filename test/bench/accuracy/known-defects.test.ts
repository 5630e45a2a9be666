// The list of gold mentions read one by one and found wrong (bench/accuracy/known-defects.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KNOWN } from '../../../bench/accuracy/known-defects.ts';

test('every entry has a reason, and no mention is listed twice', () => {
  assert.ok(KNOWN.length > 0);
  for (const e of KNOWN) assert.ok(e.reason.length > 10, `${e.doc} ¶${e.paragraph}`);
  const keys = KNOWN.map((e) => `${e.doc} ¶${e.paragraph} @${e.offset} ${e.text}`);
  assert.equal(new Set(keys).size, keys.length);
});
