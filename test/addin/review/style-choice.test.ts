// The style picker's logic: detection in words and the search over bundled styles; what apply sends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectedStyle, searchStyles } from '../../../addin/review/style-choice.ts';
import { styleFields } from '../../../addin/workflow/pipeline.ts';

test('detection: a clear winner with its score, an unsure one with the closest styles, none', () => {
  const sure = detectedStyle({ detectedCslId: 'ieee', styleDetection: { family: 'numeric', candidates: [{ id: 'ieee', score: 0.93 }, { id: 'nature', score: 0.7 }] } });
  assert.equal(sure.confidence, 'high');
  assert.match(sure.title ?? '', /^IEEE/);
  assert.equal(sure.score, 0.93);
  const unsure = detectedStyle({ detectedCslId: null, styleDetection: { candidates: [{ id: 'apa', score: 1.01 }, { id: 'springer-socpsych-author-date', score: 1.0 }] } });
  assert.equal(unsure.confidence, 'low');
  assert.equal(unsure.score, 1);
  assert.deepEqual(unsure.candidates.map((c) => c.id), ['apa', 'springer-socpsych-author-date']);
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

test('apply sends the rewrite only when the author approved it', () => {
  assert.deepEqual(styleFields({ styleId: 'apa', rewrite: true }, 'ieee'), { detectedCslId: 'apa', applyBibRewrite: true });
  assert.deepEqual(styleFields({ styleId: 'apa', rewrite: false }, 'ieee'), { detectedCslId: 'ieee' });
  assert.deepEqual(styleFields(undefined, null), {});
});
