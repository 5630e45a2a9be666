// Registry records are checked before matching reads them: every record Crossref really sent passes,
// records with wrong-typed or oversized fields are left out and counted, unknown fields are dropped unread.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { validWork, validWorks } from '../../../server/resolver/work-schema.ts';
import { loadRecordings, recordedWorks, RECORDINGS_DIR } from '../../helpers/crossref-replay.ts';
import { WRONG_RECORDS } from '../../helpers/hostile-registry.ts';

test('every work record in the 30 recorded Crossref answers passes', { skip: !existsSync(RECORDINGS_DIR) && `no ${RECORDINGS_DIR}` }, () => {
  let records = 0;
  for (const r of loadRecordings()) {
    const found = recordedWorks(r);
    const { works, dropped } = validWorks(found);
    assert.equal(dropped, 0, `${r.name}: ${found.filter((w) => !validWork(w)).map((w) => (w as { DOI?: string }).DOI).join(', ')}`);
    records += works.length;
  }
  assert.ok(records >= 100, `${records} records`);
});

test('wrong-typed records are left out and counted; the valid ones are kept', () => {
  const good = { DOI: '10.1000/good', title: ['A good record'], author: [{ given: 'A', family: 'B', ORCID: 'x', affiliation: [] }], issued: { 'date-parts': [[2020, 1]] }, score: 12.5 };
  const { works, dropped } = validWorks([...WRONG_RECORDS, good]);
  assert.equal(dropped, WRONG_RECORDS.length);
  assert.deepEqual(works.map((w) => w.DOI), ['10.1000/good']);
});

test('unknown fields are stripped; a DOI that is not one, or an absurd size, fails', () => {
  const w = validWork({ DOI: '10.1000/x', reference: new Array(5000).fill({ key: 'r' }), abstract: 'long', title: ['T'] });
  assert.deepEqual(w, { DOI: '10.1000/x', title: ['T'] });
  assert.equal(validWork({ DOI: 'javascript:alert(1)' }), null);
  assert.equal(validWork({ DOI: '10.1000/x', title: ['x'.repeat(100_000)] }), null);
  assert.equal(validWork({ DOI: '10.1000/x', issued: { 'date-parts': [[2020, 1, 1, 1, 1]] } }), null);
  assert.equal(validWork({ DOI: '10.1000/x', score: 'high' }), null);
});
