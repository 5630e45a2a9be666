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

test('mentions in another series than the items (S-numbered without supplementary items, Roman panel parts) are one note each, not errors', async () => {
  const found = await checksOf([
    p('Pollen is shed (Figure 1D–II), then later (Figure 1D–III). Tables S2 and S3 give the data. Figure 1 and Table 1 show it.'),
    p('Figure 1. One.', 'Caption'),
    p('Table 1. A table.', 'Caption'),
  ]);
  assert.deepEqual(found.filter((f) => f.severity === 'error').map((f) => f.message), []);
  const notes = found.filter((f) => f.code === 'undecided').map((f) => f.message);
  assert.ok(notes.some((m) => /mentions in Roman numerals \(panel parts\?\) are not checked/.test(m)), notes.join('\n'));
  assert.ok(notes.some((m) => /no supplementary tables .* S-numbered table mentions are not checked/.test(m)), notes.join('\n'));
});

test('a caption for a range of items, repeated for each, is no numbering repeat', async () => {
  const found = await checksOf([
    p('See ESM1 and ESM5.'),
    p('ESM1 - 4. Maple worksheets.', 'Caption'),
    p('ESM5 - ESM8 are PDF versions of the worksheets.', 'Caption'),
    p('ESM5 - ESM8 are PDF versions of the worksheets.', 'Caption'),
  ]);
  assert.deepEqual(found.filter((f) => f.code === 'caption-numbering'), []);
});
