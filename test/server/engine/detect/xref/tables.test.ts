// Table captions (bold labels, caption styles, supplementary "Table S1" and PLOS "S2 Table") and table
// mentions in each mode. One row per case.
import { p } from '../../../../helpers/docx-builder.ts';
import { boldLabel, ready, xrefCases } from './helpers.ts';

const body = [
  boldLabel('Table 1.', ' Characteristics of the sample.'),
  p('Table 2: Results.', 'Caption'),
  p('Table S1. Supplementary data.'),
  p('S2 Table. PLOS-style supplementary table.'),
  p('Tables 1 and 2 summarise; Table S1 and S2 Table add detail; Tables 1–2 again; Table 5 is missing.'),
].join('');

xrefCases([
  {
    name: 'table captions are targets: bold label, caption style, "Table S1", "S2 Table"',
    doc: body,
    targets: [['tab-1', 'Table 1', 0], ['tab-2', 'Table 2', 1], ['tab-S1', 'Table S1', 2], ['tab-S2', 'Table S2', 3]],
  },
  {
    name: 'number mode: lists, supplementary forms and ranges; an unknown number is unmatched',
    doc: body,
    only: 4,
    matches: [
      ready('table', '1', 'tab-1'),
      ready('table', '2', 'tab-2'),
      ready('table', 'S1', 'tab-S1'),
      ready('table', 'S2', 'tab-S2'),
      ready('table', '1', 'tab-1'),
      ready('table', '2', 'tab-2'),
      { kind: 'table', text: '5', status: 'unmatched' },
    ],
  },
  {
    name: 'full mode links the label with its first number',
    doc: body,
    settings: { tables: 'full' },
    only: 4,
    matches: ['Tables 1', '2', 'Table S1', 'S2 Table', 'Tables 1', '2', 'Table 5'],
  },
  {
    name: 'numbersub mode takes the part letter: "1a", "2(b)"',
    doc: body + p('Table 1a and Table 2(b).'),
    settings: { tables: 'numbersub' },
    only: 5,
    matches: ['1a', '2(b)'],
  },
  {
    name: 'off: no table targets and no table mentions',
    doc: body,
    settings: { tables: 'off' },
    kind: 'table',
    targets: [],
    matches: [],
  },
]);
