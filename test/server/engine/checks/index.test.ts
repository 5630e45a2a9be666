// Manuscript checks on small manuscripts built in the test: each code found where the fault is, with its targets,
// and nothing reported on a clean manuscript.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CheckFinding } from '../../../../shared/contract.ts';
import { scan } from '../../../../server/engine/index.ts';
import { countBySeverity, runChecks } from '../../../../server/engine/checks/index.ts';
import { SETTINGS_DEFAULTS } from '../../../../shared/settings-values.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

async function checks(paragraphs: string[]): Promise<CheckFinding[]> {
  return scan(await buildDocx({ body: paragraphs.join('') }), { ...SETTINGS_DEFAULTS }).checks ?? [];
}

const codes = (fs: CheckFinding[]) => fs.map((f) => f.code);

const NUMBERED_LIST = [
  p('References', 'Heading1'),
  p('1. Smith J, Jones K, Brown L (2018) A title of a work. J Biol 3: 1-5.'),
  p('2. Doe A (2017) Another title of some length. Nature 1: 2-3.'),
  p('3. Roe B (2016) Third one in the list. Cell 2: 3-4.'),
  p('4. Poe C (2015) Fourth one in the list. Cell 2: 3-4.'),
];

test('a clean numbered manuscript: no finding (a range mentions the entries inside it)', async () => {
  const found = await checks([p('Growth [1]. Shown in Figure 1 and Figure 2 [2–4].'), p('Figure 1. One.', 'Caption'), p('Figure 2. Two.', 'Caption'), ...NUMBERED_LIST]);
  assert.deepEqual(found, []);
});
