import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readDocumentBytes, type DocumentLike } from '../../../addin/host/docx-slices.ts';

/** The host's file and slice, as the document's callbacks give them. */
type FileLike = Parameters<Parameters<DocumentLike['getFileAsync']>[2]>[0]['value'];
type SliceResult = Parameters<Parameters<FileLike['getSliceAsync']>[1]>[0];
type SliceLike = SliceResult['value'];

const CORPUS = new URL('../../../../shared/corpus/plos-pone-0117949.docx', import.meta.url);

/** A fake Office.context.document serving bytes in slices, recording calls. */
function fakeOffice(bytes: Uint8Array, opts: { failSlice?: number; failOpen?: boolean; asNumberArray?: boolean; indexOf?: (asked: number) => number; size?: number } = {}) {
  const calls: string[] = [];
  let open = 0;
  const doc: DocumentLike = {
    getFileAsync(fileType, { sliceSize }, cb) {
      calls.push(`getFileAsync(${fileType},${sliceSize})`);
      if (opts.failOpen) return setTimeout(() => cb({ status: 'failed', value: undefined as unknown as FileLike, error: { message: 'busy' } }));
      open++;
      const sliceCount = Math.max(1, Math.ceil(bytes.length / sliceSize));
      const file: FileLike = {
        size: opts.size ?? bytes.length,
        sliceCount,
        getSliceAsync(index, cb2: (r: SliceResult) => void) {
          calls.push(`getSliceAsync(${index})`);
          setTimeout(() => {
            if (index === opts.failSlice) return cb2({ status: 'failed', value: undefined as unknown as SliceLike, error: { message: 'lost' } });
            // The host may answer another slice than the one asked for (indexOf): the bytes follow the index it gives.
            const given = opts.indexOf?.(index) ?? index;
            const chunk = bytes.subarray(given * sliceSize, (given + 1) * sliceSize);
            cb2({ status: 'succeeded', value: { index: given, size: chunk.length, data: opts.asNumberArray ? Array.from(chunk) : chunk } });
          });
        },
        closeAsync(cb3) {
          calls.push('closeAsync');
          open--;
          setTimeout(() => cb3?.({ status: 'succeeded', value: undefined }));
        },
      };
      setTimeout(() => cb({ status: 'succeeded', value: file }));
    },
  };
  return { doc, calls, openFiles: () => open };
}

test('reads a real DOCX slice by slice and reassembles it byte for byte', async () => {
  const bytes = new Uint8Array(readFileSync(CORPUS));
  const office = fakeOffice(bytes, { asNumberArray: true });
  const progress: string[] = [];
  const out = await readDocumentBytes(office.doc, 'compressed', 65_536, (d, t) => progress.push(`${d}/${t}`));
  assert.deepEqual(Buffer.from(out), Buffer.from(bytes));
  const sliceCount = Math.ceil(bytes.length / 65_536);
  assert.equal(office.calls.filter((c) => c.startsWith('getSliceAsync')).length, sliceCount);
  assert.equal(office.calls.at(-1), 'closeAsync');
  assert.equal(office.openFiles(), 0);
  assert.equal(progress.at(-1), `${sliceCount}/${sliceCount}`);
  assert.equal(out[0], 0x50); // PK
});

test('uses 4 MB slices by default', async () => {
  const office = fakeOffice(new Uint8Array(10));
  await readDocumentBytes(office.doc, 'compressed');
  assert.equal(office.calls[0], 'getFileAsync(compressed,4194304)');
});

test('closes the file when a slice fails', async () => {
  const office = fakeOffice(new Uint8Array(300).fill(7), { failSlice: 1 });
  await assert.rejects(readDocumentBytes(office.doc, 'compressed', 100), (e: unknown) => e instanceof Error && e.name === 'DocumentExportError' && /part 2/.test(e.message));
  assert.ok(office.calls.includes('closeAsync'));
  assert.equal(office.openFiles(), 0);
  assert.ok(!office.calls.includes('getSliceAsync(2)'), 'stops at the first failure');
});

test('reports a failure to open the file', async () => {
  const office = fakeOffice(new Uint8Array(3), { failOpen: true });
  await assert.rejects(readDocumentBytes(office.doc, 'compressed', 100), /Could not read the document: busy/);
});

test('rejects slice sizes Office does not allow', async () => {
  const office = fakeOffice(new Uint8Array(3));
  await assert.rejects(readDocumentBytes(office.doc, 'compressed', 4_194_305), RangeError);
});

test('slices are put in index order whatever order the host answers them in; a slice missing or a wrong total is refused', async () => {
  const bytes = new Uint8Array([1, 2, 3, 4]);
  const swapped = fakeOffice(bytes, { indexOf: (i) => 1 - i });
  assert.deepEqual(Array.from(await readDocumentBytes(swapped.doc, 'compressed', 2)), [1, 2, 3, 4]);
  const other = fakeOffice(new Uint8Array(6), { indexOf: (i) => (i === 1 ? 2 : i) });
  await assert.rejects(readDocumentBytes(other.doc, 'compressed', 2), { name: 'DocumentExportError', message: /Slice 1 is missing/ });
  const short = fakeOffice(bytes, { size: 5 });
  await assert.rejects(readDocumentBytes(short.doc, 'compressed', 2), { name: 'DocumentExportError', message: /size mismatch/ });
});
