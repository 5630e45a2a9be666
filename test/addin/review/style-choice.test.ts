// The style picker's logic: detection in words and the search over bundled styles; what apply sends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectedStyle, preselectedStyle, searchStyles } from '../../../addin/review/style-choice.ts';

test('detection: a clear winner with its probability and form, an unsure one with the closest styles, none', () => {
  const sure = detectedStyle({
    detectedCslId: 'ieee',
    styleDetection: {
      family: 'numeric',
      citationForm: { form: 'numeric', basis: '30 of 30 entries carry a number' },
      candidates: [{ id: 'ieee', score: 0.93 }, { id: 'nature', score: 0.7 }],
      confidence: { id: 'ieee', probability: 0.97, unknown: false, runnerUp: null },
    },
  });
  assert.equal(sure.confidence, 'high');
  assert.match(sure.title ?? '', /^IEEE/);
  assert.equal(sure.probability, 0.97);
  assert.equal(sure.form, 'numeric');
  assert.equal(sure.runnerUp, null);
  const thin = detectedStyle({ detectedCslId: 'apa', styleDetection: { candidates: [{ id: 'apa', score: 0.9 }, { id: 'nature', score: 0.89 }], confidence: { id: 'apa', probability: 0.62, unknown: false, runnerUp: { id: 'nature', probability: 0.3 } } } });
  assert.equal(thin.runnerUp?.id, 'nature');
  assert.equal(thin.runnerUp?.probability, 0.3);
  const unsure = detectedStyle({ detectedCslId: null, styleDetection: { candidates: [{ id: 'apa', score: 1.01 }, { id: 'springer-socpsych-author-date', score: 1.0 }], confidence: { id: 'apa', probability: 0.31, unknown: true, runnerUp: null } } });
  assert.equal(unsure.confidence, 'low');
  assert.equal(unsure.probability, 0.31);
  assert.deepEqual(unsure.candidates.map((c) => c.id), ['apa', 'springer-socpsych-author-date']);
  // a raw score (an older report without a calibrated confidence) is never shown as a percentage
  assert.equal(detectedStyle({ detectedCslId: 'apa', styleDetection: { candidates: [{ id: 'apa', score: 1.449 }] } }).probability, null);
  assert.equal(detectedStyle({ detectedCslId: null, styleDetection: null }).confidence, 'none');
  // the resolver's detection (later source) wins over the scan's
  assert.equal(detectedStyle({ detectedCslId: 'ieee', styleDetection: { candidates: [] } }, { detectedCslId: 'nature', styleDetection: { candidates: [] } }).id, 'nature');
});

test('search by any words of the title or id, accents and case ignored', () => {
  assert.ok(searchStyles('vancouver').some((s) => s.id === 'nlm-citation-sequence' || s.id === 'elsevier-vancouver'));
  assert.ok(searchStyles('apa 7th').some((s) => s.id === 'apa'));
  assert.ok(searchStyles('apa 7th').every((s) => /apa/.test(s.id)));
  assert.equal(searchStyles('NATURE').some((s) => s.id === 'nature'), true);
  assert.equal(searchStyles('').length, 30);
  assert.deepEqual(searchStyles('no such style anywhere'), []);
});

test('a detected style that is not bundled is shown but never preselected as a rewrite target', () => {
  const d = detectedStyle({ detectedCslId: 'harvard-swinburne-university-of-technology', styleDetection: { candidates: [{ id: 'harvard-swinburne-university-of-technology', score: 1.4 }, { id: 'harvard-cite-them-right', score: 1.2 }] } });
  assert.equal(d.confidence, 'high');
  assert.equal(d.rewritable, false);
  assert.equal(d.title, 'harvard-swinburne-university-of-technology');
  assert.deepEqual(d.candidates.map((c) => c.id), ['harvard-cite-them-right']);
  assert.equal(preselectedStyle('harvard-swinburne-university-of-technology'), null);
  assert.equal(preselectedStyle('biomed-central'), 'biomed-central');
  assert.equal(detectedStyle({ detectedCslId: 'biomed-central', styleDetection: { candidates: [] } }).rewritable, true);
  assert.equal(preselectedStyle(null), null);
});
