// The Checks step's data: findings counted per severity and grouped in packet order, each finding a place
// host.selectMatch can find in Word (the mention, or the entry's first words) and a quote to show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CheckFinding } from '../../../shared/contract.ts';
import { findingPlace, findingQuote, findingsOf, SEVERITIES, severityCounts } from '../../../addin/review/findings.ts';

const at = (paragraph: number, start = 0, end = 1) => ({ part: 'word/document.xml', paragraph, start, end });

const mention: CheckFinding = {
  code: 'mention-without-target', severity: 'error', message: 'Figure 7 is mentioned but there is no figure 7.',
  location: at(3, 20, 28), text: 'Figure 7', related: [],
  context: { before: 'Cells grew. As shown in ', after: ', the rate doubled. Then we stopped.' },
};
const entry: CheckFinding = {
  code: 'entry-not-cited', severity: 'warning', message: 'Entry 12 is never cited.',
  location: at(40, 0, 60), related: ['ref-12', 'ref-13'],
  context: { before: '', after: 'Smith J, Jones K, Brown L. A very long title of a study on things. Nature. 2020…' },
};
const note: CheckFinding = { ...entry, code: 'doi-available', severity: 'note', location: at(41), related: ['ref-14'] };
const secondError: CheckFinding = { ...mention, location: at(9, 2, 10), text: 'Table 4' };

test('severities in the order the pane shows them; counts per severity, zero where none', () => {
  assert.deepEqual(SEVERITIES, ['error', 'warning', 'note']);
  assert.deepEqual(severityCounts([mention, entry, secondError]), { error: 2, warning: 1, note: 0 });
  assert.deepEqual(severityCounts([]), { error: 0, warning: 0, note: 0 });
});

test('findingsOf keeps the packet’s order within a severity', () => {
  assert.deepEqual(findingsOf([mention, entry, note, secondError], 'error'), [mention, secondError]);
  assert.deepEqual(findingsOf([mention, entry, note, secondError], 'note'), [note]);
  assert.deepEqual(findingsOf([entry], 'error'), []);
});

test('a mention finding is found in Word by its text with its context, at its location', () => {
  const place = findingPlace(mention, 4);
  assert.equal(place.refId, 'check-4');
  assert.equal(place.sourceText, 'Figure 7');
  assert.deepEqual(place.context, mention.context);
  assert.deepEqual(place.location, mention.location);
  assert.equal(place.targetId, '', 'no related target');
});

test('an entry finding is searched by its first six words (the "…" of a cut context dropped), with no context', () => {
  const place = findingPlace(entry, 0);
  assert.equal(place.sourceText, 'Smith J, Jones K, Brown L.');
  assert.deepEqual(place.context, { before: '', after: '' });
  assert.equal(place.targetId, 'ref-12', 'the first related target');
  const short = findingPlace({ ...entry, context: { before: '', after: '  Short entry…' } }, 1);
  assert.equal(short.sourceText, 'Short entry');
});

test('the quote: a mention’s sentence, or the entry or caption text as given', () => {
  assert.equal(findingQuote(mention), 'As shown in Figure 7, the rate doubled.');
  assert.equal(findingQuote(entry), entry.context.after);
});
