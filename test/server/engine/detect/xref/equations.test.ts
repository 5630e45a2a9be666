import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p, r } from '../../../../helpers/docx-builder.ts';
import { ready, xrefs } from './helpers.ts';

const math = (t: string) => `<m:oMath><m:r><m:t>${t}</m:t></m:r></m:oMath>`;
const body = [
  p('E = mc^2    (1)'),
  `<w:p>${r('a + b = c')}<w:r><w:tab/></w:r>${r('(2)')}</w:p>`,
  `<w:p>${math('x=y')}${r(' (3)')}</w:p>`,
  `<w:tbl><w:tr><w:tc><w:p>${math('f(x)=0')}</w:p></w:tc><w:tc><w:p>${r('(4)')}</w:p></w:tc></w:tr></w:tbl>`,
  p('This sentence cites a result (5)'),
  p('Eq. (1), Eqs. 2–4, eq. 3, Equation 4, Equations (1) and (2), Equations (2–3), Eqn 9.'),
].join('');

test('display-equation labels are targets: spaced, tabbed, after math, in a table cell', async () => {
  const { targets } = await xrefs({ body });
  assert.deepEqual(targets.map((t) => [t.key, t.label, t.paragraph]), [
    ['eq-1', 'Eq. (1)', 0],
    ['eq-2', 'Eq. (2)', 1],
    ['eq-3', 'Eq. (3)', 2],
    ['eq-4', 'Eq. (4)', 4],
  ]);
});

test('equation mentions in number mode (the parentheses belong to the number)', async () => {
  const { matches } = await xrefs({ body }, {}, [], 6);
  assert.deepEqual(matches, [
    ready('equation', '(1)', 'eq-1'),
    ready('equation', '2', 'eq-2'),
    ready('equation', '4', 'eq-4'),
    ready('equation', '3', 'eq-3'),
    ready('equation', '4', 'eq-4'),
    ready('equation', '(1)', 'eq-1'),
    ready('equation', '(2)', 'eq-2'),
    ready('equation', '2', 'eq-2'),
    ready('equation', '3', 'eq-3'),
    { kind: 'equation', text: '9', status: 'unmatched' },
  ]);
});

test('equation mentions in full mode, and off', async () => {
  const full = await xrefs({ body }, { equations: 'full' }, [], 6);
  assert.deepEqual(full.matches.slice(0, 4).map((m) => m.text), ['Eq. (1)', 'Eqs. 2', '4', 'eq. 3']);
  const off = await xrefs({ body }, { equations: 'off' });
  assert.deepEqual(off.matches, []);
  assert.deepEqual(off.targets, []);
});
