// A DOI written in a reference, looked up on a fake registry: verified when its record agrees, an
// identity change when it names another work (with the search's better candidate when there is one),
// not_found when the DOI does not exist.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReference } from '../../../server/references/parse.ts';
import type { CrossrefClient } from '../../../server/resolver/crossref-client.ts';
import { prepareReference } from '../../../server/resolver/score.ts';
import { verifyExistingDoi } from '../../../server/resolver/verify.ts';
import type { CrossrefWork } from '../../../server/resolver/work.ts';
import { REFS, WORKS } from '../../helpers/fake-crossref/fixtures.ts';

const byDoi = (doi: string) => WORKS.find((w) => w.DOI === doi)! as CrossrefWork;
const bacon = prepareReference(parseReference(REFS.bacon));
const stroke = byDoi('10.1000/stroke.2010');

function registry(records: CrossrefWork[], found: CrossrefWork[]) {
  const asked: string[] = [];
  const client = { lookup: async (doi: string) => records.find((w) => w.DOI.toLowerCase() === doi.toLowerCase()) ?? null } as unknown as CrossrefClient;
  const search = async (q: string) => {
    asked.push(q);
    return found.map((w) => ({ ...w, score: 90 }));
  };
  return { client, search, asked };
}

test('the record of the cited work agrees; another work\'s record, or a notice about the cited work, contradicts it', async () => {
  const check = async (doi: string) => {
    const r = registry([byDoi(doi)], []);
    return (await verifyExistingDoi(doi, bacon, r.client, r.search)).existingDoiCheck;
  };
  assert.equal(await check('10.1000/heart.2009.1'), 'verified');
  assert.equal(await check('10.1000/stroke.2010'), 'contradicted');
  assert.equal(await check('10.1000/heart.corr'), 'contradicted');
});

test('a written DOI whose record agrees is verified and ready, without a search', async () => {
  const r = registry([byDoi('10.1000/heart.2009.1')], []);
  const out = await verifyExistingDoi('10.1000/heart.2009.1', bacon, r.client, r.search);
  assert.equal(out.status, 'ready');
  assert.equal(out.existingDoiCheck, 'verified');
  assert.equal(out.work?.doi, '10.1000/heart.2009.1');
  assert.equal(out.work?.confidence, 0.99);
  assert.deepEqual(out.reasons[0], { code: 'writtenVerified', values: { doi: '10.1000/heart.2009.1' } });
  assert.equal(out.work?.reasons?.[0], 'written DOI 10.1000/heart.2009.1 verified');
  assert.deepEqual(r.asked, []);
});

test('a written DOI naming another work, with a better candidate: low_confidence on the candidate, an identity change', async () => {
  const r = registry([stroke], [stroke, byDoi('10.1000/heart.2009.1')]);
  const out = await verifyExistingDoi('10.1000/stroke.2010', bacon, r.client, r.search);
  assert.equal(out.status, 'low_confidence');
  assert.equal(out.existingDoiCheck, 'contradicted');
  assert.equal(out.work?.doi, '10.1000/heart.2009.1');
  assert.ok(out.work!.confidence <= 0.899);
  assert.equal(out.work?.citationImpact, 'identity-change');
  assert.deepEqual(out.work?.identityChange, { writtenDoi: '10.1000/stroke.2010', registryTitle: 'The science of stroke: mechanisms in search of treatments', notFound: false, betterDoi: '10.1000/heart.2009.1' });
  assert.equal(r.asked.length, 1);
});

test('a written DOI naming another work, no better candidate: the named work for review, confidence 0.1', async () => {
  const r = registry([stroke], []);
  const out = await verifyExistingDoi('10.1000/stroke.2010', bacon, r.client, r.search);
  assert.equal(out.status, 'low_confidence');
  assert.equal(out.work?.doi, '10.1000/stroke.2010');
  assert.equal(out.work?.confidence, 0.1);
  assert.equal(out.work?.identityChange?.betterDoi, null);
});

test('a written DOI that does not exist: not_found, unmatched when the search finds nothing better', async () => {
  const r = registry([], []);
  const out = await verifyExistingDoi('10.9999/missing', bacon, r.client, r.search);
  assert.deepEqual([out.status, out.existingDoiCheck, out.work], ['unmatched', 'not_found', null]);
  assert.deepEqual(out.reasons, [{ code: 'writtenMissing', values: { doi: '10.9999/missing' } }]);
});

