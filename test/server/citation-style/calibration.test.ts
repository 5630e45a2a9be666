// Style detection's confidence: a calibrated probability (never 0 or 1), "unknown" below the threshold,
// the runner-up when the answer is not clear; the citation form decided apart from the style id.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calibrate, citationFormOf, CLEAR, probabilityOf, UNKNOWN_BELOW } from '../../../server/citation-style/calibration.ts';

const c = { intercept: -10, score: 10, margin: 50, entries: 0.5 };

test('probability rises with score, margin and entries compared, and is never certain', () => {
  assert.ok(probabilityOf(0.9, 0.05, 10, c) > probabilityOf(0.8, 0.05, 10, c));
  assert.ok(probabilityOf(0.9, 0.05, 10, c) > probabilityOf(0.9, 0.01, 10, c));
  assert.ok(probabilityOf(0.9, 0.05, 30, c) > probabilityOf(0.9, 0.05, 1, c));
  assert.ok(probabilityOf(5, 5, 30, c) < 1, 'a raw score far above 1 is not 100 %');
  assert.ok(probabilityOf(-5, 0, 1, c) > 0);
});

test('unknown below the threshold; the runner-up when the answer is not clear', () => {
  const ranked = [{ id: 'apa', score: 0.9 }, { id: 'harvard-cite-them-right', score: 0.89 }, { id: 'nature', score: 0.7 }];
  const thin = calibrate(ranked, 0.005, 5, 'apa', 'template', { intercept: -8.5, score: 10, margin: 50, entries: 0 });
  assert.ok(thin.probability < CLEAR && thin.probability >= UNKNOWN_BELOW, String(thin.probability));
  assert.equal(thin.unknown, false);
  assert.equal(thin.runnerUp?.id, 'harvard-cite-them-right');
  assert.ok(thin.runnerUp!.probability > 0 && thin.runnerUp!.probability <= 1 - thin.probability + 1e-9);
  const sure = calibrate(ranked, 0.2, 30, 'apa', 'template', c);
  assert.ok(sure.probability >= CLEAR);
  assert.equal(sure.runnerUp, null);
  const unsure = calibrate(ranked, 0, 1, 'apa', 'template', { intercept: -12, score: 10, margin: 50, entries: 0 });
  assert.equal(unsure.unknown, true);
  assert.equal(unsure.id, 'apa');
  assert.deepEqual(calibrate([], 0, 0, null, 'template'), { id: null, probability: 0, unknown: true, runnerUp: null });
});

test('citation form: numbered entries, author–date, notes', () => {
  assert.equal(citationFormOf({ entries: 30, labelled: 30, citeStyle: 'number', noteCitations: 0 }).form, 'numeric');
  assert.equal(citationFormOf({ entries: 30, labelled: 2, citeStyle: 'superscript', noteCitations: 0 }).form, 'numeric');
  assert.equal(citationFormOf({ entries: 30, labelled: 0, citeStyle: 'author-year', noteCitations: 12 }).form, 'author-date');
  assert.equal(citationFormOf({ entries: 30, labelled: 0, citeStyle: 'off', noteCitations: 20 }).form, 'note');
  assert.equal(citationFormOf({ entries: 30, labelled: 0, citeStyle: 'author-year', noteCitations: 25 }).form, 'note');
  assert.equal(citationFormOf({ entries: 30, labelled: 0, citeStyle: 'off', noteCitations: 0 }).form, 'author-date');
  assert.equal(citationFormOf({ entries: 0, labelled: 0, citeStyle: null, noteCitations: 0 }).form, null);
});
