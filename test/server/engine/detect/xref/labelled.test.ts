// The labelled-float engine on its own, configured here for a kind no detector uses (chemistry "Schemes"),
// once plainly and once with every option (PLOS postfix labels, eLife suffixes, appendix floats): one row
// per case, the paragraphs and the captions (targets) and mentions the engine reads in them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findLabelledMentions, findLabelledTargets, type LabelledKind } from '../../../../../server/engine/detect/xref/labelled.ts';
import type { ModelParagraph } from '../../../../../server/engine/model/types.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p, r } from '../../../../helpers/docx-builder.ts';
import { boldLabel } from './helpers.ts';

const PLAIN: LabelledKind = { kind: 'figure', prefix: 'sch', display: 'Scheme', words: '[Ss]chemes?|Sch\\.', captionWords: 'Scheme|SCHEME', seqNames: ['scheme'] };
const OPTIONS: LabelledKind = { ...PLAIN, postfixWords: 'Schemes?', elifeSuffixes: true, appendixWord: 'scheme' };

const seqCaption = (before: string, n: string, after: string) =>
  `<w:p>${r(before)}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> SEQ Scheme \\* ARABIC </w:instrText></w:r>` +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${r(n)}<w:r><w:fldChar w:fldCharType="end"/></w:r>${r(after)}</w:p>`;

interface Row {
  name: string;
  kind?: LabelledKind;
  /** Paragraphs: plain text, or w:p XML. */
  paragraphs: string[];
  /** Paragraph indices given as excluded (a reference list, say). */
  excluded?: number[];
  /** [key, label, paragraph] of each target, in order. Unchecked when absent. */
  targets?: Array<[string, string, number]>;
  /** Each mention as "its text → key" ("(other work)" when it names another work's float), in order. Unchecked when absent. */
  mentions?: string[];
}

const rows: Row[] = [
  {
    name: 'a paragraph opening with the label and a terminator is a caption; a sentence opening with it is not',
    paragraphs: ['Scheme 1. Synthesis of A.', 'Scheme 2 shows the route.', 'SCHEME 3: Route to C'],
    targets: [['sch-1', 'Scheme 1', 0], ['sch-3', 'Scheme 3', 2]],
  },
  {
    name: 'without a terminator, a bold label or a caption style makes the caption',
    paragraphs: [boldLabel('Scheme 4', ' Route to D'), `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Scheme 5 Route to E')}</w:p>`, 'Scheme 6 Route to F'],
    targets: [['sch-4', 'Scheme 4', 0], ['sch-5', 'Scheme 5', 1]],
  },
  {
    name: 'a SEQ field of the kind numbers a caption whatever words precede it',
    paragraphs: [seqCaption('Reaction ', '7', ': overview')],
    targets: [['sch-7', 'Scheme 7', 0]],
  },
  {
    name: 'excluded paragraphs are never captions',
    paragraphs: ['Scheme 1. In the reference list.', 'Scheme 2. A caption.'],
    excluded: [0],
    targets: [['sch-2', 'Scheme 2', 1]],
  },
  {
    name: 'with the options: PLOS "S1 Scheme", eLife "Scheme 1—source data 1" and "Appendix 2—scheme 3" captions',
    kind: OPTIONS,
    paragraphs: ['S1 Scheme. Side route.', 'Scheme 1—source data 1. Yields.', 'Appendix 2—scheme 3. Older route.'],
    targets: [['sch-S1', 'Scheme S1', 0], ['sch-1-sd1', 'Scheme 1—source data 1', 1], ['sch-app2-3', 'Appendix 2—scheme 3', 2]],
  },
  {
    name: 'without them, the same paragraphs are no captions',
    paragraphs: ['S1 Scheme. Side route.', 'Scheme 1—source data 1. Yields.', 'Appendix 2—scheme 3. Older route.'],
    targets: [],
  },
  {
    name: 'mentions: lists, ranges, abbreviations, panel letters each their own mention',
    paragraphs: ['Schemes 1 and 2, Schemes 3–5, Sch. 2a and b, scheme 1B, C.'],
    mentions: ['Schemes 1 → sch-1', '2 → sch-2', 'Schemes 3 → sch-3', '5 → sch-5', 'Sch. 2a → sch-2', 'b → sch-2', 'scheme 1B → sch-1', 'C → sch-1'],
  },
  {
    name: 'mentions: another work\'s scheme is marked; Roman numerals keep their own key',
    paragraphs: ['Scheme 2 of Smith et al. (2019) differs from Scheme 2 in [4]; see Scheme IV.'],
    mentions: ['Scheme 2 → sch-2 (other work)', 'Scheme 2 → sch-2 (other work)', 'Scheme IV → sch-IV'],
  },
  {
    name: 'mentions: supplementary, box and appendix qualifiers give keys of their own',
    paragraphs: ['Supplementary Scheme 3, Box Scheme 1 and Appendix Scheme 2.'],
    mentions: ['Supplementary Scheme 3 → sch-S3', 'Box Scheme 1 → sch-box-1', 'Appendix Scheme 2 → sch-app-2'],
  },
  {
    name: 'mentions with the options: postfix labels, eLife suffixes (one without a number), appendix lists',
    kind: OPTIONS,
    paragraphs: ['See S1 and S2 Schemes, Scheme 1—source data 1, Appendix 2—schemes 3 and 4, and Scheme 5—source data.'],
    mentions: ['Appendix 2—schemes 3 → sch-app2-3', '4 → sch-app2-4', 'Scheme 1—source data 1 → sch-1-sd1', 'Scheme 5—source data → sch-5-sd', 'S1 → sch-S1', 'S2 Schemes → sch-S2'],
  },
  {
    name: 'other kinds\' words and bare numbers are no mentions',
    paragraphs: ['Figure 2, Table 3 and Eq. 4 show 5 routes; schematic 6.'],
    mentions: [],
  },
];

const mentionText = (para: ModelParagraph, m: ReturnType<typeof findLabelledMentions>[number]) =>
  `${para.text.slice(m.full.start, m.full.end)} → ${m.key}${m.otherWork ? ' (other work)' : ''}`;

for (const row of rows) {
  if (!row.targets && !row.mentions) throw new Error(`row '${row.name}' expects nothing`);
  test(row.name, async () => {
    const body = row.paragraphs.map((x) => (x.startsWith('<w:p>') ? x : p(x))).join('');
    const { paragraphs } = buildModel(openDocx(await buildDocx({ body })));
    const kind = row.kind ?? PLAIN;
    if (row.targets) {
      const excluded = new Set(paragraphs.filter((x) => row.excluded?.includes(x.index)));
      assert.deepEqual(findLabelledTargets(kind, paragraphs, excluded).map((t) => [t.key, t.label, t.paragraph.index]), row.targets);
    }
    if (row.mentions) {
      assert.deepEqual(paragraphs.flatMap((para) => findLabelledMentions(kind, para).map((m) => mentionText(para, m))), row.mentions);
    }
  });
}

test('a stronger caption wins: style or SEQ field, then bold, then a terminator', async () => {
  const body = [
    p('Scheme 1. Plain.'),
    `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Scheme 1.</w:t></w:r>${r(' Bold.')}</w:p>`,
    `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Scheme 1. Styled.')}</w:p>`,
  ].join('');
  const { paragraphs } = buildModel(openDocx(await buildDocx({ body })));
  assert.deepEqual(findLabelledTargets(PLAIN, paragraphs, new Set()).map((t) => [t.paragraph.index, t.strength]), [[0, 1], [1, 3], [2, 4]]);
});
