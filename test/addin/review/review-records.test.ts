// Where the saved review lives: in the document when the host can keep it, always as a local copy by
// document name; the newer of the two is read back; clearing removes both; saves coalesce, newest wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { memoryStore } from '../../../addin/settings/stores.ts';
import { clearReview, loadReview, reviewSaver, saveReview } from '../../../addin/review/review-records.ts';
import { reviewFromXml, snapshotReview, type SavedReview } from '../../../addin/review/saved-review.ts';
import { emptyReviewState, reviewReducer } from '../../../addin/review/review-state.ts';
import { packet } from '../fixtures.ts';

function record(name: string, at: string, approve = ['m1']): SavedReview {
  let review = reviewReducer(emptyReviewState, { type: 'load', packet: packet() });
  for (const refId of approve) review = reviewReducer(review, { type: 'approve', refId });
  return snapshotReview({ fingerprint: 'fp', documentName: name, review, resolver: null, works: {} }, new Date(at));
}

function host(name: string, keeps: boolean): FakeHost {
  const h = new FakeHost();
  h.loadBytes(new Uint8Array([1]), name);
  h.keepsRecords = keeps;
  return h;
}

test('a host that keeps records: in the document and locally; read back from either', async () => {
  const h = host('paper.docx', true);
  const store = memoryStore();
  const saved = record('paper.docx', '2026-11-27T10:00:00Z');
  assert.deepEqual(await saveReview(h, store, saved), { inDocument: true });
  assert.deepEqual(reviewFromXml(h.reviewRecord!), saved);
  assert.deepEqual(await loadReview(h, store), saved);
  // The same file opened from disk elsewhere in this pane (the part gone): the local copy answers.
  h.reviewRecord = null;
  assert.deepEqual(await loadReview(h, store), saved);
  // A co-author's newer record in the document wins over an older local copy.
  const newer = record('paper.docx', '2026-11-27T11:00:00Z', ['m1', 'm4']);
  await h.writeReviewRecord((await import('../../../addin/review/saved-review.ts')).reviewToXml(newer));
  assert.deepEqual(await loadReview(h, store), newer);
  await clearReview(h, store);
  assert.equal(h.reviewRecord, null);
  assert.equal(await loadReview(h, store), null);
});

test('a host that cannot keep records: the local copy alone, said so', async () => {
  const h = host('paper.docx', false);
  const store = memoryStore();
  const saved = record('paper.docx', '2026-11-27T10:00:00Z');
  assert.deepEqual(await saveReview(h, store, saved), { inDocument: false });
  assert.equal(h.reviewRecord, null);
  assert.deepEqual(await loadReview(h, store), saved);
  assert.equal(await loadReview(host('other.docx', false), store), null, 'another document has no review');
});

test('local copies: the 5 newest documents are kept', async () => {
  const store = memoryStore();
  for (let i = 0; i < 7; i++) {
    await saveReview(host(`d${i}.docx`, false), store, record(`d${i}.docx`, `2026-11-27T10:0${i}:00Z`));
  }
  assert.deepEqual(Object.keys(JSON.parse(store.get('savedReviews')!) as Record<string, unknown>).sort(), ['d2.docx', 'd3.docx', 'd4.docx', 'd5.docx', 'd6.docx']);
});

test('saver: one write at a time, a burst costs at most two writes, the newest is written last', async () => {
  const written: string[] = [];
  let release!: () => void;
  const saver = reviewSaver(async (s) => {
    written.push(s.savedAt);
    if (written.length === 1) await new Promise<void>((r) => (release = r));
  });
  saver.push(record('d', '2026-11-27T10:00:00Z'));
  for (let i = 1; i <= 5; i++) saver.push(record('d', `2026-11-27T10:0${i}:00Z`));
  release();
  await saver.idle();
  assert.deepEqual(written, ['2026-11-27T10:00:00.000Z', '2026-11-27T10:05:00.000Z']);
});
