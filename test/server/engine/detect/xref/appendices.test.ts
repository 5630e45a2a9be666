import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefs } from './helpers.ts';

const body = [
  p('1 Introduction', 'Heading1'),
  p('See Appendix A and Appendices A and B; Appendix C does not exist. Appendix B—figure 1 is a figure.'),
  p('Appendix A', 'Heading1'),
  '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Appendix B: Proofs</w:t></w:r></w:p>',
].join('');

test('appendix headings are targets', async () => {
  const { targets } = await xrefs({ body });
  assert.deepEqual(targets.map((t) => [t.key, t.type, t.label, t.paragraph]), [
    ['sec-1', 'section', 'Section 1', 0],
    ['app-A', 'appendix', 'Appendix A', 2],
    ['app-B', 'appendix', 'Appendix B', 3],
  ]);
});

test('appendix mentions; a heading does not mention itself; appendix figures are not appendix mentions', async () => {
  const { matches } = await xrefs({ body });
  assert.deepEqual(matches, [
    ready('appendix', 'A', 'app-A'),
    ready('appendix', 'A', 'app-A'),
    ready('appendix', 'B', 'app-B'),
    { kind: 'appendix', text: 'C', status: 'unmatched' },
    { kind: 'figure', text: '1', status: 'unmatched' },
  ]);
  const full = await xrefs({ body }, { appendices: 'full' });
  assert.deepEqual(full.matches.filter((m) => m.kind === 'appendix').map((m) => m.text), ['Appendix A', 'Appendices A', 'B', 'Appendix C']);
});

test('numbered appendices: "Appendix 1: Derivations"', async () => {
  const b = p('Appendix 1: Derivations', 'Heading1') + p('As derived in Appendix 1.');
  const { matches, targets } = await xrefs({ body: b });
  assert.deepEqual(targets.map((t) => t.key), ['app-1']);
  assert.deepEqual(matches, [ready('appendix', '1', 'app-1')]);
});
