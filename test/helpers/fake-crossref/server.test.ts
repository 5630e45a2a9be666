// The fake registry answers as ../shared/resolver/README.md says Crossref does.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FakeCrossref } from './server.ts';
import { REFS, startFake } from './fixtures.ts';

let fake: FakeCrossref;
before(async () => { fake = await startFake({ polite: { search: 1000, lookup: 1000, concurrency: 100 }, public: { search: 2, lookup: 2, concurrency: 1 } }); });
after(() => fake.close());

test('search: BM25-ranked work list with unnormalised scores, select and rows', async () => {
  const q = new URLSearchParams({ 'query.bibliographic': REFS.stroke, rows: '3', select: 'DOI,title,score', mailto: 'a@b.org' });
  const res = await fetch(`${fake.url}/works?${q}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-rate-limit-limit'), '1000');
  assert.equal(res.headers.get('x-rate-limit-interval'), '1s');
  assert.equal(res.headers.get('x-concurrency-limit'), '100');
  const body = await res.json() as { status: string; 'message-type': string; message: { items: { DOI: string; score: number; title: string[] }[]; 'total-results': number; 'items-per-page': number } };
  assert.equal(body.status, 'ok');
  assert.equal(body['message-type'], 'work-list');
  assert.equal(body.message.items.length, 3);
  assert.equal(body.message['items-per-page'], 3);
  assert.ok(body.message['total-results'] >= 3);
  assert.deepEqual(Object.keys(body.message.items[0]!).sort(), ['DOI', 'score', 'title']);
  const [first, second] = body.message.items;
  assert.ok(['10.1000/stroke.2010', '10.1000/stroke.chapter'].includes(first!.DOI));
  assert.ok(first!.score > 10 && first!.score >= second!.score, 'scores are unnormalised, best first');
});

test('validation failures: rows over 1000, unknown select field, unknown filter', async () => {
  for (const [params, type] of [[{ rows: '1001' }, 'integer-not-valid'], [{ select: 'DOI,nonsense' }, 'select-field-not-valid'], [{ filter: 'colour:red' }, 'filter-not-available']] as const) {
    const res = await fetch(`${fake.url}/works?${new URLSearchParams({ 'query.bibliographic': 'stroke', mailto: 'a@b.org', ...params })}`);
    assert.equal(res.status, 400);
    const body = await res.json() as { status: string; 'message-type': string; message: { type: string }[] };
    assert.equal(body.status, 'failed');
    assert.equal(body['message-type'], 'validation-failure');
    assert.equal(body.message[0]!.type, type);
  }
});

test('look-up: case-insensitive, encoded or not; unknown DOI is a 404 "Resource not found."', async () => {
  for (const path of ['10.1000/STROKE.2010', encodeURIComponent('10.1000/stroke.2010')]) {
    const res = await fetch(`${fake.url}/works/${path}?mailto=a@b.org`);
    assert.equal(res.status, 200);
    const body = await res.json() as { 'message-type': string; message: { DOI: string; author: { sequence: string }[]; URL: string } };
    assert.equal(body['message-type'], 'work');
    assert.equal(body.message.DOI, '10.1000/stroke.2010');
    assert.equal(body.message.author[0]!.sequence, 'first');
    assert.equal(body.message.URL, 'https://doi.org/10.1000/stroke.2010');
  }
  const res = await fetch(`${fake.url}/works/10.1000/nope`);
  assert.equal(res.status, 404);
  assert.equal(await res.text(), 'Resource not found.');
});

test('the public pool (no mailto) is limited and answers 429 with Retry-After over the limit', async () => {
  fake.resetStats();
  const url = `${fake.url}/works?${new URLSearchParams({ 'query.bibliographic': 'stroke', rows: '1' })}`;
  const statuses = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url);
    statuses.push(res.status);
    if (res.status === 429) assert.equal(res.headers.get('retry-after'), '1');
    assert.equal(res.headers.get('x-api-pool'), 'public');
    await res.arrayBuffer();
  }
  assert.deepEqual(statuses, [200, 200, 429, 429]);
  assert.equal(fake.stats.rejected, 2);
  // mailto in the User-Agent counts as polite.
  const polite = await fetch(url, { headers: { 'user-agent': 'Test/1 (mailto:a@b.org)' } });
  assert.equal(polite.status, 200);
  assert.equal(polite.headers.get('x-api-pool'), 'polite');
});

test('failure injection: outage and the next N requests', async () => {
  fake.failNext(1, 502);
  assert.equal((await fetch(`${fake.url}/works/10.1000/stroke.2010?mailto=a@b.org`)).status, 502);
  assert.equal((await fetch(`${fake.url}/works/10.1000/stroke.2010?mailto=a@b.org`)).status, 200);
  fake.setOutage(503);
  assert.equal((await fetch(`${fake.url}/works/10.1000/stroke.2010?mailto=a@b.org`)).status, 503);
  fake.setOutage(null);
});

test('searches ranked in a worker thread answer as those ranked in the server thread: order, scores, offset, filter, total', async () => {
  const threaded = await startFake({ polite: { search: 1000, lookup: 1000, concurrency: 100 }, searchInWorker: true });
  try {
    const asks: Record<string, string>[] = [
      { 'query.bibliographic': REFS.stroke, rows: '3', select: 'DOI,score' },
      { 'query.bibliographic': REFS.stroke, rows: '2', offset: '1', select: 'DOI,score' },
      { 'query.bibliographic': 'stroke', filter: 'type:journal-article,from-pub-date:2005', select: 'DOI,score' },
      { filter: 'type:journal-article', rows: '100', select: 'DOI' },
    ];
    for (const ask of asks) {
      const q = new URLSearchParams({ ...ask, mailto: 'a@b.org' });
      const [inThread, inWorker] = await Promise.all([fake, threaded].map(async (f) => (await fetch(`${f.url}/works?${q}`)).json() as Promise<{ message: { items: unknown[]; 'total-results': number } }>));
      assert.ok(inThread!.message.items.length > 0, `${q}: some works`);
      assert.deepEqual(inWorker!.message, inThread!.message, String(q));
    }
  } finally {
    await threaded.close();
  }
});
