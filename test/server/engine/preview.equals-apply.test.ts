// Preview equals apply (issue 19 item 5): for corpus manuscripts in several styles, the pane's preview
// (previewRewrite, every entry) and the document apply writes are compared entry by entry: the same verdict,
// and, when the rewrite is written, each entry's previewed text is the text of an entry in the applied document
// (the list as the style orders it: the same texts in the same order once the preview is put in the plan's order).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../../shared/settings.ts';
import { direct, previewRewrite } from '../../../server/engine/index.ts';
import { detect } from '../../../server/engine/scan.ts';
import { rewriteEntriesIn } from '../../../server/engine/rewrite/plan.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import { createBibliographyRenderer } from '../../../server/csl/bibliography.ts';
import { corpusFile } from '../../helpers/corpus.ts';

const MANUSCRIPTS = ['plos-pbio-1001473.docx', 'bmc-oralhealth-8-11.docx', 'biorxiv-498369.docx'];
const STYLES = ['ieee', 'apa', 'chicago-author-date'];
const norm = (t: string) => t.replace(/\s+/g, ' ').trim();

let written = 0;
for (const name of MANUSCRIPTS) {
  test(`${name}: the preview of every entry is what apply writes, in ${STYLES.join(', ')}`, () => {
    const bytes = corpusFile(name);
    for (const partial of [false, true]) {
      const settings = parseSettings({ doi: true, bibRewritePartial: partial });
      for (const id of STYLES) {
        const style = loadBundledStyle(id)!;
        const preview = previewRewrite(bytes, settings, createBibliographyRenderer(style), 10_000);
        const out = direct(bytes, settings, { bibliography: createBibliographyRenderer(style) });
        const what = `${name} → ${id}${partial ? ' (partial)' : ''}`;
        assert.deepEqual(preview.bibRewrite, out.bibRewrite, `${what}: the same verdict`);
        const applied = rewriteEntriesIn(detect(out.docx, settings, { forLinking: true }).targetById).map((e) => norm(e.text));
        assert.equal(preview.total, applied.length, `${what}: entry count`);
        const after = preview.entries.map((e) => norm(e.after));
        if (out.bibRewrite?.outcome === 'refused') {
          assert.deepEqual(after, applied, `${what}: refused, every entry as written`);
          continue;
        }
        written++;
        if (process.env.VERBOSE) console.log(`${what}: ${out.bibRewrite?.outcome}`);
        // Entry by entry, whatever order the style puts the list in.
        assert.deepEqual([...after].sort(), [...applied].sort(), `${what}: the previewed entries are the applied ones`);
      }
    }
  });
}

test('the comparison covers written rewrites, not only refusals', () => {
  assert.ok(written >= 3, `${written} rewrites written`);
});
