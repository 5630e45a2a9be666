// Checks of figures and tables on a manuscript built in the test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countBySeverity } from '../../../../server/engine/checks/index.ts';
import { p } from '../../../helpers/docx-builder.ts';
import { checksOf } from '../../../helpers/manuscript-checks.ts';

test('figures and tables: mentioned but absent, never mentioned, first mentioned out of order, numbering gaps', async () => {
  const found = await checksOf([
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
