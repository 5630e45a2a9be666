// No broken punctuation (issue 19 item 8): every corpus manuscript's reference list rendered by the rewrite's
// renderer into each of the 17 development styles (the one-style manuscripts of ../shared/resolver/docs/style;
// harvard3 is not bundled, so harvard-cite-them-right stands in), and no entry the rewrite would write shows an
// empty field (": :", "..", ",,", "()", "pp. ." …). The pattern here is the test's own, wider than the renderer's
// guard. Through the engine and citeproc only (no LibreOffice); the first 20 entries of each list keep the run to
// a few minutes on a loaded machine (the corpus lists hold up to 200 entries, and each style renders them all).

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { createBibliographyRenderer, emptyFieldMark } from '../../../server/csl/bibliography.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import { planRewrite, rewriteEntriesIn } from '../../../server/engine/rewrite/plan.ts';
import { detect } from '../../../server/engine/scan.ts';
import { parseSettings } from '../../../shared/settings.ts';
import { CORPUS_DIR, corpusFile } from '../../helpers/corpus.ts';

const DEV_STYLES = [
  'acm-sig-proceedings', 'american-chemical-society', 'american-chemical-society-with-titles', 'american-institute-of-physics',
  'american-sociological-association', 'apa', 'bmc-bioinformatics', 'chicago-author-date', 'elsevier-with-titles',
  'elsevier-without-titles', 'harvard-cite-them-right', 'ieee', 'iso690-author-date-en', 'modern-language-association',
  'springer-basic-author-date', 'springer-lecture-notes-in-computer-science', 'vancouver',
];
const ENTRIES_PER_LIST = 20;

/** Empty-field punctuation in a written entry, links set aside: the test's own list. */
function broken(text: string): string | null {
  const body = text.replace(/\b(?:https?:\/\/|doi\.org\/|www\.)\S+|\b10\.\d{4,9}\/\S+/gi, ' ');
  const m = /: :|;\s*;|,\s*,|(?<!\.)\.\.(?!\.)|\(\s*\)|\[\s*\]|\bpp?\.\s*[.,;]|,\s*\.(?!\d)|:\s*\.(?!\d)|\.\s+\.(?!\.)/.exec(body);
  return m ? m[0] : null;
}

test('emptyFieldMark: the punctuation an empty field leaves, not what a link or an ellipsis holds', () => {
  for (const bad of ['Methods in Cell Biology 109: : 53–81.', 'Title.. Journal', 'Smith J,, Lee D', 'Journal ().', 'pp. .', 'Geoderma 100:321–353 doi: 101016/S0016- 7061:.']) assert.ok(emptyFieldMark(bad), bad);
  for (const good of ['Smith, J. (2004). Moss. Walls, 12(3), 101–119. https://doi.org/10.1002/(SICI)1097..x', 'And so on...', 'Nature 12:3 (2004).', 'vol. 3, pp. 5–9.', 'Kowalski, P., & Lee, D. (1999).', 'Lee, P. (ed.), Walls.']) assert.equal(emptyFieldMark(good), null, good);
});

test('plos-pbio-1001473 entry 4 ("Methods in cell biology 109: : 53–81.") is read past its empty issue and written without it', () => {
  const det = detect(corpusFile('plos-pbio-1001473.docx'), parseSettings({}), { forLinking: true });
  const entries = rewriteEntriesIn(det.targetById);
  const plan = planRewrite(entries, createBibliographyRenderer(loadBundledStyle('vancouver')!), { textFamily: 'numeric', partial: true, groups: [] });
  const four = plan.entries.find((p) => p.entry.printedLabel === '4.')!;
  assert.equal(four.action, 'rewrite');
  assert.equal(four.newText.replace(/^\S+\s+/, ''), 'Coyne RS, Stover NA, Miao W. Whole genome studies of Tetrahymena. Methods in cell biology. 2012;109:53–81.');
});

test('no corpus reference list rendered into any development style shows an empty field', () => {
  const files = readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.docx') && !f.includes('.messy.')).sort();
  assert.ok(files.length >= 40, `corpus at ${CORPUS_DIR}`);
  const styles = DEV_STYLES.map((id) => loadBundledStyle(id) ?? assert.fail(`style ${id} is bundled`));
  const settings = parseSettings({});
  const found: string[] = [];
  let written = 0;
  for (const f of files) {
    const entries = rewriteEntriesIn(detect(corpusFile(f), settings, { forLinking: true }).targetById).slice(0, ENTRIES_PER_LIST);
    const inputs = entries.map((e) => ({ key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: null, doi: e.doi, url: e.url }));
    for (const style of styles) {
      for (const [key, r] of createBibliographyRenderer(style).render(inputs).rendered) {
        written++;
        const text = r.segments.map((s) => s.text).join('');
        const mark = broken(text);
        if (mark) found.push(`${f} ${style.id} ${key} "${mark}": ${text}`);
      }
    }
  }
  assert.ok(written > files.length * styles.length * 5, `entries rendered: ${written}`);
  assert.deepEqual(found.slice(0, 20), [], `${found.length} entries with an empty field`);
});
