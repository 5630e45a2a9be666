// Parses the inside of a numeric citation group: "1", "1,2", "1–3", "2, 5-7", "3, p. 5", "1 a 3".
// Each listed number (range ends included, numbers between them implied) becomes one item.

import { connectorWords } from '../labels/vocabulary.ts';

export interface NumberItem {
  /** Offsets relative to the start of the parsed string. */
  start: number;
  end: number;
  n: number;
  /** End offset including a following page locator (", p. 5"), when there is one. */
  endWithPages: number;
}

const DASH = '[-–—‐‑−]';
const PART_RE = new RegExp(`^(\\d{1,4})(?:\\s*${DASH}\\s*(\\d{1,4}))?$`);
/** A range written in words: "1 to 3", "1 a 3", "1 bis 3", "1 à 3" (the range words of labels/*.json). */
const WORD_RANGE_RE = new RegExp(`^(\\d{1,4})\\s+(?:to|${connectorWords('to')})\\s+(\\d{1,4})$`, 'u');
const LOCATOR_RE = /^(?:p|pp|page|pages|S\.)\.?\s*\d+(?:\s*[-–]\s*\d+)?$/i;

/**
 * The items of a numeric list, or null when the string is not one (zeros, reversed ranges, words). With
 * `rangeWords` a range may be written in words ("[1 a 3]", "[1 bis 3]": inside brackets only).
 */
export function parseNumberList(s: string, allowLocators = true, rangeWords = false): NumberItem[] | null {
  const items: NumberItem[] = [];
  const re = /[^,;]+/g;
  for (const m of s.matchAll(re)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const part = raw.trim();
    const at = m.index + lead;
    if (!part) return null;
    if (allowLocators && LOCATOR_RE.test(part)) {
      const last = items[items.length - 1];
      if (!last) return null;
      last.endWithPages = at + part.length;
      continue;
    }
    const pm = PART_RE.exec(part) ?? (rangeWords ? WORD_RANGE_RE.exec(part) : null);
    if (!pm) return null;
    const a = Number(pm[1]);
    if (a < 1 || pm[1]!.startsWith('0')) return null;
    items.push({ start: at, end: at + pm[1]!.length, n: a, endWithPages: at + pm[1]!.length });
    if (pm[2] !== undefined) {
      const b = Number(pm[2]);
      if (b <= a || pm[2].startsWith('0')) return null;
      const bStart = at + part.length - pm[2].length;
      items.push({ start: bStart, end: at + part.length, n: b, endWithPages: at + part.length });
    }
  }
  return items.length ? items : null;
}
