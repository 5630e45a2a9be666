// Bare equation references: "(A1)", "(1.2)", "(3)", "(1)–(3)" where display equations carry those labels.
// One row per case, and a scan-level check of the same decision next to numeric citations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';
import { scan } from '../../../../../server/engine/scan.ts';
import { parseSettings } from '../../../../../shared/settings.ts';
import { ready, xrefCases } from './helpers.ts';

const eqs = [p('E = mc^2    (1)'), p('a + b = c    (2)'), p('x = y    (3)'), p('u = v    (1.2)'), p('Appendix A', 'Heading1'), p('g = h    (A1)')].join('');
const eq = (text: string, target: string) => ready('equation', text, target);

xrefCases([
  {
    name: 'bare labels that display equations carry are equation mentions: "(A1)", "(1.2)", "(3)", "(1)–(3)"',
    doc: p('Solving (3) with (1.2) and (A1) gives (1)–(3); from (7) nothing, as there is no (7).') + eqs,
    only: 0,
    matches: [eq('(3)', 'eq-3'), eq('(1.2)', 'eq-1.2'), eq('(A1)', 'eq-A1'), eq('(1)', 'eq-1'), eq('(3)', 'eq-3')],
  },
  {
    name: 'not equations: enumerations, a figure\'s or a step\'s number, a function argument, the label itself',
    doc: p('The model assumes: (1) discrete generations, (2) constant size and (3) random mating.') + p('(2) The next step, Fig. (3), step (2) and f (3) differ.') + eqs,
    matches: [],
  },
  {
    name: 'in a document that cites with parenthesised numbers, a plain "(3)" is an equation only in an equation\'s context',
    doc: p('As shown (3), the system (2) and equations (1)–(3) hold, with (1.2).') + eqs,
    options: { parenCitations: true },
    only: 0,
    matches: [eq('(2)', 'eq-2'), eq('(1)', 'eq-1'), eq('(3)', 'eq-3'), eq('(1.2)', 'eq-1.2')],
  },
  {
    name: 'equation numbering that restarts in an appendix resolves to the equation in scope',
    doc: [
      p('Main text uses Eq. (1) and (2).'),
      p('E = mc^2    (1)'),
      p('a + b = c    (2)'),
      p('Appendix A', 'Heading1'),
      p('In the appendix, Eq. (1) is restated and (2) follows.'),
      p('x = y    (1)'),
      p('u = v    (2)'),
    ].join(''),
    kind: 'equation',
    targets: [['eq-1', 'Eq. (1)', 1], ['eq-2', 'Eq. (2)', 2], ['eq-1~2', 'Eq. (1)', 5], ['eq-2~2', 'Eq. (2)', 6]],
    matches: [eq('(1)', 'eq-1'), eq('(2)', 'eq-2'), eq('(1)', 'eq-1~2'), eq('(2)', 'eq-2~2')],
  },
]);

test('scan: in a document citing "(1)", "(2)", "the system (3)" next to display equation (3) is the equation, not a citation', async () => {
  const refs = p('References', 'Heading1') + [1, 2, 3, 4].map((n) => p(`${n}. Author${n} X (2010) Title ${n}. J ${n}: 1–2.`)).join('');
  const docx = await buildDocx({ body: p('Known (1), also (2) and (4); the system (3) holds.') + p('x + y = z    (3)') + refs });
  const found = scan(docx, parseSettings({})).matches.filter((m) => m.location.paragraph === 0).map((m) => `${m.kind}:${m.sourceText}`);
  assert.deepEqual(found, ['citation:1', 'citation:2', 'citation:4', 'equation:(3)']);
});
