// ZIP reading with guards, and writing that copies unchanged entries byte for byte.
//
// Why not jszip here: a DOCX is a zip from a stranger. Guarding it needs the central directory's
// declared sizes before anything is inflated, and inflation capped at the declared size (native
// zlib's maxOutputLength), with the CRC checked afterwards. Writing copies the compressed bytes of
// every entry apply did not change, so untouched parts stay identical and are not re-deflated.

import { constants as zlibConstants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { DocxRejectedError } from '../errors.ts';
import { oleKind } from './ole.ts';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /**
   * Largest ratio of the package's expanded size to its compressed size, checked when it expands beyond
   * ratioFloorBytes. A zip bomb is judged over the whole package, like the size limits, not by one
   * entry: a 1.4 MB EMF picture compresses 274:1 at the normal deflate level (Tika's
   * testWORD_embedded_pdf.docx once saved again by an ordinary zip writer), which a per-entry ratio
   * refused, while a package that expands to a few megabytes costs nothing whatever its ratio.
   */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 250,
  ratioFloorBytes: 16 * 1024 * 1024,
};

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  dosTime: number;
  dosDate: number;
  localOffset: number;
  /** Offset of the compressed data, resolved from the local header on first read. */
  dataOffset?: number;
}

export interface ZipArchive {
  readonly entries: ZipEntry[];
  names(): string[];
  has(name: string): boolean;
  /** Exact-case name of an entry matched case-insensitively, as OPC part names are compared. */
  resolve(name: string): string | undefined;
  bytes(name: string): Uint8Array;
  text(name: string): string;
  /** The entry's compressed bytes as stored, for copying unchanged. */
  raw(name: string): Uint8Array;
}

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

function reject(reason: ConstructorParameters<typeof DocxRejectedError>[0], detail: string): never {
  throw new DocxRejectedError(reason, detail);
}

function findEocd(view: DataView): number {
  const min = Math.max(0, view.byteLength - 22 - 65_535);
  for (let i = view.byteLength - 22; i >= min; i--) {
    if (view.getUint32(i, true) === SIG_EOCD) return i;
  }
  return -1;
}

/** Part names must be relative, without `..` segments, backslashes or drive letters. */
function checkName(name: string): void {
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').some((s) => s === '..' || s === '.')) {
    reject('path-traversal', `entry name '${name.slice(0, 120)}' escapes the package`);
  }
  if (name.includes('\0')) reject('path-traversal', 'entry name contains a NUL byte');
}

export function readZip(input: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipArchive {
  if (input.length === 0) reject('empty-file', 'the file is empty');
  const bytes = input;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ole = oleKind(bytes);
  if (ole === 'encrypted-ooxml') reject('encrypted', 'the document is password-protected (encrypted): remove the password in Word and save it again');
  if (ole === 'word-97') reject('legacy-doc', 'this is a Word 97–2003 .doc file: save it as .docx');
  if (ole === 'other') reject('not-a-zip', 'the file is an OLE compound document (an Office 97–2003 file), not a DOCX package: save it as .docx');
  const startsLikeZip = bytes.length >= 4 && view.getUint32(0, true) === SIG_LOCAL;
  const eocd = bytes.length >= 22 ? findEocd(view) : -1;
  if (eocd < 0) {
    if (startsLikeZip) reject('truncated-zip', 'the zip has no end-of-central-directory record: the file is truncated');
    reject('not-a-zip', 'the file is not a zip package (a DOCX is a zip)');
  }
  let count = view.getUint16(eocd + 10, true);
  let cdSize = view.getUint32(eocd + 12, true);
  let cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || view.getUint32(loc, true) !== SIG_ZIP64_LOCATOR) reject('truncated-zip', 'zip64 locator missing');
    const z64 = Number(view.getBigUint64(loc + 8, true));
    if (z64 + 56 > bytes.length || view.getUint32(z64, true) !== SIG_ZIP64_EOCD) reject('truncated-zip', 'zip64 directory record missing');
    count = Number(view.getBigUint64(z64 + 32, true));
    cdSize = Number(view.getBigUint64(z64 + 40, true));
    cdOffset = Number(view.getBigUint64(z64 + 48, true));
  }
  if (count > limits.maxEntries) reject('too-many-entries', `${count} entries (limit ${limits.maxEntries})`);
  if (cdOffset + cdSize > bytes.length) reject('truncated-zip', 'the central directory lies beyond the end of the file');

  const entries: ZipEntry[] = [];
  const byLower = new Map<string, ZipEntry>();
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let total = 0, totalCompressed = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== SIG_CENTRAL) reject('truncated-zip', `central directory entry ${i} is damaged`);
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const dosTime = view.getUint16(p + 12, true);
    const dosDate = view.getUint16(p + 14, true);
    const crc = view.getUint32(p + 16, true);
    let compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen + extraLen > bytes.length) reject('truncated-zip', 'central directory runs past the end of the file');
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // zip64 extended information extra field (id 0x0001)
      let e = p + 46 + nameLen;
      const end = e + extraLen;
      while (e + 4 <= end) {
        const id = view.getUint16(e, true);
        const len = view.getUint16(e + 2, true);
        if (id === 0x0001) {
          let q = e + 4;
          if (size === 0xffffffff) { size = Number(view.getBigUint64(q, true)); q += 8; }
          if (compressedSize === 0xffffffff) { compressedSize = Number(view.getBigUint64(q, true)); q += 8; }
          if (localOffset === 0xffffffff) { localOffset = Number(view.getBigUint64(q, true)); }
        }
        e += 4 + len;
      }
    }
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x1) reject('encrypted', `entry '${name.slice(0, 120)}' is encrypted`);
    checkName(name);
    if (method !== 0 && method !== 8) reject('unsupported-compression', `entry '${name.slice(0, 120)}' uses compression method ${method}`);
    if (size > limits.maxEntryBytes) reject('entry-too-large', `entry '${name.slice(0, 120)}' expands to ${size} bytes (limit ${limits.maxEntryBytes})`);
    total += size;
    totalCompressed += compressedSize;
    if (total > limits.maxTotalBytes) reject('total-size-too-large', `the package expands to more than ${limits.maxTotalBytes} bytes`);
    if (localOffset + 30 > bytes.length) reject('truncated-zip', `entry '${name.slice(0, 120)}' lies beyond the end of the file`);
    const lower = name.toLowerCase();
    if (byLower.has(lower)) reject('duplicate-entry', `entry '${name.slice(0, 120)}' appears twice`);
    const entry: ZipEntry = { name, method, flags, crc, compressedSize, size, dosTime, dosDate, localOffset };
    entries.push(entry);
    byLower.set(lower, entry);
  }

  if (total > limits.ratioFloorBytes && total / Math.max(1, totalCompressed) > limits.maxRatio) {
    reject('compression-ratio-too-high', `the package expands ${Math.round(total / Math.max(1, totalCompressed))}x to ${total} bytes (limit ${limits.maxRatio}x beyond ${limits.ratioFloorBytes} bytes): a zip bomb`);
  }

  function entryOf(name: string): ZipEntry {
    const e = byLower.get(name.toLowerCase());
    if (!e) throw new Error(`no entry '${name}' in the package`);
    return e;
  }

  function raw(name: string): Uint8Array {
    const e = entryOf(name);
    if (e.dataOffset === undefined) {
      const lo = e.localOffset;
      if (view.getUint32(lo, true) !== SIG_LOCAL) reject('corrupt-entry', `entry '${e.name.slice(0, 120)}' has no local header`);
      e.dataOffset = lo + 30 + view.getUint16(lo + 26, true) + view.getUint16(lo + 28, true);
    }
    if (e.dataOffset + e.compressedSize > bytes.length) reject('truncated-zip', `entry '${e.name.slice(0, 120)}' is cut off`);
    return bytes.subarray(e.dataOffset, e.dataOffset + e.compressedSize);
  }

  function inflate(name: string): Uint8Array {
    const e = entryOf(name);
    const data = raw(name);
    let out: Uint8Array;
    if (e.method === 0) {
      out = data;
    } else if (e.size === 0) {
      out = new Uint8Array(0);
    } else {
      try {
        out = inflateRawSync(data, { maxOutputLength: e.size });
      } catch (err) {
        const msg = err instanceof Error && /maxOutputLength|larger than/i.test(err.message) ? 'expands beyond its declared size' : 'cannot be inflated';
        reject('corrupt-entry', `entry '${e.name.slice(0, 120)}' ${msg}`);
      }
    }
    if (out.length !== e.size) reject('corrupt-entry', `entry '${e.name.slice(0, 120)}' has ${out.length} bytes, its directory says ${e.size}`);
    if (crc32(out) >>> 0 !== e.crc >>> 0) reject('corrupt-entry', `entry '${e.name.slice(0, 120)}' fails its CRC check`);
    return out;
  }

  const utf8 = new TextDecoder('utf-8');
  return {
    entries,
    names: () => entries.map((e) => e.name),
    has: (name) => byLower.has(name.toLowerCase()),
    resolve: (name) => byLower.get(name.toLowerCase())?.name,
    bytes: inflate,
    text: (name) => utf8.decode(inflate(name)),
    raw,
  };
}

/**
 * One entry of a zip being written: new content, content produced in chunks (deflated as they come,
 * so the whole part never sits uncompressed in memory), or an entry copied unchanged from a source.
 */
export type ZipWriteEntry =
  | { name: string; data: Uint8Array; store?: boolean }
  | { name: string; produce: (emit: (chunk: Uint8Array) => void) => void }
  | { name: string; copyFrom: ZipArchive };

/**
 * Deflates chunks as one raw deflate stream, each as it comes: every chunk ends with a sync flush
 * (a non-final block boundary) and an empty final block closes the stream, so the pieces
 * concatenate into a valid stream. Chunks are not kept (the producer may reuse its buffer).
 */
function deflateChunks(produce: (emit: (chunk: Uint8Array) => void) => void): { pieces: Uint8Array[]; length: number; crc: number; size: number } {
  const compressed: Uint8Array[] = [];
  let crc = 0;
  let size = 0;
  produce((chunk) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    compressed.push(deflateRawSync(chunk, { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH }));
  });
  compressed.push(FINAL_EMPTY_BLOCK);
  // Kept as pieces: writeZip copies them straight into the output.
  return { pieces: compressed, length: compressed.reduce((n, c) => n + c.length, 0), crc: crc >>> 0, size };
}

/** A final, empty deflate block: closes a stream of sync-flushed pieces. */
const FINAL_EMPTY_BLOCK = deflateRawSync(new Uint8Array(0));

function dosNow(): { time: number; date: number } {
  const d = new Date();
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A written zip as the pieces it is made of, in order: headers, the compressed data of new entries, and
 * views of the source's bytes for copied ones. Whoever writes it out (a file, a base64 answer) reads the
 * pieces in turn, so the package never needs a second whole copy of itself: only its changed parts are
 * new memory, and the source's bytes must stay unchanged until the pieces are consumed.
 */
export interface ZipPieces {
  readonly pieces: readonly Uint8Array[];
  readonly byteLength: number;
}

/** The pieces joined into one buffer. */
export function joinPieces(zip: ZipPieces): Uint8Array {
  if (zip.pieces.length === 1) return new Uint8Array(zip.pieces[0]!);
  const out = new Uint8Array(zip.byteLength);
  let q = 0;
  for (const c of zip.pieces) { out.set(c, q); q += c.length; }
  return out;
}

/** Writes a zip into one buffer (writeZipPieces, joined). */
export function writeZip(items: ZipWriteEntry[]): Uint8Array {
  return joinPieces(writeZipPieces(items));
}

/** Writes a zip as pieces. Entries copied from a source keep their compressed bytes, CRC and timestamps. */
export function writeZipPieces(items: ZipWriteEntry[]): ZipPieces {
  const encoder = new TextEncoder();
  const now = dosNow();
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const item of items) {
    const nameBytes = encoder.encode(item.name);
    let method: number, crc: number, size: number, time: number, date: number;
    let data: Uint8Array | Uint8Array[], dataLength: number;
    if ('copyFrom' in item) {
      const src = item.copyFrom.entries.find((e) => e.name === item.name) ?? item.copyFrom.entries.find((e) => e.name.toLowerCase() === item.name.toLowerCase());
      if (!src) throw new Error(`no entry '${item.name}' to copy`);
      data = item.copyFrom.raw(src.name);
      dataLength = data.length;
      method = src.method; crc = src.crc; size = src.size; time = src.dosTime; date = src.dosDate;
    } else if ('produce' in item) {
      ({ pieces: data, length: dataLength, crc, size } = deflateChunks(item.produce));
      method = 8;
      time = now.time; date = now.date;
    } else {
      crc = crc32(item.data) >>> 0;
      size = item.data.length;
      if (item.store || size === 0) { method = 0; data = item.data; } else { method = 8; data = deflateRawSync(item.data, { level: 6 }); }
      dataLength = data.length;
      time = now.time; date = now.date;
    }
    const utf8Flag = /[^\x20-\x7e]/.test(item.name) ? 0x0800 : 0;
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, SIG_LOCAL, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, utf8Flag, true);
    lv.setUint16(8, method, true);
    lv.setUint16(10, time, true);
    lv.setUint16(12, date, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, dataLength, true);
    lv.setUint32(22, size, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const cd = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, SIG_CENTRAL, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, utf8Flag, true);
    cv.setUint16(10, method, true);
    cv.setUint16(12, time, true);
    cv.setUint16(14, date, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, dataLength, true);
    cv.setUint32(24, size, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    cd.set(nameBytes, 46);
    chunks.push(local);
    if (Array.isArray(data)) chunks.push(...data);
    else chunks.push(data);
    central.push(cd);
    offset += local.length + dataLength;
  }
  const cdStart = offset;
  let cdLen = 0;
  for (const c of central) { chunks.push(c); cdLen += c.length; }
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, SIG_EOCD, true);
  ev.setUint16(8, items.length, true);
  ev.setUint16(10, items.length, true);
  ev.setUint32(12, cdLen, true);
  ev.setUint32(16, cdStart, true);
  chunks.push(eocd);
  return { pieces: chunks, byteLength: chunks.reduce((n, c) => n + c.length, 0) };
}
