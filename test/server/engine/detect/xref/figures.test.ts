// Figure captions (caption style, bold labels, plain labels, "S1 Fig", "Supplementary Figure 2", eLife
// supplements, source data and videos, SEQ fields) and figure mentions in each mode. One row per case.
import { p, r } from '../../../../helpers/docx-builder.ts';
import { boldLabel, ready, xrefCases } from './helpers.ts';

const captions = [
  p('Figure 1. Overview of the method.', 'Caption'),
  boldLabel('Fig. 2:', ' Results of the first experiment.'),
  p('Figure 3. Plain caption with a plain label.'),
  p('Figure 4 shows nothing: prose starting with a label is not a caption'),
  p('S1 Fig. A supplementary figure.'),
  p('Supplementary Figure 2. Another supplementary figure.'),
  p('Figure 1—figure supplement 1. Supplement of the first figure.'),
  p('Figure 1—figure supplement 2. Second supplement.'),
  p('Figure 1—source data 1. Numbers behind Figure 1.'),
].join('');
const forms = captions + p('See Fig. 2b, Figs. 2 and 3, Figures 1–3, Fig. 2A–C and Figure 1—figure supplement 2. Also S1 Fig, Supplementary Figure 2 and Figure 9.');
const modes = captions + p('See Fig. 2b and Figs. 2A–C and 3, and S1 Fig.');
const seq = (n: string) => `<w:fldSimple w:instr=" SEQ Figure \\* ARABIC "><w:r><w:t>${n}</w:t></w:r></w:fldSimple>`;
const footnotes =
  '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
  `<w:footnote w:id="1"><w:p>${r('Compare Fig. 3.')}</w:p></w:footnote>`;

xrefCases([
  {
    name: 'figure captions are targets with deterministic keys and labels; prose starting with a label is not',
    doc: captions,
    targets: [
      ['fig-1', 'Figure 1', 0],
      ['fig-2', 'Figure 2', 1],
      ['fig-3', 'Figure 3', 2],
      ['fig-S1', 'Figure S1', 4],
      ['fig-S2', 'Figure S2', 5],
      ['fig-1-s1', 'Figure 1—figure supplement 1', 6],
      ['fig-1-s2', 'Figure 1—figure supplement 2', 7],
      ['fig-1-sd1', 'Figure 1—source data 1', 8],
    ],
  },
  {
    name: 'number mode: forms, lists, ranges, panels, supplements; an unknown number is unmatched',
    doc: forms,
    only: 9,
    matches: [
      ready('figure', '2', 'fig-2'),
      ready('figure', '2', 'fig-2'),
      ready('figure', '3', 'fig-3'),
      ready('figure', '1', 'fig-1'),
      ready('figure', '3', 'fig-3'),
      ready('figure', '2', 'fig-2'),
      ready('figure', '1—figure supplement 2', 'fig-1-s2'),
      ready('figure', 'S1', 'fig-S1'),
      ready('figure', '2', 'fig-S2'),
      { kind: 'figure', text: '9', status: 'unmatched' },
    ],
  },
  { name: 'numbersub mode takes the panel letters', doc: modes, settings: { figures: 'numbersub' }, only: 9, matches: ['2b', '2A–C', '3', 'S1'] },
  { name: 'full mode takes the label', doc: modes, settings: { figures: 'full' }, only: 9, matches: ['Fig. 2b', 'Figs. 2A–C', '3', 'S1 Fig'] },
  { name: 'off: no figure targets or mentions', doc: modes, settings: { figures: 'off' }, kind: 'figure', targets: [], matches: [] },
  {
    name: 'a caption label is not a mention, but mentions inside the caption text are',
    doc: p('Figure 1. Overview.', 'Caption') + p('Figure 2. Same layout as Figure 1.', 'Caption'),
    matches: [ready('figure', '1', 'fig-1')],
  },
  {
    name: 'labels split across runs are found',
    doc: captions + `<w:p>${r('as shown in Fi')}${r('g. ')}${r('2')}${r('b.')}</w:p>`,
    settings: { figures: 'numbersub' },
    only: 9,
    matches: [ready('figure', '2b', 'fig-2')],
  },
  {
    name: 'captions built from SEQ fields',
    doc:
      `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Figure ')}${seq('1')}${r(' A SEQ caption')}</w:p>` +
      `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Figure ')}${seq('2')}${r(': another one')}</w:p>` +
      p('As Figure 2 shows.'),
    targets: [['fig-1', 'Figure 1', 0], ['fig-2', 'Figure 2', 1]],
    matches: [ready('figure', '2', 'fig-2')],
  },
  {
    name: 'two captions with the same label: a second key, and the mention is low_confidence',
    doc: p('Figure 1. First.', 'Caption') + p('Figure 1. Typed twice.', 'Caption') + p('See Figure 1.'),
    targets: ['fig-1', 'fig-1~2'],
    matches: [{ kind: 'figure', text: '1', status: 'low_confidence', target: 'fig-1~2' }],
  },
  {
    name: 'mentions in footnotes count; excluded paragraphs hold no mentions',
    doc: { body: p('Figure 3. A caption.') + p('Smith J. Figure 3 in a reference. 2020.'), footnotes },
    excluded: [1],
    matches: [{ ...ready('figure', '3', 'fig-3'), part: 'word/footnotes.xml' }],
  },
  {
    name: 'eLife supplement lists and appendix figures',
    doc:
      p('Figure 1—figure supplement 1. A.') +
      p('Figure 1—figure supplement 2. B.') +
      p('Appendix 1—figure 2. C.') +
      p('(Figure 1—figure supplements 1, 2; Appendix 1—figure 2)'),
    matches: [
      ready('figure', '1—figure supplements 1', 'fig-1-s1'),
      ready('figure', '2', 'fig-1-s2'),
      ready('figure', '2', 'fig-app1-2'),
    ],
  },
  {
    name: 'eLife videos attached to a figure are their own targets, not the figure',
    doc: p('Figure 3. A figure.') + p('Figure 3—video 1. A video.') + p('(Figure 3—video 1; Figure 3)'),
    targets: ['fig-3', 'fig-3-v1'],
    matches: [ready('figure', '3—video 1', 'fig-3-v1'), ready('figure', '3', 'fig-3')],
  },
]);
