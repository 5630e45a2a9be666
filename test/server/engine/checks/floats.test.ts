// Checks of figures and tables on a manuscript built in the test.
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

test('figures and tables: mentioned but absent, never mentioned, first mentioned out of order, numbering gaps', async () => {
  const found = await checks([
    p('See Figure 1, then Figure 3 and Figure 2, and Figure 7. Table 1 too.'),
    p('Figure 1. One.', 'Caption'),
    p('Figure 2. Two.', 'Caption'),
    p('Figure 3. Three.', 'Caption'),
    p('Figure 5. Five.', 'Caption'),
    p('Table 1. A table.', 'Caption'),
    p('Table 2. Another.', 'Caption'),
  ]);
  const by = (code: string) => found.filter((f) => f.code === code).map((f) => f.message);
  assert.deepEqual(by('mention-without-target'), ['“Figure 7” is mentioned but the document has no figure 7 (figures: 1–5)']);
  assert.deepEqual(by('target-not-mentioned'), ['Figure 5 is never mentioned in the text', 'Table 2 is never mentioned in the text']);
  assert.deepEqual(by('mention-order'), ['Figure 3 is first mentioned before Figure 2']);
  assert.deepEqual(by('caption-numbering'), ['figure numbering skips from 3 to 5']);
  assert.deepEqual(countBySeverity(found), { error: 1, warning: 4, note: 0 });
});
