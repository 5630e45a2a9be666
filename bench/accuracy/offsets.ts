// Translates engine locations (offsets into the engine's visible text, where a tab or break is one
// character, counted in UTF-16 code units or in code points) into gold coordinates (code points of the
// concatenated w:t text). Pure: built from ParagraphInfo[] (paragraphs.ts).

import type { ParagraphInfo } from './paragraphs.ts';

export type OffsetUnit = 'utf16' | 'codepoint';

export class OffsetTranslator {
  private readonly maps = new Map<number, Int32Array>();

  constructor(
    readonly paragraphs: readonly ParagraphInfo[],
    readonly unit: OffsetUnit,
  ) {}

  /** True when engine and gold offsets differ somewhere in this paragraph. */
  needsTranslation(paragraph: number): boolean {
    return this.map(paragraph) !== null;
  }

  /** Gold offset of an engine offset in a word/document.xml paragraph. */
  toGold(paragraph: number, offset: number): number {
    const map = this.map(paragraph);
    if (map === null) return offset;
    if (offset <= 0) return 0;
    if (offset >= map.length) return map[map.length - 1]! + (offset - (map.length - 1));
    return map[offset]!;
  }

  /** The gold text of a paragraph between two gold code-point offsets. */
  goldSlice(paragraph: number, start: number, end: number): string {
    const p = this.paragraphs[paragraph];
    if (!p) return '';
    return Array.from(p.text).slice(start, end).join('');
  }

  private map(paragraph: number): Int32Array | null {
    const cached = this.maps.get(paragraph);
    if (cached) return cached;
    const p = this.paragraphs[paragraph];
    if (!p) return null;
    const astral = this.unit === 'utf16' && /[\uD800-\uDBFF]/.test(p.text);
    if (p.extras.length === 0 && !astral) return null;
    const map = buildMap(p, this.unit);
    this.maps.set(paragraph, map);
    return map;
  }
}

/** map[engineOffset] = gold code-point offset, for engineOffset 0..engineLength inclusive. */
function buildMap(p: ParagraphInfo, unit: OffsetUnit): Int32Array {
  const out: number[] = [];
  const extras = [...p.extras].sort((a, b) => a - b);
  let k = 0;
  let gi = 0;
  for (const ch of p.text) {
    while (k < extras.length && extras[k] === gi) {
      out.push(gi);
      k++;
    }
    const units = unit === 'utf16' ? ch.length : 1;
    for (let u = 0; u < units; u++) out.push(gi);
    gi++;
  }
  while (k < extras.length) {
    out.push(gi);
    k++;
  }
  out.push(gi);
  return Int32Array.from(out);
}

/** Normalises text for the sourceText sanity check: drops tabs/breaks, unifies spaces. */
export function normaliseForCompare(s: string): string {
  return s.replace(/[\t\n\r\u00ad]/g, '').replace(/[\s\u00a0\u2009\u202f]+/g, ' ').trim();
}
