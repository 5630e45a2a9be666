// Appendix headings ("Appendix A" as a heading or a bold line, "Appendix 1: Derivations") and mentions
// ("Appendix A", "Appendices A and B"). One row per case.
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefCases } from './helpers.ts';

const body = [
  p('1 Introduction', 'Heading1'),
  p('See Appendix A and Appendices A and B; Appendix C does not exist. Appendix B—figure 1 is a figure.'),
  p('Appendix A', 'Heading1'),
  '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Appendix B: Proofs</w:t></w:r></w:p>',
].join('');

xrefCases([
  {
    name: 'appendix headings are targets, apart from the numbered sections',
    doc: body,
    targets: [['sec-1', 'Section 1', 0], ['app-A', 'Appendix A', 2], ['app-B', 'Appendix B', 3]],
  },
  {
    name: 'mentions in number mode; a heading does not mention itself; an appendix figure is a figure mention',
    doc: body,
    matches: [
      ready('appendix', 'A', 'app-A'),
      ready('appendix', 'A', 'app-A'),
      ready('appendix', 'B', 'app-B'),
      { kind: 'appendix', text: 'C', status: 'unmatched' },
      { kind: 'figure', text: '1', status: 'unmatched' },
    ],
  },
  {
    name: 'full mode links the label with the first letter',
    doc: body,
    settings: { appendices: 'full' },
    kind: 'appendix',
    matches: ['Appendix A', 'Appendices A', 'B', 'Appendix C'],
  },
  {
    name: 'numbered appendices: "Appendix 1: Derivations"',
    doc: p('Appendix 1: Derivations', 'Heading1') + p('As derived in Appendix 1.'),
    targets: ['app-1'],
    matches: [ready('appendix', '1', 'app-1')],
  },
  {
    name: 'off: no appendix targets or mentions',
    doc: body,
    settings: { appendices: 'off' },
    kind: 'appendix',
    targets: [],
    matches: [],
  },
]);
