// Display-equation labels ("(1)" after spaces, a tab, an OMML block, in a table cell beside the math) and
// equation mentions ("Eq. (1)", "Eqs. 2–4", "Equations (1) and (2)") in each mode. One row per case.
import { p, r } from '../../../../helpers/docx-builder.ts';
import { ready, xrefCases } from './helpers.ts';

const math = (t: string) => `<m:oMath><m:r><m:t>${t}</m:t></m:r></m:oMath>`;
const body = [
  p('E = mc^2    (1)'),
  `<w:p>${r('a + b = c')}<w:r><w:tab/></w:r>${r('(2)')}</w:p>`,
  `<w:p>${math('x=y')}${r(' (3)')}</w:p>`,
  `<w:tbl><w:tr><w:tc><w:p>${math('f(x)=0')}</w:p></w:tc><w:tc><w:p>${r('(4)')}</w:p></w:tc></w:tr></w:tbl>`,
  p('This sentence cites a result (5)'),
  p('Eq. (1), Eqs. 2–4, eq. 3, Equation 4, Equations (1) and (2), Equations (2–3), Eqn 9.'),
].join('');

xrefCases([
  {
    name: 'display-equation labels are targets: spaced, tabbed, after math, in a table cell; prose ending "(5)" is not',
    doc: body,
    targets: [['eq-1', 'Eq. (1)', 0], ['eq-2', 'Eq. (2)', 1], ['eq-3', 'Eq. (3)', 2], ['eq-4', 'Eq. (4)', 4]],
  },
  {
    name: 'number mode: the parentheses belong to the number; ranges give both ends; an unknown number is unmatched',
    doc: body,
    only: 6,
    matches: [
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
    ],
  },
  {
    name: 'full mode links the word with the first number',
    doc: p('E = mc^2    (1)') + p('a + b = c    (2)') + p('Eq. (1), Eqs. 1–2 and eq. 2.'),
    settings: { equations: 'full' },
    only: 2,
    matches: ['Eq. (1)', 'Eqs. 1', '2', 'eq. 2'],
  },
  {
    name: 'off: no equation targets or mentions',
    doc: body,
    settings: { equations: 'off' },
    targets: [],
    matches: [],
  },
]);
