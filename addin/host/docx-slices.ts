// Reads the open document as DOCX bytes through Office's callback file API:
// getFileAsync(Compressed, {sliceSize}) → getSliceAsync for each slice → closeAsync, always.
// Written against the small structural types below so that unit tests can pass a fake Office object.
import { S } from '../strings.ts';

const SLICE_SIZE = 4_194_304;
/** The slice size Office's own samples use; hosts outside Windows and the web are safest with it. */
const SMALL_SLICE_SIZE = 65_536;

/**
 * Slice size for Office.context.platform: the 4 MB maximum where it is known to work (Windows,
 * Word on the web), 64 KB elsewhere (Mac, iPad, unknown hosts), which only costs more round trips.
 */
export function sliceSizeFor(platform: string): number {
  return platform === 'PC' || platform === 'OfficeOnline' ? SLICE_SIZE : SMALL_SLICE_SIZE;
}

interface AsyncResultLike<T> {
  /** 'succeeded' or 'failed' in Office.js; typed as string since a host may answer otherwise. */
  status: string;
  value: T;
  error?: { message: string; code?: number; name?: string };
}

interface SliceLike {
  index: number;
  size: number;
  /** Office gives a byte array (number[]); some hosts give a Uint8Array. */
  data: ArrayLike<number>;
}

interface FileLike {
  size: number;
  sliceCount: number;
  getSliceAsync(index: number, callback: (result: AsyncResultLike<SliceLike>) => void): void;
  closeAsync(callback?: (result: AsyncResultLike<void>) => void): void;
}

export interface DocumentLike {
  getFileAsync(fileType: string, options: { sliceSize: number }, callback: (result: AsyncResultLike<FileLike>) => void): void;
}

class DocumentExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentExportError';
  }
}

function succeeded(status: string): boolean {
  return status === 'succeeded';
}

function openFile(doc: DocumentLike, fileType: string, sliceSize: number): Promise<FileLike> {
  return new Promise((resolve, reject) => {
    doc.getFileAsync(fileType, { sliceSize }, (r) => {
      if (succeeded(r.status)) resolve(r.value);
      else reject(new DocumentExportError(S.errors.readDocument(r.error?.message ?? S.errors.unknown)));
    });
  });
}

function readSlice(file: FileLike, index: number): Promise<SliceLike> {
  return new Promise((resolve, reject) => {
    file.getSliceAsync(index, (r) => {
      if (succeeded(r.status)) resolve(r.value);
      else reject(new DocumentExportError(S.errors.readSlice(index + 1, r.error?.message ?? S.errors.unknown)));
    });
  });
}

function closeFile(file: FileLike): Promise<void> {
  return new Promise((resolve) => {
    try {
      file.closeAsync(() => resolve());
    } catch {
      resolve();
    }
  });
}

/** Concatenates the slices (one per index asked for) in index order, checking that none is missing and the total matches the file size. */
function assembleSlices(slices: readonly SliceLike[], expectedSize: number): Uint8Array {
  const ordered = [...slices].sort((a, b) => a.index - b.index);
  ordered.forEach((s, i) => {
    if (s.index !== i) throw new DocumentExportError(S.errors.sliceMissing(i));
  });
  const total = ordered.reduce((n, s) => n + s.data.length, 0);
  if (total !== expectedSize) throw new DocumentExportError(S.errors.sizeMismatch(total, expectedSize));
  const out = new Uint8Array(total);
  let offset = 0;
  for (const s of ordered) {
    out.set(s.data, offset);
    offset += s.data.length;
  }
  return out;
}

/**
 * Reads the whole document. Slices are read one after another (Word on the web rejects overlapping
 * reads) and the file is closed whatever happens: Office allows only two open files.
 */
export async function readDocumentBytes(
  doc: DocumentLike,
  fileType: string,
  sliceSize: number = SLICE_SIZE,
  onProgress?: (done: number, total: number) => void,
): Promise<Uint8Array> {
  if (sliceSize <= 0 || sliceSize > SLICE_SIZE) throw new RangeError(`sliceSize must be 1..${SLICE_SIZE}`);
  const file = await openFile(doc, fileType, sliceSize);
  try {
    const slices: SliceLike[] = [];
    for (let i = 0; i < file.sliceCount; i++) {
      slices.push(await readSlice(file, i));
      onProgress?.(i + 1, file.sliceCount);
    }
    return assembleSlices(slices, file.size);
  } finally {
    await closeFile(file);
  }
}
