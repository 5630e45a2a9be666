// bench:checks reads the untouched manuscripts' findings against the gold: which errors the gold supports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CheckFinding } from '../../../shared/contract.ts';
import { readAgainstGold } from '../../../bench/checks/gold-reading.ts';
import type { GoldDoc } from '../../../bench/accuracy/gold.ts';

const ref = (id: string, number: number, firstAuthor: string, year: string, paragraphIndex: number) => ({ id, label: null, number, text: '', doi: null, doiText: null, doiOffset: null, firstAuthor, year, paragraphIndex });
const GOLD: GoldDoc = {
  name: 'x',
  references: [ref('B1', 1, 'Smith', '2018', 20), ref('B2', 2, 'Barton', '2017', 21), ref('B3', 3, 'Doe', '2001', 22)],
  mentions: [
    { kind: 'citation', text: 'Smith 2018', rid: ['B1'], paragraphIndex: 1, charOffset: 10 },
    { kind: 'citation', text: 'Barton 2016', rid: ['B2'], paragraphIndex: 2, charOffset: 5 },
    { kind: 'figure', text: 'Figure 2', rid: ['f2'], paragraphIndex: 3, charOffset: 0 },
  ],
  targets: [{ id: 'f1', kind: 'figure', label: 'Figure 1', paragraphIndex: 30 }, { id: 'f2', kind: 'figure', label: 'Figure 2', paragraphIndex: 31 }],
};
const f = (code: CheckFinding['code'], severity: CheckFinding['severity'], paragraph: number, start: number, end: number, text: string | undefined, message = ''): CheckFinding =>
  ({ code, severity, message, location: { part: 'word/document.xml', paragraph, start, end }, context: { before: '', after: '' }, ...(text ? { text } : {}), related: [] });

test('an error the gold contradicts is unsupported; one it shows, or cannot contradict, is supported', () => {
  const r = readAgainstGold([
    f('citation-without-entry', 'error', 1, 10, 20, 'Smith 2018'), // the gold links it to an entry: unsupported
    f('citation-without-entry', 'error', 2, 5, 16, 'Barton 2016'), // linked to Barton 2017: the year is wrong, supported
    f('citation-without-entry', 'error', 4, 0, 9, 'Roe, 2020'), // no gold citation, no Roe 2020 entry: supported
    f('citation-without-entry', 'error', 4, 20, 22, '45'), // no entry 45: supported
    f('mention-without-target', 'error', 3, 7, 8, '2', '“Figure 2” is mentioned but the document has no figure 2'), // gold target f2: unsupported
    f('mention-without-target', 'error', 5, 7, 8, '9', '“Figure 9” is mentioned but the document has no figure 9'), // supported
  ], GOLD);
  assert.equal(r.errors, 6);
  assert.deepEqual(r.unsupported.map((x) => x.text), ['Smith 2018', '2']);
});

test('an uncited entry is a true finding when no gold citation points at it', () => {
  const r = readAgainstGold([f('entry-not-cited', 'warning', 22, 0, 10, undefined), f('entry-not-cited', 'warning', 20, 0, 10, undefined)], GOLD);
  assert.equal(r.uncited, 2);
  assert.equal(r.uncitedTrue, 1);
  assert.equal(r.uncitedFalse[0]!.location.paragraph, 20);
});
