// Known gold defects (bench/accuracy/gold-defects.ts) and scoring with them set aside (score.ts setAside).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goldDefects } from '../../../bench/accuracy/gold-defects.ts';
import { scoreDocument, type ScoredMatch, type ScoredTarget } from '../../../bench/accuracy/score.ts';
import type { GoldDoc } from '../../../bench/accuracy/gold.ts';

const P = 'word/document.xml';
// ¶0 "Odours [3, 4] and growth [5–8]." ¶1 "See Supplementary Table 1." ¶2 "Acknowledgments" ¶5..¶12 references 1..8
const refs = Array.from({ length: 8 }, (_, i) => ({ id: `r${i + 1}`, label: `${i + 1}.`, number: i + 1, text: `${i + 1}. X.`, doi: null, doiText: null, doiOffset: null, paragraphIndex: 5 + i }));
const gold: GoldDoc = {
  name: 'toy',
  references: refs,
  targets: [{ id: 'SD1', kind: 'supplementary', label: null, paragraphIndex: 2 }],
  mentions: [
    { kind: 'citation', text: '3', rid: ['r6'], paragraphIndex: 0, charOffset: 8 },
    { kind: 'citation', text: '4', rid: ['r4'], paragraphIndex: 0, charOffset: 11 },
    { kind: 'citation', text: '5–8', rid: ['r5'], paragraphIndex: 0, charOffset: 26 },
    { kind: 'supplementary', text: 'Supplementary Table 1', rid: ['SD1'], paragraphIndex: 1, charOffset: 4 },
  ],
};
const text = ['Odours [3, 4] and growth [5–8].', 'See Supplementary Table 1.', 'Acknowledgments'];

test('general checks: printed number ≠ the rid\'s reference, a range tagged with its first reference only, a target pinned to the next heading', () => {
  const d = goldDefects('toy', gold, (i) => text[i]);
  assert.deepEqual([...d].map(([m, why]) => [m.text, why]), [
    ['3', 'printed citation number is not the number of the rid\'s reference'],
    ['5–8', 'range xref lists only some of its references as rids (the range end is not one)'],
    ['Supplementary Table 1', 'target paragraph is the next section\'s heading (the item has no caption in the DOCX)'],
  ]);
  // A target paragraph that carries the item's label is no defect.
  const labelled: GoldDoc = { ...gold, targets: [{ id: 'SD1', kind: 'supplementary', label: 'Acknowledgments', paragraphIndex: 2 }] };
  assert.equal([...goldDefects('toy', labelled, (i) => text[i]).keys()].some((m) => m.kind === 'supplementary'), false);
});

test('listed defects apply to the document and its .messy variant, with their reason', () => {
  // One entry of known-defects.ts: PLOS ONE 0070598 ¶471 at 245, "File S1" tagged to Figure S1.
  const k = { doc: 'plos-pone-0070598', paragraph: 471, offset: 245, text: 'File S1' };
  const doc: GoldDoc = { name: k.doc, references: [], targets: [], mentions: [{ kind: 'supplementary', text: k.text, rid: ['x'], paragraphIndex: k.paragraph, charOffset: k.offset }] };
  assert.deepEqual([...goldDefects(k.doc, doc, () => undefined).values()], ['"File S1" tagged to Figure S1']);
  assert.equal(goldDefects(`${k.doc}.messy`, doc, () => undefined).size, 1);
  assert.equal(goldDefects('another-doc', doc, () => undefined).size, 0);
});

test('set aside: defect mentions leave the gold count, and matches on them alone leave the engine count', () => {
  const targets: ScoredTarget[] = refs.map((r) => ({ targetId: r.id, label: r.label!, location: { part: P, paragraph: r.paragraphIndex, start: 0, end: 5 } }));
  const match = (start: number, end: number, t: string): ScoredMatch => ({ refId: `m${start}`, kind: 'citation', status: 'ready', targetId: t, sourceText: 'n', location: { part: P, paragraph: 0, start, end } });
  const matches = [match(8, 9, 'r3'), match(11, 12, 'r4'), match(26, 27, 'r5'), match(28, 29, 'r8')];
  const all = scoreDocument(gold, matches, targets);
  assert.deepEqual([all.rows.citation.gold, all.rows.citation.found, all.rows.citation.correct, all.rows.citation.wrongTarget], [3, 2, 2, 2]);
  const aside = new Set(goldDefects('toy', gold, (i) => text[i]).keys());
  const s = scoreDocument(gold, matches, targets, { setAside: aside });
  assert.deepEqual([s.rows.citation.gold, s.rows.citation.found, s.rows.citation.engine, s.rows.citation.correct, s.rows.citation.wrongTarget], [1, 1, 1, 1, 0]);
  assert.equal(s.errors.length, 0);
});
