// Superscript numeric citations: "growth12", "host7,10", "field24–26" (runs with superscript
// formatting, direct or inherited). Exponents, units, charges and footnote-like markers are not.

import type { ModelParagraph } from '../../model/types.ts';
import type { Bibliography, MatchCandidate } from '../types.ts';
import { citationMatch } from './match.ts';
import { parseNumberList, type NumberItem } from './number-list.ts';
import { resolveNumber } from './author-index.ts';

export interface SuperscriptGroup {
  start: number;
  end: number;
  items: NumberItem[];
}

const UNIT_WORDS = /^(?:[\p{L}]|cm|mm|km|nm|µm|μm|dm|kg|mg|µg|μg|ng|pg|ml|mL|µl|μl|ha|yr|cal|kcal|mol|mmol|ft|in|sec|min|ms|Hz|kHz|MHz|GHz|eV|keV|MeV|Pa|kPa|MPa|CO|NO|SO|PO|NH|OH)$/u;

/**
 * Whether a superscript number after `before` is an exponent rather than a citation. Against the token
 * before it: a unit or a one-letter symbol ("cm³", "m²", "x²", "µg/m³", "N/mm²"), or a power base ("10⁵", "2⁸", "×10⁶");
 * a year, a version, a gene or a name followed by a citation is not ("2004³", "QGIS 3.22¹⁷", "Kif1A¹⁹",
 * "kinesin-1²³"). After a space: a unit or a number ("250 km ²", "5 ³"); a citation sits against its word.
 */
function isExponent(before: string): boolean {
  const spaced = /([^\s\u00a0]+)[\s\u00a0]+$/u.exec(before);
  if (spaced) {
    const word = spaced[1]!.replace(/[.,;:]$/, '');
    return /\d$/.test(word) || UNIT_WORDS.test(word) || /^[\p{L}µ]{1,2}$/u.test(word);
  }
  const token = /[^\s\u00a0([{]+$/u.exec(before)?.[0] ?? '';
  if (!token) return false;
  if (/^[\p{L}µ]+$/u.test(token)) return UNIT_WORDS.test(token);
  // "µg/m³", "N/mm²", "kg·m⁻³" written with a plain 3: the unit after a slash or a product dot.
  const per = /[/·]([\p{L}µ]+)$/u.exec(token)?.[1];
  if (per !== undefined) return UNIT_WORDS.test(per);
  if (/(?:^|[×x·*^])(?:10|\d)$/.test(token)) return true;
  // "5m²", "20cm³": a unit glued to its number.
  const unit = /\d([\p{L}µ]+)$/u.exec(token)?.[1];
  return unit !== undefined && UNIT_WORDS.test(unit) && /^(?:[a-zµμ]{1,3}|mL|µl|μl)$/u.test(unit) && /^[\d.,]+[\p{L}µ]+$/u.test(token);
}

/** Maximal superscript stretches, joined across "," and "–" that are not superscript themselves. */
function superscriptSpans(p: ModelParagraph): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const piece of p.pieces) {
    if (!piece.superscript || piece.hold === 'math') continue;
    const last = spans[spans.length - 1];
    if (last && last.end === piece.start) last.end = piece.end;
    else spans.push({ start: piece.start, end: piece.end });
  }
  const merged: { start: number; end: number }[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && /^\s*[,–\-—]\s*$/.test(p.text.slice(last.end, s.start))) last.end = s.end;
    else merged.push({ ...s });
  }
  return merged;
}

export function superscriptGroups(p: ModelParagraph): SuperscriptGroup[] {
  const out: SuperscriptGroup[] = [];
  // In table cells superscript numbers are footnote markers far more often than citations.
  if (p.inTable) return out;
  const text = p.text;
  for (const span of superscriptSpans(p)) {
    let { start, end } = span;
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /[\s.,;]/.test(text[end - 1]!)) end--;
    if (start >= end) continue;
    const inner = text.slice(start, end);
    if (!/^\d/.test(inner)) continue;
    // Brackets inside the superscript: "[12]".
    const body = inner.replace(/^\[(.*)\]$/, '$1');
    const shift = body === inner ? 0 : 1;
    const items = parseNumberList(body, false);
    if (!items) continue;
    const before = text.slice(0, start);
    const after = text.slice(end, end + 2);
    if (/^[+\-−⁺⁻]/.test(after) || /^\d/.test(after)) continue;
    if (isExponent(before)) continue;
    if (/[=^_×·*/∈<>≤≥(]\s*$/.test(before)) continue;
    if (!before.trim()) continue;
    out.push({ start, end, items: items.map((it) => ({ ...it, start: it.start + start + shift, end: it.end + start + shift, endWithPages: it.endWithPages + start + shift })) });
  }
  return out;
}

export function superscriptMatches(p: ModelParagraph, groups: SuperscriptGroup[], bib: Bibliography | null): MatchCandidate[] {
  const out: MatchCandidate[] = [];
  const max = bib?.entries.length ?? 0;
  for (const g of groups) {
    // Past the end of the list a superscript number is more likely a footnote or exponent: skip it.
    if (max && g.items.some((it) => it.n > max)) continue;
    for (const it of g.items) out.push(citationMatch(p, it.start, it.end, resolveNumber(bib, it.n)));
  }
  return out;
}
