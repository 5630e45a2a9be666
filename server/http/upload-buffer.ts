// An uploaded file assembled as it arrives: each chunk is copied in and hashed on arrival, so neither the
// copy nor the sha256 of a 25 MB upload blocks the event loop in one piece (Buffer.concat at the end and
// a hash afterwards each did, for tens of milliseconds). The memory is a SharedArrayBuffer, so the engine
// worker reads the same bytes with no copy and the service keeps them (scan, then the resolver).
import { createHash, type Hash } from 'node:crypto';
import { sha256Hex } from '../common/hash.ts';

const hashes = new WeakMap<Uint8Array, string>();

/** sha256 (hex) of bytes; an upload's was computed while it arrived. */
export function sha256OfBytes(bytes: Uint8Array): string {
  return hashes.get(bytes) ?? sha256Hex(bytes);
}

export class UploadBuffer {
  private memory: Buffer;
  private size = 0;
  private readonly hash: Hash = createHash('sha256');

  /** `expected`: the size announced (content-length), a first guess; the buffer grows past it if needed, never past `max`. */
  constructor(expected: number, private readonly max: number) {
    this.memory = UploadBuffer.allocate(Math.max(64 * 1024, Math.min(expected, max)));
  }

  private static allocate(size: number): Buffer {
    return Buffer.from(new SharedArrayBuffer(size));
  }

  /** Adds a chunk; past `max` bytes in all it throws (the caller refuses the upload before that: multipart.ts). */
  append(chunk: Buffer): void {
    if (this.size + chunk.length > this.max) throw new RangeError(`upload larger than ${this.max} bytes`);
    if (this.size + chunk.length > this.memory.length) {
      const grown = UploadBuffer.allocate(Math.min(Math.max(this.memory.length * 2, this.size + chunk.length), this.max));
      this.memory.copy(grown, 0, 0, this.size);
      this.memory = grown;
    }
    chunk.copy(this.memory, this.size);
    this.size += chunk.length;
    this.hash.update(chunk);
  }

  /** The file's bytes (a view over shared memory), its sha256 remembered for sha256OfBytes. */
  finish(): Buffer {
    const bytes = this.memory.subarray(0, this.size);
    hashes.set(bytes, this.hash.digest('hex'));
    return bytes;
  }
}
