// Citation checks on small manuscripts built in the test: citations without entries, entries never cited,
// first citations out of order, numbering gaps and repeats, and the note when no citation is recognised.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CheckFinding } from '../../../../shared/contract.ts';
import { p } from '../../../helpers/docx-builder.ts';
import { checksOf, NUMBERED_LIST } from '../../../helpers/manuscript-checks.ts';

const codes = (fs: CheckFinding[]) => fs.map((f) => f.code);

test('a clean numbered manuscript: no finding (a range mentions the entries inside it)', async () => {
  const found = await checksOf([p('Growth [1]. Shown in Figure 1 and Figure 2 [2–4].'), p('Figure 1. One.', 'Caption'), p('Figure 2. Two.', 'Caption'), ...NUMBERED_LIST]);
  assert.deepEqual(found, []);
});

test('citation without entry, entry never cited, first citations out of order', async () => {
  const more = [5, 6, 7, 8].map((n) => p(`${n}. Author${n} D (2014) Entry ${n} of the list. Cell 2: 3-4.`));
  const found = await checksOf([p('First [1], then [3] and [2] and [4], and [45]. Later [6], [7] and [8].'), ...NUMBERED_LIST, ...more]);
  const missing = found.find((f) => f.code === 'citation-without-entry')!;
  assert.equal(missing.severity, 'error');
  assert.equal(missing.message, 'Citation [45] names no entry: the reference list ends at 8');
  assert.match(missing.context.before, /and \[4\], and \[$/);
  const uncited = found.find((f) => f.code === 'entry-not-cited')!;
  assert.equal(uncited.message, 'Reference 5 is never cited: “Author5 D (2014) Entry 5 of the list. Cell 2: 3-4.”');
  assert.deepEqual(uncited.related, ['bib-5']);
  const order = found.filter((f) => f.code === 'citation-order');
  assert.deepEqual(order.map((f) => f.message), ['[3] is first cited before [2]: the list is numbered by first mention']);
  assert.deepEqual(codes(found).slice(0, 1), ['citation-without-entry'], 'errors first');
});

test('no citation recognised at all: one note instead of every entry reported uncited', async () => {
  const found = await checksOf([p('Plain text with no citation.'), ...NUMBERED_LIST]);
  assert.deepEqual(found.map((f) => [f.code, f.severity]), [['undecided', 'note']]);
});

test('reference numbering that skips or repeats, and duplicate entries', async () => {
  const found = await checksOf([
    p('Cited [1], [2], [3], [4] and [6].'),
    p('References', 'Heading1'),
    p('1. Smith J, Jones K, Brown L (2018) A title of a work. J Biol 3: 1-5.'),
    p('2. Doe A (2017) Another title of some length. Nature 1: 2-3.'),
    p('3. Doe A (2017) Another title of some length. Nature 1: 2-3.'),
    p('4. Roe B (2016) Third one in the list. Cell 2: 3-4.'),
    p('6. Poe C (2015) Fourth one in the list. Cell 2: 3-4.'),
  ]);
  assert.deepEqual(found.filter((f) => f.code === 'reference-numbering').map((f) => f.message), ['The reference list skips number 5']);
  const dup = found.find((f) => f.code === 'duplicate-entry')!;
  assert.match(dup.message, /^Reference 3 repeats reference 2: the same (text|first author, year and title)$/);
  assert.deepEqual(dup.related, ['bib-2', 'bib-3']);
});
