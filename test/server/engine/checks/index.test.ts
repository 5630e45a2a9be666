// Manuscript checks on small manuscripts built in the test: each code found where the fault is, with its targets,
// and nothing reported on a clean manuscript.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { p } from '../../../helpers/docx-builder.ts';
import { checksOf, NUMBERED_LIST } from '../../../helpers/manuscript-checks.ts';

test('a clean numbered manuscript: no finding (a range mentions the entries inside it)', async () => {
  const found = await checksOf([p('Growth [1]. Shown in Figure 1 and Figure 2 [2–4].'), p('Figure 1. One.', 'Caption'), p('Figure 2. Two.', 'Caption'), ...NUMBERED_LIST]);
  assert.deepEqual(found, []);
});
