// Bare equation references: "(A1)", "(1.2)", "(3)", "(1)–(3)" where display equations carry those labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { detectCrossReferences } from '../../../../../server/engine/detect/cross-references.ts';
import { parseSettings } from '../../../../../shared/settings.ts';
import { xrefs, type Brief } from './helpers.ts';

const eqs = [p('E = mc^2    (1)'), p('a + b = c    (2)'), p('x = y    (3)'), p('u = v    (1.2)'), p('Appendix A', 'Heading1'), p('g = h    (A1)')].join('');
const low = (text: string, target: string): Brief => ({ kind: 'equation', text, status: 'ready', target });

test('bare labels that display equations carry are equation mentions: "(A1)", "(1.2)", "(3)", "(1)–(3)"', async () => {
  const { matches } = await xrefs({ body: p('Solving (3) with (1.2) and (A1) gives (1)–(3); from (7) nothing, as there is no (7).') + eqs }, {}, [], 0);
  assert.deepEqual(matches, [low('(3)', 'eq-3'), low('(1.2)', 'eq-1.2'), low('(A1)', 'eq-A1'), low('(1)', 'eq-1'), low('(3)', 'eq-3')]);
});

test('not equations: enumerations, a figure\'s or a step\'s number, a function argument, the label itself', async () => {
  const { matches } = await xrefs({ body: p('The model assumes: (1) discrete generations, (2) constant size and (3) random mating.') + p('(2) The next step, Fig. (3), step (2) and f (3) differ.') + eqs });
  assert.deepEqual(matches, []);
});

test('in a document that cites with parenthesised numbers, a plain "(3)" is an equation only in an equation\'s context', async () => {
  const model = buildModel(openDocx(await buildDocx({ body: p('As shown (3), the system (2) and equations (1)–(3) hold, with (1.2).') + eqs })));
  const res = detectCrossReferences({ model, settings: parseSettings({}) }, new Set(), { parenCitations: true });
  const found = res.matches.filter((m) => m.paragraph.index === 0).map((m) => [m.paragraph.text.slice(m.start, m.end), m.targetKey]);
  assert.deepEqual(found, [['(2)', 'eq-2'], ['(1)', 'eq-1'], ['(3)', 'eq-3'], ['(1.2)', 'eq-1.2']]);
});

test('equation numbering that restarts in an appendix resolves to the equation in scope', async () => {
  const body = [
    p('Main text uses Eq. (1) and (2).'),
    p('E = mc^2    (1)'),
    p('a + b = c    (2)'),
    p('Appendix A', 'Heading1'),
    p('In the appendix, Eq. (1) is restated and (2) follows.'),
    p('x = y    (1)'),
    p('u = v    (2)'),
  ].join('');
  const { matches, targets } = await xrefs({ body });
  assert.deepEqual(targets.filter((t) => t.type === 'equation').map((t) => [t.key, t.paragraph]), [['eq-1', 1], ['eq-2', 2], ['eq-1~2', 5], ['eq-2~2', 6]]);
  assert.deepEqual(matches.filter((m) => m.kind === 'equation'), [low('(1)', 'eq-1'), low('(2)', 'eq-2'), low('(1)', 'eq-1~2'), low('(2)', 'eq-2~2')]);
});

test('scan: in a document citing "(1)", "(2)", "the system (3)" next to display equation (3) is the equation, not a citation', async () => {
  const { scan } = await import('../../../../../server/engine/scan.ts');
  const refs = p('References', 'Heading1') + [1, 2, 3, 4].map((n) => p(`${n}. Author${n} X (2010) Title ${n}. J ${n}: 1–2.`)).join('');
  const docx = await buildDocx({ body: p('Known (1), also (2) and (4); the system (3) holds.') + p('x + y = z    (3)') + refs });
  const found = scan(docx, parseSettings({})).matches.filter((m) => m.location.paragraph === 0).map((m) => `${m.kind}:${m.sourceText}`);
  assert.deepEqual(found, ['citation:1', 'citation:2', 'citation:4', 'equation:(3)']);
});
