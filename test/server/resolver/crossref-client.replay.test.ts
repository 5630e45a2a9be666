// The 30 recorded Crossref answers (../shared/resolver/crossref-real, real headers and bodies) replayed
// through the registry client and the work readers: lists, single works, the 404 of an unknown DOI and a 400.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { CrossrefClient, RegistryError } from '../../../server/resolver/crossref-client.ts';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';
import { PUBLIC_LIMITS } from '../../../server/resolver/ports.ts';
import { containerTitle, firstAuthor, workFullTitle, workTitle, workUpdates, workYear, type CrossrefWork } from '../../../server/resolver/work.ts';
import { loadRecordings, recordedWorks, RECORDINGS_DIR, startReplay, type Recording, type ReplayServer } from '../../helpers/crossref-replay.ts';

const skip = !existsSync(RECORDINGS_DIR) && `no ${RECORDINGS_DIR}`;
let replay: ReplayServer;
let recordings: Recording[] = [];
before(async () => { if (!skip) { replay = await startReplay(); recordings = loadRecordings(); } });
after(async () => { await replay?.close(); });

const isLookup = (r: Recording) => /\/works\/10\./.test(new URL(r.request.uri).pathname);

function readAll(w: CrossrefWork): void {
  // The readers never throw on what Crossref sends, and give the types matching expects.
  assert.equal(typeof workTitle(w), 'string');
  assert.equal(typeof workFullTitle(w), 'string');
  const y = workYear(w);
  assert.ok(y === null || (Number.isInteger(y) && y > 1600 && y < 2100), `year ${y}`);
  const a = firstAuthor(w);
  assert.ok(a === null || typeof (a.family ?? a.name ?? '') === 'string');
  const c = containerTitle(w);
  assert.ok(c === null || typeof c === 'string');
  for (const u of workUpdates(w)) assert.match(u.noticeDoi, /^10\./);
}

test('every recorded answer through the client: works validated and read, limits as announced, 404 and 400 as such', { skip }, async () => {
  let works = 0;
  let titled = 0;
  for (const r of recordings) {
    const limiter = new InProcessLimiter(PUBLIC_LIMITS);
    const pool = r.response.headers['x-api-pool'];
    const client = new CrossrefClient({ apiUrl: replay.url, mailto: pool === 'polite' ? 'replay@example.org' : '', limiter, maxAttempts: 1 });
    const status = r.response.status;
    const expected = recordedWorks(r);
    if (!isLookup(r) && !expected.length && status === 200) continue; // /members/98, /prefixes/10.1016: no works to read
    replay.play(r);
    if (status === 400) {
      await assert.rejects(client.lookup('10.1371/journal.pone.0033693'), (e: unknown) => e instanceof RegistryError && e.kind === 'bad_request', r.name);
      continue;
    }
    let got: CrossrefWork[];
    if (isLookup(r)) {
      const w = await client.lookup(decodeURIComponent(new URL(r.request.uri).pathname.replace(/^\/works\//, '')));
      if (status === 404) { assert.equal(w, null, r.name); continue; }
      got = w ? [w] : [];
    } else {
      got = await client.search("ecology", 20).catch((e: unknown) => { throw new Error(`${r.name}: ${String(e)}`); });
    }
    assert.equal(got.length, expected.length, r.name);
    assert.equal(client.stats.droppedRecords, 0, r.name);
    got.forEach((w, i) => {
      assert.equal(w.DOI, (expected[i] as { DOI: string }).DOI);
      readAll(w);
      if (workTitle(w)) titled++;
    });
    works += got.length;
    // The limits the headers announce reach the limiter (public 5/s, 1 at once; polite 10/s, 3 at once).
    const announced = { limit: Number(r.response.headers['x-rate-limit-limit']), intervalMs: 1000, concurrency: Number(r.response.headers['x-concurrency-limit']) };
    assert.deepEqual(limiter.currentLimits(isLookup(r) ? 'lookup' : 'search'), announced, r.name);
  }
  assert.ok(works >= 100, `${works} works read`);
  assert.ok(titled >= 100, `${titled} with titles`);
});

test('markup in real titles is stripped and real date-parts give the year', { skip }, async () => {
  const r = recordings.find((x) => x.name === 'works-with-one-id-0.json')!;
  const client = new CrossrefClient({ apiUrl: replay.url, mailto: '', limiter: new InProcessLimiter(PUBLIC_LIMITS) });
  replay.play(r);
  const w = (await client.lookup('10.1371/journal.pone.0033693'))!;
  assert.equal(w.DOI, '10.1371/journal.pone.0033693');
  assert.ok(workTitle(w).length > 10 && !/[<>]/.test(workTitle(w)));
  assert.equal(workYear(w), 2012);
  assert.equal(containerTitle(w), 'PLoS ONE');
});
