// Seeded PRNG (mulberry32) so the synthetic manuscript is byte-for-byte reproducible.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }
  /** Integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Fills a buffer with pseudo-random (incompressible) bytes. */
  fill(out: Uint8Array): Uint8Array {
    const words = Math.floor(out.length / 4);
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    for (let i = 0; i < words; i++) view.setUint32(i * 4, this.u32(), true);
    for (let i = words * 4; i < out.length; i++) out[i] = this.u32() & 0xff;
    return out;
  }
  /** An 8-hex-digit Word revision id (rsid). */
  rsid(): string {
    return (this.u32() & 0x00ffffff).toString(16).toUpperCase().padStart(8, '0');
  }
}
