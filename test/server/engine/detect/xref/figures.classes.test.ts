// Figure and table failure classes seen on unseen publishers (issue 10), one row per class, each on a
// DOCX built here.
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefCases } from './helpers.ts';

const captions = [
  p('Figure 2. Main figure.', 'Caption'),
  p('Table 1. Main table.', 'Caption'),
  p('Appendix Figure 2. Appendix figure.', 'Caption'),
  p('Appendix Table 1. Appendix table.', 'Caption'),
  p('Table S3. Supplementary table.', 'Caption'),
  p('Figure 1—figure supplement 2. A supplement.', 'Caption'),
  p('Appendix 1—figure 3. An appendix float.', 'Caption'),
].join('');

const panels = [
  p('Shifts (Fig. S2E and F and S3B; Fig. S7E and F, S8C, and S9A and B) and (Fig. S1A, B, and C and Table S1D), unlike Fig. 2A and B cells (Fig. 2C, P = 0.03).'),
  p('Figure 2. Main.', 'Caption'),
  ...['S1', 'S2', 'S3', 'S7', 'S8', 'S9'].map((n) => p(`Figure ${n}. Supplementary.`, 'Caption')),
  p('Table S1. Supplementary.', 'Caption'),
].join('');
const sourceData = p('Values are listed (Figure 5—source data).') + p('Figure 5. Model.', 'Caption') + p('Figure 5—source data 1. Simulated values.', 'Caption');

xrefCases([
  {
    name: 'appendix, supplement and supplementary floats are their own target sets, never the main Figure 2 / Table 1',
    doc: p('See Appendix Figure 2, Appendix Table 1, Table S3, Figure 1—figure supplement 2 and Appendix 1—figure 3, then Figure 2 and Table 1.') + captions,
    only: 0,
    targets: ['fig-2', 'tab-1', 'fig-app-2', 'tab-app-1', 'tab-S3', 'fig-1-s2', 'fig-app1-3'],
    matches: [
      ready('figure', '2', 'fig-app-2'),
      ready('table', '1', 'tab-app-1'),
      ready('table', 'S3', 'tab-S3'),
      ready('figure', '1—figure supplement 2', 'fig-1-s2'),
      ready('figure', '3', 'fig-app1-3'),
      ready('figure', '2', 'fig-2'),
      ready('table', '1', 'tab-1'),
    ],
  },
  {
    name: 'a bare panel letter continuing a figure mention is its own mention: "Figure 2A and B", "Fig. 5b, and e"',
    doc: p('As in Figure 2A and B, and Fig. 5b, and e; not Figure 2 and A new idea.') + p('Figure 2. A.', 'Caption') + p('Figure 5. B.', 'Caption'),
    only: 0,
    matches: [ready('figure', '2', 'fig-2'), ready('figure', 'B', 'fig-2'), ready('figure', '5', 'fig-5'), ready('figure', 'e', 'fig-5'), ready('figure', '2', 'fig-2')],
  },
  {
    name: '"(4C)" after a mention of Figure 4 in the same paragraph is a further panel of it; "(5C)" without one is not',
    doc: p('Growth rose (Figure 4A) and fell later (4C), as at 4 °C (5C).') + p('Figure 4. Growth.', 'Caption') + p('Figure 5. Other.', 'Caption'),
    only: 0,
    matches: [ready('figure', '4', 'fig-4'), ready('figure', '4', 'fig-4')],
  },
  {
    name: '"Figure 3 of Smith et al. (2019)" and "Table 2 in [14]" name another work\'s floats: held, not linked',
    doc: p('Unlike Figure 3 of Smith et al. (2019) and Table 2 in [14], our Figure 3 and Table 2 in this paper differ.') + p('Figure 3. Ours.', 'Caption') + p('Table 2. Ours.', 'Caption'),
    only: 0,
    matches: [
      { kind: 'figure', text: '3', status: 'held', target: 'fig-3' },
      { kind: 'table', text: '2', status: 'held', target: 'tab-2' },
      ready('figure', '3', 'fig-3'),
      ready('table', '2', 'tab-2'),
    ],
  },
  {
    name: 'a body paragraph that begins "Figure 3 shows…" is not a caption',
    doc: p('Figure 3 shows the growth curve over ten days.') + p('Figure 3. Growth.', 'Caption') + p('Later, Figure 3 again.'),
    targets: [['fig-3', 'Figure 3', 1]],
    matches: [ready('figure', '3', 'fig-3'), ready('figure', '3', 'fig-3')],
  },
  {
    name: 'Roman-numbered tables and figures ("TABLE II", "Tables I–III") keep their own keys; a panel range "Figure 1D – II" is not Figure 2',
    doc: p('See Tables I–III, Table II and Figure 1D – II.') + p('TABLE I. One.') + p('TABLE II. Two.') + p('TABLE III. Three.') + p('Figure 1. Panels.', 'Caption') + p('Figure 2. Other.', 'Caption'),
    only: 0,
    targets: [['tab-I', 'Table I', 1], ['tab-II', 'Table II', 2], ['tab-III', 'Table III', 3], ['fig-1', 'Figure 1', 4], ['fig-2', 'Figure 2', 5]],
    matches: [ready('table', 'I', 'tab-I'), ready('table', 'III', 'tab-III'), ready('table', 'II', 'tab-II'), ready('figure', '1', 'fig-1'), { kind: 'figure', text: 'II', status: 'unmatched' }],
  },
  {
    name: 'a panel list goes on after a letter: "Fig. S2E and F and S3B", "Fig. S7E and F, S8C, and S9A and B", "Fig. S1A, B, and C"; "B cells" and "P = 0.03" are not panels',
    doc: panels,
    only: 0,
    matches: [
      ready('figure', 'S2', 'fig-S2'),
      ready('figure', 'F', 'fig-S2'),
      ready('figure', 'S3', 'fig-S3'),
      ready('figure', 'S7', 'fig-S7'),
      ready('figure', 'F', 'fig-S7'),
      ready('figure', 'S8', 'fig-S8'),
      ready('figure', 'S9', 'fig-S9'),
      ready('figure', 'B', 'fig-S9'),
      ready('figure', 'S1', 'fig-S1'),
      ready('figure', 'B', 'fig-S1'),
      ready('figure', 'C', 'fig-S1'),
      ready('table', 'S1', 'tab-S1'),
      ready('figure', '2', 'fig-2'),
      ready('figure', '2', 'fig-2'),
    ],
  },
  {
    name: 'numbersub keeps each panel letter once: a letter after ", " is its own mention, not part of "S1A"',
    doc: panels,
    only: 0,
    kind: 'figure',
    settings: { figures: 'numbersub' },
    matches: ['S2E', 'F', 'S3B', 'S7E', 'F', 'S8C', 'S9A', 'B', 'S1A', 'B', 'C', '2A', '2C'],
  },
  {
    name: '"Fig. 3 in Ref. 10" and "Table S14 of Ref. [42]" name another work\'s floats (capitalised Ref.)',
    doc: p('As in the model (see Fig. 3 in Ref. 10) and Table S14 of Ref. [42], unlike our Fig. 3.') + p('Figure 3. Ours.', 'Caption') + p('Table S14. Ours.', 'Caption'),
    only: 0,
    matches: [
      { kind: 'figure', text: '3', status: 'held', target: 'fig-3' },
      { kind: 'table', text: 'S14', status: 'held', target: 'tab-S14' },
      ready('figure', '3', 'fig-3'),
    ],
  },
  {
    name: 'eLife "Figure 5—source data" without a number is the figure\'s one source data file',
    doc: sourceData,
    only: 0,
    matches: [ready('figure', '5—source data', 'fig-5-sd1')],
  },
  {
    name: 'eLife "Figure 5—source data" without a number links nothing when the figure has several',
    doc: sourceData + p('Figure 5—source data 2. More values.', 'Caption'),
    only: 0,
    matches: [],
  },
  {
    name: 'a body paragraph opening with a label ("S6 Fig compares…") is a mention when a stronger caption claims the label',
    doc: p('S6 Fig compares the two methods.') + p('S1 Text (Section 5) proposes another.') + p('Supporting information', 'Heading1') + p('S1 Text. Methods.', 'Caption') + p('S6 Fig. Comparison.', 'Caption'),
    // The body paragraphs keep their weaker claims (fig-S6, supp-text-1); mentions resolve to the captions.
    targets: [['fig-S6', 'Figure S6', 0], ['supp-text-1', 'S1 Text', 1], ['supp-list', 'Supplementary material', 2], ['sec-supporting-information', 'Supporting information', 2], ['supp-text-1~2', 'S1 Text', 3], ['fig-S6~2', 'Figure S6', 4]],
    matches: [ready('figure', 'S6', 'fig-S6~2'), ready('supplementary', 'S1', 'supp-text-1~2'), { kind: 'section', text: '5', status: 'unmatched' }],
  },

  {
    name: 'after a remark in parentheses a figure list goes on with a supplementary number: "Figs 3 (STN96) and S7b (HCP90)"; "Fig. 3 (left) and 4 mice" does not',
    doc: p('Plotted in Figs 3 (STN96 data set) and S7b (HCP90 data set), and in Fig. 3 (left) and 4 mice.') + p('Figure 3. Main.', 'Caption') + p('Figure 4. Other.', 'Caption') + p('S7 Fig. Supplementary.', 'Caption'),
    only: 0,
    matches: [ready('figure', '3', 'fig-3'), ready('figure', 'S7', 'fig-S7'), ready('figure', '3', 'fig-3')],
  },]);
