import { test } from 'node:test';
import assert from 'node:assert/strict';
import { templateOf } from '../../../server/csl/catalog.ts';
import { decideByLineage } from '../../../server/citation-style/lineage.ts';

/** The lead an adaptation needs over its root (lineage.ts). */
const TEMPLATE_LEAD = 0.1;
/** The lead one lineage needs over another before a tie is broken by entries or reach (lineage.ts). */
const MIN_MARGIN = 0.012;

test('a style adapted from another names it as its template; the root has none', () => {
  assert.equal(templateOf('springer-socpsych-author-date'), 'apa');
  assert.equal(templateOf('taylor-and-francis-chicago-author-date'), 'chicago-author-date'); // "-17th-edition" dropped
  assert.equal(templateOf('apa'), null); // its template apa-6th-edition is an older apa
  // the ancestors, nearest first, are scored on demand, and the root answers when it renders as close
  const asked: string[] = [];
  const physics = decideByLineage([{ id: 'springer-physics-brackets', score: 0.9 }], (id) => { asked.push(id); return 0.9; });
  assert.deepEqual(asked, ['american-physics-society', 'american-institute-of-physics']);
  assert.equal(physics.id, 'american-institute-of-physics');
  // AGU is of apa's lineage: one lineage, so no other lineage to lead (the margin is the score itself)
  const agu = decideByLineage([{ id: 'american-geophysical-union', score: 0.9 }, { id: 'apa', score: 0.9 - MIN_MARGIN / 2 }], () => null);
  assert.deepEqual([agu.id, agu.margin], ['apa', 0.9]);
});

test('within a lineage the root wins unless the adaptation is clearly closer', () => {
  const none = () => null;
  const close = decideByLineage([{ id: 'taylor-and-francis-chicago-author-date', score: 0.95 }, { id: 'chicago-author-date', score: 0.95 - TEMPLATE_LEAD / 2 }, { id: 'ieee', score: 0.5 }], none);
  assert.equal(close.id, 'chicago-author-date');
  assert.ok(Math.abs(close.margin - 0.45) < 1e-9);
  const far = decideByLineage([{ id: 'taylor-and-francis-chicago-author-date', score: 0.95 }, { id: 'chicago-author-date', score: 0.95 - 2 * TEMPLATE_LEAD }], none);
  assert.equal(far.id, 'taylor-and-francis-chicago-author-date');
  // an ancestor that was not ranked is scored on demand
  const asked: string[] = [];
  const onDemand = decideByLineage([{ id: 'american-physics-society', score: 0.9 }, { id: 'science', score: 0.85 }], (id) => { asked.push(id); return 0.88; });
  assert.deepEqual([onDemand.id, asked], ['american-institute-of-physics', ['american-institute-of-physics']]);
});

test('a near tie between lineages goes to the far wider one, else stays undecided', () => {
  const none = () => null;
  const wide = decideByLineage([{ id: 'american-political-science-association', score: 0.9 }, { id: 'apa', score: 0.9 - MIN_MARGIN / 2 }], none);
  assert.equal(wide.id, 'apa');
  assert.match(wide.reason, /broken by reach \(\d+ journal styles\)/, 'apa reaches more journals than the political science lineage');
  const tie = decideByLineage([{ id: 'nature', score: 0.9 }, { id: 'cell', score: 0.9 - MIN_MARGIN / 2 }], none);
  assert.equal(tie.id, null);
  assert.match(tie.reason, /no clear winner/);
});

test('a root of another citation family never answers for its adaptation', () => {
  assert.equal(templateOf('springer-vancouver-author-date'), 'nlm-citation-sequence');
  const d = decideByLineage([{ id: 'springer-vancouver-author-date', score: 0.9 }, { id: 'apa', score: 0.8 }], () => 0.89);
  assert.equal(d.id, 'springer-vancouver-author-date');
});

test('a near tie is broken by the entries when one style renders each at least as close and some closer', () => {
  const none = () => null;
  // current-opinion (15 journals) and biomed-central (66): reach alone would answer biomed-central
  const co = { id: 'current-opinion', score: 0.9, perEntry: [0.9, 0.9, 0.95] };
  const bmc = { id: 'biomed-central', score: 0.9 - MIN_MARGIN / 2, perEntry: [0.9, 0.9, 0.9] };
  const d = decideByLineage([co, bmc], none);
  assert.equal(d.id, 'current-opinion');
  assert.match(d.reason, /broken by the entries/);
  // the other way round: biomed-central rendering each entry at least as close, and one closer
  const back = decideByLineage([{ ...co, perEntry: [0.9, 0.9, 0.9] }, { ...bmc, perEntry: [0.9, 0.9, 0.95] }], none);
  assert.equal(back.id, 'biomed-central');
  assert.match(back.reason, /broken by the entries/);
  // neither dominates: reach decides
  assert.equal(decideByLineage([{ ...co, perEntry: [0.95, 0.9, 0.9] }, { ...bmc, perEntry: [0.9, 0.95, 0.9] }], none).id, 'biomed-central');
});
