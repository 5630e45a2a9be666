// Scoring a registry work against a reference: the prepared reference (tokens, author block, numbers,
// glued words), title coverage and extra title words, and the combined score that ranks the right work
// above a notice, an abstract of the year before, or another work with a longer title.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReference } from '../../../server/references/parse.ts';
import { agreements, combinedScore, prepareReference, scoreCandidate } from '../../../server/resolver/score.ts';
import type { CrossrefWork } from '../../../server/resolver/work.ts';
import { REFS, WORKS } from '../../helpers/fake-crossref/fixtures.ts';

const prep = (s: string) => prepareReference(parseReference(s));
const byDoi = (doi: string) => WORKS.find((w) => w.DOI === doi)! as CrossrefWork;
const bacon = prep(REFS.bacon);

test('the prepared reference: folded tokens, the author block, numbers, glued words', () => {
  const r = prep('Müller K, Smith J. Cro ssbridge kinetics. J Physiol. 2004;12:e1234.');
  assert.ok(r.tokens.includes('muller') && r.leadSet.has('muller') && r.leadSet.has('smith') && !r.leadSet.has('physiol'));
  assert.ok(r.numbers.includes('2004') && r.numbers.includes('12') && r.numbers.includes('e1234'), r.numbers.join(','));
  assert.ok(r.joined.has('crossbridge'));
  assert.equal(r.mentionsNotice, false);
  assert.equal(prep('Smith J. Retraction: Growth of cells. Nature. 2020;1:2.').mentionsNotice, true);
});

test('title coverage weighs stop words a fifth; an omitted subtitle is no extra, a label before the title is', () => {
  const titled = (title: string) => scoreCandidate(bacon, { DOI: '10.1/t', title: [title] });
  const whole = titled('Effects of daily stress on autonomic cardiac control');
  assert.deepEqual([whole.title, whole.titleWords], [1, 6]);
  const other = titled('Effects of nightly noise on sleep').title;
  assert.ok(other !== null && other < 0.5, String(other));
  assert.equal(titled('Effects of daily stress on autonomic cardiac control in patients with coronary artery disease: a cohort study').titleExtra, 0);
  assert.ok(titled('Editorial comment: Effects of daily stress on autonomic cardiac control in patients with coronary artery disease').titleExtra > 0);
});

test('the right work scores higher and agrees on more fields than a correction notice or last year\'s abstract', () => {
  const right = scoreCandidate(bacon, byDoi('10.1000/heart.2009.1'));
  const notice = scoreCandidate(bacon, byDoi('10.1000/heart.corr'));
  const abstract = scoreCandidate(bacon, byDoi('10.1000/abs.2003.77'));
  assert.equal(agreements(right), 5);
  assert.ok(agreements(abstract) < agreements(right));
  assert.ok(combinedScore(right) > combinedScore(notice) + 0.4, 'a notice is penalised');
  assert.ok(combinedScore(right) > combinedScore(abstract));
});

test('little evidence is weak evidence: a title alone scores less than the same title with agreeing fields', () => {
  const full = scoreCandidate(bacon, byDoi('10.1000/heart.2009.1'));
  const titleOnly = scoreCandidate(bacon, { DOI: '10.9/x', title: byDoi('10.1000/heart.2009.1').title });
  assert.ok(combinedScore(titleOnly) < combinedScore(full));
});
