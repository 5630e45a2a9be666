// Supplementary material: captions or list entries ("S1 Text", "File S2", "Data S1", "Additional file 3",
// "Movie 2", "Video S1", Springer's "ESM 1"), the supplementary list under its heading, and mentions in
// each mode. One row per case.
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefCases } from './helpers.ts';

const captions = [
  p('Methods'),
  p('Details are in S1 Text and File S2; raw values in Data S1, Additional file 3 and Movie 2; see also Video S1.'),
  p('Supporting information', 'Heading1'),
  p('S1 Text. Supplementary methods.'),
  p('File S2. Raw measurements.'),
  p('Data S1. Source data.'),
  p('Additional file 3: Table of primers.'),
  p('Movie 2. Cells dividing.'),
  p('Video S1. Time lapse.'),
].join('');
const floats = p('See Table S3 and S1 Fig and Additional file 1.') + p('Table S3. Primers.') + p('S1 Fig. A map.') + p('Additional file 1: Data.');
const esm = [
  p('Binding was weaker (Supplementary Fig. 2 and Supplementary Table 1), as in Supplementary Data 4.'),
  p('Figure 1. Main figure.'),
  p('Electronic supplementary material', 'Heading1'),
  p('Supplementary Information.'),
  p('Supplementary Data 4: Raw spectra.'),
].join('');

xrefCases([
  {
    name: 'captions and list entries are targets: S1 Text, File S2, Data S1, Additional file 3, Movie 2, Video S1',
    doc: captions,
    kind: 'supplementary',
    targets: [
      ['supp-list', 'Supplementary material', 2],
      ['supp-text-1', 'S1 Text', 3],
      ['supp-file-2', 'File S2', 4],
      ['supp-data-1', 'Data S1', 5],
      ['supp-file-3', 'Additional file 3', 6],
      ['supp-video-2', 'Movie 2', 7],
      ['supp-video-1', 'Video S1', 8],
    ],
  },
  {
    name: 'number mode links each mention to its caption',
    doc: captions,
    matches: [
      ready('supplementary', 'S1', 'supp-text-1'),
      ready('supplementary', 'S2', 'supp-file-2'),
      ready('supplementary', 'S1', 'supp-data-1'),
      ready('supplementary', '3', 'supp-file-3'),
      ready('supplementary', '2', 'supp-video-2'),
      ready('supplementary', 'S1', 'supp-video-1'),
    ],
  },
  {
    name: 'full mode links the whole label',
    doc: captions,
    settings: { supplementary: 'full' },
    matches: ['S1 Text', 'File S2', 'Data S1', 'Additional file 3', 'Movie 2', 'Video S1'],
  },
  {
    name: 'supplementary figures and tables are figure and table mentions of their own captions',
    doc: floats,
    matches: [ready('table', 'S3', 'tab-S3'), ready('figure', 'S1', 'fig-S1'), ready('supplementary', '1', 'supp-file-1')],
  },
  {
    name: 'off links no supplementary material, supplementary figures and tables included',
    doc: floats,
    settings: { supplementary: 'off' },
    matches: [],
  },
  {
    name: 'supplementary figures and tables without a caption of their own resolve to the list (the paragraph naming the material after the heading)',
    doc: esm,
    targets: [
      ['fig-1', 'Figure 1', 1],
      ['sec-electronic-supplementary-material', 'Electronic supplementary material', 2],
      ['supp-list', 'Supplementary material', 3],
      ['supp-data-4', 'Supplementary Data 4', 4],
    ],
    matches: [ready('figure', '2', 'supp-list'), ready('table', '1', 'supp-list'), ready('supplementary', '4', 'supp-data-4')],
  },
  {
    name: 'the list is the heading itself when the paragraph after it names the material in a sentence',
    doc: p('See Table S2.') + p('Supplementary Materials', 'Heading1') + p('The following are available online: Table S1, Table S2.'),
    only: 0,
    kind: 'supplementary',
    targets: [['supp-list', 'Supplementary material', 1]],
  },
  {
    name: 'a supplementary table without a caption resolves to the list',
    doc: p('See Table S2.') + p('Supplementary Materials', 'Heading1') + p('The following are available online: Table S1, Table S2.'),
    only: 0,
    matches: [ready('table', 'S2', 'supp-list')],
  },
  {
    name: 'ordinary prose with material words is not supplementary: "note 2", "data 3", "files 4"',
    doc: p('As in note 2, data 3 and files 4 were kept; the file 5 of 9.') + p('Supporting information', 'Heading1') + p('Data S3. Values.'),
    matches: [],
  },
  {
    name: '"Online Resource 1" is Springer\'s ESM 1; "Supporting Information S2" is the one supplementary item numbered 2',
    doc: [
      p('Tracks were short (Online Resource 1; see Supporting Information S2).'),
      p('Electronic supplementary material', 'Heading1'),
      p('ESM 1. (DOCX 2517 kb)'),
      p('Data S2: Supporting information.'),
    ].join(''),
    only: 0,
    matches: [ready('supplementary', '1', 'supp-esm-1'), ready('supplementary', 'S2', 'supp-data-2')],
  },
  {
    name: 'the supplementary material as a whole ("the article/Supplementary Material") links to the list',
    doc: p('Data can be found in the article/Supplementary Material. See Supporting Information S2 too.') + p('Supplementary material', 'Heading1') + p('The Supplementary Material for this article can be found online.') + p('Data S2. Values.'),
    matches: [ready('supplementary', 'Supplementary Material', 'supp-list'), ready('supplementary', 'S2', 'supp-data-2')],
  },
  {
    name: 'the supplementary material as a whole links nothing in a document without a supplementary list',
    doc: p('Data can be found in the article/Supplementary Material.'),
    matches: [],
  },
  {
    name: 'a list with one captioned entry is that entry: "Online Resource 2" without a caption of its own is in ESM 1',
    doc: p('Synapsis completed later (Online Resource 2; Online Resource 1).') + p('Electronic supplementary material', 'Heading1') + p('ESM 1. (DOCX 2517 kb)') + p('Acknowledgements', 'Heading1'),
    kind: 'supplementary',
    targets: [['supp-esm-1', 'ESM 1', 2], ['supp-list', 'Supplementary material', 2]],
    matches: [ready('supplementary', '2', 'supp-list'), ready('supplementary', '1', 'supp-esm-1')],
  },
  {
    name: 'a one-entry list captioned "Table S1. … Table S4. …" holds Table S4; labels inside the entry do not link to it',
    doc: p('See Supplement Table S4.') + p('Supporting information', 'Heading1') + p('Table S1. MANOVAs. Table S4. Means by age.') + p('Acknowledgement', 'Heading1'),
    targets: [['sec-supporting-information', 'Supporting information', 1], ['tab-S1', 'Table S1', 2], ['supp-list', 'Supplementary material', 2], ['sec-acknowledgement', 'Acknowledgement', 3]],
    matches: [ready('table', 'S4', 'supp-list')],
  },
  {
    name: '"Table S4 in File S1": a table without a caption of its own links to the file holding it; list labels do not link back to the list',
    doc: [
      p('Parameters (Table S4 in File S1; Tables S1 and S2 in File S1) and Table S5.'),
      p('Supporting Information', 'Heading1'),
      p('Figure S1. A map.', 'Caption'),
      p('File S1. Supplementary information. Table S1, Basins. Table S5, Correlations.'),
    ].join(''),
    matches: [
      ready('table', 'S4', 'supp-file-1'),
      ready('supplementary', 'S1', 'supp-file-1'),
      ready('table', 'S1', 'supp-file-1'),
      ready('table', 'S2', 'supp-file-1'),
      ready('supplementary', 'S1', 'supp-file-1'),
      ready('table', 'S5', 'supp-list'),
    ],
  },
]);
