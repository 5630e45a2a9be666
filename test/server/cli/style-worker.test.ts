// The command line's style detection in a worker thread: the outcome detection gives on this thread, and no
// thread until one is asked for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { styleWorker } from '../../../server/cli/style-worker.ts';
import { refineStyleDetection } from '../../../server/citation-style/index.ts';
import type { CslItem } from '../../../server/csl/render.ts';
import type { ReferenceListInput } from '../../../server/engine/citation-style-hooks.ts';
import { REFS } from '../../helpers/fake-crossref/fixtures.ts';

const list: ReferenceListInput = { entries: [REFS.bacon, REFS.stroke, REFS.nano, REFS.acs].map((text) => ({ text, printedLabel: null })), citeStyle: 'off' };
const metadata: Array<CslItem | null> = [{ id: '', type: 'article-journal', title: 'Effects of daily stress on autonomic cardiac control in patients with coronary artery disease', 'container-title': 'American Journal of Cardiology', issued: { 'date-parts': [[2004]] } }, null, null, null];

test('detects in its worker what detection gives on this thread', async () => {
  const worker = styleWorker();
  try {
    worker.warm();
    worker.warm();
    assert.deepEqual(await worker.refine(list, metadata), refineStyleDetection(list, metadata));
  } finally {
    await worker.close();
  }
});

test('a worker never asked for starts no thread and closes at once', async () => {
  await styleWorker().close();
});

test('past its time-out it gives up (the resolver then reports no style)', async () => {
  const worker = styleWorker(1);
  try {
    await assert.rejects(Promise.resolve(worker.refine(list, metadata)), /timed out/);
  } finally {
    await worker.close();
  }
});
