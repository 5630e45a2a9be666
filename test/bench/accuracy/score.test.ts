// Scoring logic of the accuracy bench (bench/accuracy/score.ts, offsets.ts, paragraphs.ts) on hand-made inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  recall,
  scoreDocument,
  strictPrecision,
  taggedPrecision,
  type ScoredMatch,
  type ScoredTarget,
} from '../../../bench/accuracy/score.ts';
import type { GoldDoc } from '../../../bench/accuracy/gold.ts';
import { OffsetTranslator } from '../../../bench/accuracy/offsets.ts';
import { readParagraphs } from '../../../bench/accuracy/paragraphs.ts';

const P = 'word/document.xml';

// ¶0: "As shown in Fig. 2 and [1], [3]." ; ¶5 caption Figure 2 ; ¶6 caption Figure 3 ; ¶9 ref 1 ; ¶10 ref 2 ; ¶11 ref 3
const gold: GoldDoc = {
  name: 'toy',
  references: [
    { id: 'r1', label: '1.', number: 1, text: '1. A (2019) T. doi: 10.1/ABC', doi: '10.1/ABC', doiText: '10.1/ABC', doiOffset: 20, paragraphIndex: 9 },
    { id: 'r2', label: '2.', number: 2, text: '2. B (2020) U.', doi: null, doiText: null, doiOffset: null, paragraphIndex: 10 },
    { id: 'r3', label: '3.', number: 3, text: '3. C (2021) V. doi: 10.2/x', doi: '10.2/x', doiText: '10.2/x', doiOffset: 20, paragraphIndex: 11 },
  ],
  targets: [
    { id: 'f2', kind: 'figure', label: 'Figure 2', paragraphIndex: 5 },
    { id: 'f3', kind: 'figure', label: 'Figure 3', paragraphIndex: 6 },
    { id: 's1', kind: 'supplementary', label: 'Table S1', paragraphIndex: 7 },
  ],
  mentions: [
    { kind: 'figure', text: '2', rid: ['f2'], paragraphIndex: 0, charOffset: 17 },
    { kind: 'citation', text: '1', rid: ['r1'], paragraphIndex: 0, charOffset: 24 },
    { kind: 'citation', text: '3', rid: ['r3'], paragraphIndex: 0, charOffset: 29 },
    { kind: 'supplementary', text: 'Table S1', rid: ['s1'], paragraphIndex: 1, charOffset: 0 },
  ],
};

const targets: ScoredTarget[] = [
  { targetId: 'F2', label: 'Figure 2', location: { part: P, paragraph: 5, start: 0, end: 8 } },
  { targetId: 'F3', label: 'Figure 3', location: { part: P, paragraph: 6, start: 0, end: 8 } },
  { targetId: 'S1', label: 'Table S1', location: { part: P, paragraph: 7, start: 0, end: 8 } },
  { targetId: 'B1', label: '[1]', location: { part: P, paragraph: 9, start: 0, end: 30 } },
  { targetId: 'B2', label: '[2]', location: { part: P, paragraph: 10, start: 0, end: 14 } },
  { targetId: 'B3', label: '[3]', location: { part: P, paragraph: 11, start: 0, end: 26 } },
];

let n = 0;
function m(kind: string, paragraph: number, start: number, end: number, targetId: string, extra: Partial<ScoredMatch> = {}): ScoredMatch {
  return { refId: `m${n++}`, kind, status: 'ready', targetId, sourceText: 'x', location: { part: P, paragraph, start, end }, ...extra };
}

test('a match meets a mention when their half-open ranges share a character: touching and empty ranges do not', () => {
  // the gold figure mention "2" is [17, 18) of ¶0
  const cases: [number, number, number][] = [[16, 18, 1], [17, 18, 1], [12, 30, 1], [10, 17, 0], [18, 20, 0], [17, 17, 0]];
  for (const [start, end, found] of cases) {
    const s = scoreDocument(gold, [m('figure', 0, start, end, 'F2')], targets);
    assert.deepEqual([s.rows.figure.found, s.rows.figure.untagged], [found, 1 - found], `[${start}, ${end})`);
  }
});

test('engine kinds map to rows; algorithm and listing count as other', () => {
  const s = scoreDocument(gold, [m('citation', 3, 0, 3, 'B1'), m('algorithm', 3, 4, 8, 'F2'), m('listing', 3, 9, 12, 'F2'), m('doi', 3, 13, 20, '', { doi: '10.9/z' })], targets);
  assert.deepEqual([s.rows.citation.engine, s.rows.other.engine, s.rows.doi.engine], [1, 2, 1]);
  assert.deepEqual(s.errors.filter((e) => e.type === 'untagged').map((e) => e.kind), ['citation', 'other', 'other', 'doi']);
});

test('expanded engine span "Fig. 2" overlapping gold "2" with the right target is correct', () => {
  const s = scoreDocument(gold, [m('figure', 0, 12, 18, 'F2')], targets);
  assert.deepEqual({ ...s.rows.figure }, { kind: 'figure', gold: 1, found: 1, engine: 1, correct: 1, wrongTarget: 0, untagged: 0 });
  assert.equal(recall(s.rows.figure), 1);
});

test('overlap with the wrong target is wrong-target and leaves the mention missed', () => {
  const s = scoreDocument(gold, [m('figure', 0, 17, 18, 'F3')], targets);
  assert.equal(s.rows.figure.wrongTarget, 1);
  assert.equal(s.rows.figure.found, 0);
  const types = s.errors.map((e) => `${e.type}:${e.kind}`).sort();
  assert.deepEqual(types.filter((t) => t.endsWith(':figure')), ['wrong-target:figure']); // listed once, not also as missed
  const wrong = s.errors.find((e) => e.type === 'wrong-target')!;
  assert.deepEqual(wrong.expected, ['Figure 2 (¶5)']);
  assert.equal(wrong.engine[0]!.targetParagraph, 6);
});

test('a match in a paragraph without gold, or beside the mention, is untagged', () => {
  const s = scoreDocument(gold, [m('table', 3, 0, 7, 'F2'), m('figure', 0, 10, 17, 'F2')], targets);
  assert.equal(s.rows.table.untagged, 1);
  assert.equal(s.rows.figure.untagged, 1);
  assert.equal(s.rows.figure.found, 0);
});

test('precision and recall arithmetic', () => {
  const matches = [
    m('citation', 0, 24, 25, 'B1'), // correct
    m('citation', 0, 29, 30, 'B2'), // wrong target
    m('citation', 2, 0, 3, 'B1'), // untagged
    m('citation', 2, 5, 8, 'B3'), // untagged
  ];
  const s = scoreDocument(gold, matches, targets);
  const r = s.rows.citation;
  assert.equal(r.gold, 2);
  assert.equal(r.found, 1);
  assert.equal(r.engine, 4);
  assert.equal(r.correct, 1);
  assert.equal(r.wrongTarget, 1);
  assert.equal(r.untagged, 2);
  assert.equal(recall(r), 0.5);
  assert.equal(strictPrecision(r), 0.25);
  assert.equal(taggedPrecision(r), 0.5);
  assert.equal(recall(s.rows.equation), null);
  assert.equal(strictPrecision(s.rows.equation), null);
});

test('a mention with several rids is found by a match on any of them', () => {
  const g: GoldDoc = { ...gold, mentions: [{ kind: 'citation', text: '1-3', rid: ['r1', 'r2', 'r3'], paragraphIndex: 0, charOffset: 24 }] };
  const s = scoreDocument(g, [m('citation', 0, 24, 25, 'B3')], targets);
  assert.equal(s.rows.citation.found, 1);
  assert.equal(s.rows.citation.correct, 1);
});

test('held and unmatched matches are not counted; footnote matches are reported apart', () => {
  const matches = [
    m('citation', 0, 24, 25, 'B1', { status: 'held' }),
    m('citation', 0, 29, 30, '', { status: 'unmatched' }),
    { ...m('citation', 0, 0, 3, 'B1'), location: { part: 'word/footnotes.xml', paragraph: 0, start: 0, end: 3 } },
  ];
  const s = scoreDocument(gold, matches, targets);
  assert.equal(s.rows.citation.engine, 0);
  assert.equal(s.rows.citation.found, 0);
  assert.deepEqual(s.uncountedByStatus, { held: 1, unmatched: 1 });
  assert.equal(s.otherParts, 1);
  // The missed mention lists the uncounted engine match sitting on it.
  const missed = s.errors.find((e) => e.type === 'missed' && e.text === '1')!;
  assert.equal(missed.engine[0]!.status, 'held');
  // Counting unmatched too turns it into a wrong-target (no target).
  const s2 = scoreDocument(gold, matches, targets, { countedStatuses: ['ready', 'unmatched'] });
  assert.equal(s2.rows.citation.wrongTarget, 1);
});

test('figure/table matches on supplementary mentions count in the supplementary row, never untagged', () => {
  const s = scoreDocument(gold, [m('table', 1, 0, 8, 'S1')], targets);
  assert.equal(s.rows.table.engine, 0);
  assert.equal(s.rows.supplementary.engine, 1);
  assert.equal(s.rows.supplementary.correct, 1);
  assert.equal(s.rows.supplementary.found, 1);
  const s2 = scoreDocument(gold, [m('table', 1, 0, 8, 'F2')], targets);
  assert.equal(s2.rows.supplementary.wrongTarget, 1);
  assert.equal(s2.rows.supplementary.untagged, 0);
});

test('DOI: found only by a doi match overlapping the DOI text whose doi equals case-insensitively', () => {
  const matches = [
    m('doi', 9, 15, 28, '', { doi: '10.1/abc' }), // overlaps "10.1/ABC" (20..28), same DOI ignoring case
    m('doi', 11, 20, 26, '', { doi: '10.2/y' }), // overlaps, wrong DOI
    m('doi', 0, 0, 5, '', { doi: '10.9/z' }), // body text: untagged
  ];
  const s = scoreDocument(gold, matches, targets);
  assert.deepEqual({ ...s.rows.doi }, { kind: 'doi', gold: 2, found: 1, engine: 3, correct: 1, wrongTarget: 1, untagged: 1 });
  const missed = s.errors.filter((e) => e.type === 'missed' && e.kind === 'doi');
  assert.deepEqual(missed.map((e) => e.text), ['10.2/x']);
});

test('offset translation: tabs and breaks shift engine offsets; astral characters count two UTF-16 units', () => {
  const xml =
    '<w:document><w:body><w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>' +
    '<w:r><w:t>ab</w:t><w:tab/><w:t>c&amp;d</w:t></w:r><w:r><w:br/><w:t xml:space="preserve">\u{1D465} e</w:t></w:r></w:p>' +
    '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
    '<w:p><w:r><w:delText>gone</w:delText></w:r><w:r><w:instrText>REF x</w:instrText></w:r><w:r><w:t>kept</w:t></w:r></w:p></w:body></w:document>';
  const ps = readParagraphs(xml);
  assert.deepEqual(ps.map((p) => p.text), ['abc&d\u{1D465} e', 'cell', 'kept']);
  assert.deepEqual(ps[0]!.extras, [2, 5]); // the tab stop in w:pPr is not a character
  // engine text (UTF-16): a b \t c & d \n x(2 units) ' ' e
  const tr = new OffsetTranslator(ps, 'utf16');
  assert.deepEqual(Array.from({ length: 12 }, (_, i) => tr.toGold(0, i)), [0, 1, 2, 2, 3, 4, 5, 5, 5, 6, 7, 8]);
  assert.equal(tr.toGold(0, 3), 2); // "c" in engine text
  assert.equal(tr.toGold(0, 10), 7); // "e"
  assert.equal(tr.goldSlice(0, tr.toGold(0, 6), tr.toGold(0, 9)), '\u{1D465}');
  assert.equal(tr.needsTranslation(1), false);
  assert.equal(tr.toGold(1, 3), 3);
  const cp = new OffsetTranslator(ps, 'codepoint');
  assert.equal(cp.toGold(0, 9), 7);
});
