import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReference } from '../../../server/references/parse.ts';
import { decide, rankCandidates } from '../../../server/resolver/match.ts';
import { prepareReference, scoreCandidate } from '../../../server/resolver/score.ts';
import { workUpdates, type CrossrefWork } from '../../../server/resolver/work.ts';
import { REFS, WORKS } from '../../helpers/fake-crossref/fixtures.ts';

const byDoi = (doi: string) => ({ ...WORKS.find((w) => w.DOI === doi)!, score: 100 }) as CrossrefWork;
const prep = (s: string) => prepareReference(parseReference(s));

test('field features: every field of the right work agrees; a meeting abstract a year earlier counts the year half and its numbers against it', () => {
  const ref = prep(REFS.bacon);
  const right = scoreCandidate(ref, byDoi('10.1000/heart.2009.1'));
  assert.deepEqual([right.title, right.author, right.year, right.volume, right.page, right.unexplained, right.notice], [1, 1, 1, 1, 1, 0, false]);
  const abstract = scoreCandidate(ref, byDoi('10.1000/abs.2003.77'));
  assert.equal(abstract.year, 0.5);
  assert.equal(abstract.volume, 0);
  assert.equal(abstract.page, 0);
  assert.ok(abstract.unexplained >= 2);
});

test('notices, chapters and preprints of the cited work are penalised', () => {
  const bacon = prep(REFS.bacon);
  assert.equal(scoreCandidate(bacon, byDoi('10.1000/heart.corr')).notice, true);
  const stroke = prep(REFS.stroke);
  assert.equal(scoreCandidate(stroke, byDoi('10.1000/stroke.chapter')).typeMismatch, true);
  const nano = prep(REFS.nano);
  assert.equal(scoreCandidate(nano, byDoi('10.1000/gold.preprint')).typeMismatch, true);
  for (const [ref, doi] of [[bacon, '10.1000/heart.2009.1'], [stroke, '10.1000/stroke.2010'], [nano, '10.1000/gold.nano']] as const) {
    const ranked = rankCandidates(ref, WORKS.map((w) => ({ ...w, score: 50 }) as CrossrefWork));
    assert.equal(ranked[0]!.work.DOI, doi);
  }
  // A reference that cites the correction itself may match it.
  const corr = prep('Bacon SL, Watkins LL, Babyak M. Correction: Effects of daily stress on autonomic cardiac control in patients with coronary artery disease. Am J Cardiol. 2004;94:1500.');
  assert.equal(scoreCandidate(corr, byDoi('10.1000/heart.corr')).notice, false);
});

test('accept only with a margin: two equally good records (a registry duplicate) are sent to review', () => {
  const ref = prep(REFS.stroke);
  const a = byDoi('10.1000/stroke.2010');
  const d = decide(ref, [a, { ...a, DOI: '10.1000/stroke.duplicate' }]);
  assert.equal(d.status, 'low_confidence');
  assert.ok(d.confidence < 0.9);
  assert.deepEqual(d.reasons.find((r) => r.code === 'runnerUp'), { code: 'runnerUp', values: { doi: '10.1000/stroke.duplicate' } });
  const alone = decide(ref, [a, byDoi('10.1000/other.1')]);
  assert.equal(alone.status, 'ready');
  assert.ok(alone.confidence >= 0.9);
});

test('the agreement gate: three of title, year, volume, author, page; two only for a long whole title and the first author', () => {
  const title = 'Kinetics of heterolysis of organohalogen compounds in aprotic solvents';
  const record = (fields: Partial<CrossrefWork>) => ({ DOI: '10.1000/gate', score: 80, type: 'journal-article', title: [title], author: [{ family: 'Okafor', given: 'C.' }], ...fields }) as CrossrefWork;
  /** How many fields agree, and whether the gate refused ("fewAgree"). */
  const gate = (reference: string, fields: Partial<CrossrefWork>) => {
    const d = decide(prep(reference), [record(fields)]);
    return { agreeing: d.best!.agreements, refused: d.reasons.some((r) => r.code === 'fewAgree') };
  };
  const noYear = `Okafor C, Lindqvist D. ${title}.`;
  assert.deepEqual(gate(noYear, {}), { agreeing: 2, refused: false }, 'a long whole title and the first author');
  assert.deepEqual(gate(noYear, { title: ['Kinetics of heterolysis'] }), { agreeing: 2, refused: true }, 'a short title');
  assert.deepEqual(gate(`Okafor C, Lindqvist D. ${title}. 2005.`, { issued: { 'date-parts': [[1980]] } }), { agreeing: 2, refused: true }, 'the year contradicts');
  assert.deepEqual(gate(noYear, { author: [{ family: 'Quist', given: 'K.' }] }), { agreeing: 1, refused: true }, 'the title alone');
  const full = `Okafor C, Lindqvist D. ${title}. Russ J Kinet. 2005;75(9):1430-6.`;
  const threeWithoutTitle = gate(full, { title: ['Unrelated notes on garden soils'], issued: { 'date-parts': [[2005]] }, volume: '75', page: '1430-1436' });
  assert.ok(threeWithoutTitle.agreeing >= 3 && !threeWithoutTitle.refused, JSON.stringify(threeWithoutTitle));
});

test('confidence grows with score, margin and agreement, within 0..1', () => {
  const ref = prep(REFS.bacon);
  const works = WORKS.map((w) => ({ ...w, score: 80 }) as CrossrefWork);
  const [, second] = rankCandidates(ref, works);
  const c = decide(ref, works).confidence;
  assert.ok(c > 0.9 && c <= 1);
  // A weaker record (lower score, fewer fields agreeing) alone: less confidence.
  const weaker = decide(ref, [second!.work]).confidence;
  assert.ok(weaker > 0 && weaker < c, String(weaker));
  // The same record with an equal runner-up (no margin): less again.
  assert.ok(decide(ref, [second!.work, { ...second!.work, DOI: '10.1000/twin' }]).confidence < weaker, 'no margin, less confidence');
});

test('update relations: publisher and Retraction Watch notices, relation-style notices, duplicates once', () => {
  const w = {
    DOI: '10.1/x',
    'updated-by': [
      { DOI: '10.1/notice', type: 'retraction', source: 'retraction-watch', updated: { 'date-parts': [[2020, 3, 1]] } },
      { DOI: '10.1/NOTICE', type: 'retraction', source: 'retraction-watch', updated: { 'date-parts': [[2020, 3, 1]] } },
      { DOI: '10.1/fix', type: 'correction', updated: { 'date-time': '2019-05-02T00:00:00Z' } },
      { DOI: '10.1/new-version', type: 'new_version' },
    ],
    relation: { 'is-retracted-by': [{ 'id-type': 'doi', id: '10.1/rel' }] },
  } as CrossrefWork;
  assert.deepEqual(workUpdates(w), [
    { type: 'retraction', noticeDoi: '10.1/notice', date: '2020-03-01', source: 'retraction-watch' },
    { type: 'correction', noticeDoi: '10.1/fix', date: '2019-05-02' },
    { type: 'retraction', noticeDoi: '10.1/rel', date: null },
  ]);
});

test('title words the reference lacks: a label before the title counts against, an omitted subtitle does not; OCR splits still match', () => {
  const ref = prep('Slack RC. Care in the community for older people with dementia. Public Health 1997;111:123-5.');
  const editorial = { DOI: '10.1/e', title: ['Editorial: Care in the community for older people with dementia'], score: 50 } as CrossrefWork;
  const article = { DOI: '10.1/a', title: ['Care in the community for older people with dementia: a survey of practice'], score: 50 } as CrossrefWork;
  assert.ok(scoreCandidate(ref, editorial).titleExtra > 0.1);
  assert.equal(scoreCandidate(ref, article).titleExtra, 0);
  const noisy = prep('Levine, R. J. C., & Levitt, P. (1986). Cro ssbridge and Backbone Structure of Invertebrate Thick Filaments. Biophysical Journal, 49(1), 135.');
  const f = scoreCandidate(noisy, { DOI: '10.1/c', title: ['Crossbridge and backbone structure of invertebrate thick filaments'], score: 50 });
  assert.equal(f.title, 1);
  assert.equal(f.titleExtra, 0);
});

test('a notice is penalised unless the reference names that kind of notice ("withdrawal" in a title is not a withdrawal notice)', () => {
  const ref = prep('Donny EC, Walsh SL. High-dose methadone produces superior opioid blockade and comparable withdrawal suppression. Psychopharmacology 2002;161:202-12.');
  const corr = { DOI: '10.1/n', title: ['Correction: High-dose methadone produces superior opioid blockade and comparable withdrawal suppression'], score: 50 } as CrossrefWork;
  assert.equal(scoreCandidate(ref, corr).notice, true);
  const byRelation = { DOI: '10.1/u', title: ['High-dose methadone produces superior opioid blockade'], 'update-to': [{ DOI: '10.1/x', type: 'correction' }], score: 50 } as CrossrefWork;
  assert.equal(scoreCandidate(ref, byRelation).notice, true);
});

test('a reference without a title is never matched ready to a record whose first page contradicts it (the neighbouring article)', () => {
  const ref = prep('H.J. Abernethy and G.A. Okoro, Archives of Marine Botany 24, 180 (2001).');
  const record = (doi: string, page: string, authors: string[]) => ({
    DOI: doi, score: 80, type: 'journal-article', title: [`A study ${doi}`], 'container-title': ['Archives of Marine Botany'],
    volume: '24', issue: '3', page, issued: { 'date-parts': [[2001]] }, author: authors.map((family) => ({ family, given: 'X.' })),
  }) as CrossrefWork;
  const neighbour = decide(ref, [record('10.1000/amb.171', '171-179', ['Abernethy', 'Lund']), record('10.1000/other', '5-9', ['Quist'])]);
  assert.equal(neighbour.best!.work.DOI, '10.1000/amb.171');
  assert.notEqual(neighbour.status, 'ready');
  assert.ok(neighbour.reasons.some((r) => r.code === 'fieldDiffers' && r.values?.field === 'first page'));
  const cited = decide(ref, [record('10.1000/amb.180', '180-188', ['Abernethy', 'Okoro']), record('10.1000/other', '5-9', ['Quist'])]);
  assert.equal(cited.status, 'ready');
  assert.equal(cited.best!.work.DOI, '10.1000/amb.180');
});

test('issue and first page both contradicting keep even a close title from ready (the next part of a series); one alone does not', () => {
  const ref = prep('Okafor, C., & Lindqvist, D. (2005). Kinetics of heterolysis of organohalogen compounds: XLI. Solvent effects. Russian Journal of Kinetics, 75(9), 1430–1436.');
  const part = (doi: string, title: string, issue: string, page: string) => ({
    DOI: doi, score: 90, type: 'journal-article', title: [title], 'container-title': ['Russian Journal of Kinetics'],
    volume: '75', issue, page, issued: { 'date-parts': [[2005]] }, author: [{ family: 'Okafor', given: 'C.' }, { family: 'Lindqvist', given: 'D.' }],
  }) as CrossrefWork;
  const other = { ...part('10.1000/other', 'Unrelated work on soils', '1', '1-5'), author: [{ family: 'Quist', given: 'K.' }] } as CrossrefWork;
  const next = decide(ref, [part('10.1000/xlii', 'Kinetics of heterolysis of organohalogen compounds: XLII. Aprotic solvent effects', '10', '1517-1523'), other]);
  assert.notEqual(next.status, 'ready');
  assert.ok(next.reasons.some((r) => r.code === 'fieldDiffers' && r.values?.field === 'issue') && next.reasons.some((r) => r.code === 'fieldDiffers' && r.values?.field === 'first page'));
  const typoInIssue = decide(ref, [part('10.1000/xli', 'Kinetics of heterolysis of organohalogen compounds: XLI. Solvent effects', '10', '1430-1436'), other]);
  assert.equal(typoInIssue.status, 'ready');
});
