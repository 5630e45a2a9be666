// The graph the checks read, built from a review packet: mentions in document order, the mentions of each target
// (a numeric range "[3–5]" mentions 4 too), target numbers ("Figure 2" → series figure, 2), and findings located
// and quoted like matches.
import type { CheckCode, CheckFinding, CheckSeverity, Location, ReviewMatch, ReviewTarget } from '../../../shared/contract.ts';

/** The main document's text comes first, then notes, headers and the rest in part-name order. */
function partRank(part: string): string {
  return part === 'word/document.xml' ? '0' : `1${part}`;
}

export function compareLocations(a: Location, b: Location): number {
  const pa = partRank(a.part);
  const pb = partRank(b.part);
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.paragraph - b.paragraph || a.start - b.start;
}

export function byDocumentOrder<T extends { location: Location }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareLocations(a.location, b.location));
}

/** "[1]" / "1." / "1" typed at the start of a numbered entry, else null. */
export function typedEntryNumber(text: string | undefined): number | null {
  const m = /^\s*\[?(\d{1,4})[\].):]?\s/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** What joins the two ends of a range: "3–5", "3 - 5", "[3]–[5]". */
const DASH = /^\]?\s?[-–—‐‑]\s?\[?$/;

/** A target's place in its numbered series: reference entries by list position, the rest by their label's number. */
function ordinal(t: ReviewTarget): Numbered | null {
  if (t.type === 'bibliography') return t.refIndex === undefined ? null : { series: 'bibliography', number: t.refIndex };
  return targetNumber(t);
}

/**
 * Every target's mentions in document order. Two mentions of one kind in one paragraph joined by a dash ("[3–5]",
 * "[3]–[5]", "Tables S11–S17") mention every item numbered between them as well, at the first one's place.
 */
export function mentionsByTarget(matches: readonly ReviewMatch[], targets: readonly ReviewTarget[]): Map<string, ReviewMatch[]> {
  const out = new Map<string, ReviewMatch[]>();
  const add = (id: string, m: ReviewMatch) => {
    const list = out.get(id);
    if (list) list.push(m);
    else out.set(id, [m]);
  };
  const bySeriesNumber = new Map<string, string>();
  const ordinalOf = new Map<string, Numbered>();
  for (const t of targets) {
    const o = ordinal(t);
    if (!o) continue;
    ordinalOf.set(t.targetId, o);
    bySeriesNumber.set(`${o.series}#${o.number}`, t.targetId);
  }
  const ordered = byDocumentOrder(matches.filter((m) => m.targetId));
  for (let i = 0; i < ordered.length; i++) {
    const m = ordered[i]!;
    add(m.targetId, m);
    const next = ordered[i + 1];
    if (!next || next.kind !== m.kind) continue;
    if (next.location.part !== m.location.part || next.location.paragraph !== m.location.paragraph) continue;
    const gap = next.location.start - m.location.end;
    if (gap < 1 || gap > 3 || !DASH.test((m.context?.after ?? '').slice(0, gap))) continue;
    const from = ordinalOf.get(m.targetId);
    const to = ordinalOf.get(next.targetId);
    if (!from || !to || from.series !== to.series || to.number - from.number < 2 || to.number - from.number > 200) continue;
    for (let k = from.number + 1; k < to.number; k++) {
      const id = bySeriesNumber.get(`${from.series}#${k}`);
      if (id) add(id, m);
    }
  }
  for (const list of out.values()) list.sort((a, b) => compareLocations(a.location, b.location));
  return out;
}

export interface Numbered {
  /** "figure", "figure:S" (supplementary series), "table", "equation"… */
  series: string;
  number: number;
}

/** "Figure 2" → {figure, 2}; "Table S1" → {table:S, 1}; "Eq. (3)" → {equation, 3}; "Figure 2a", "Figure 1—figure
 * supplement 1" (a part of another item) and unnumbered labels → null. */
export function targetNumber(t: ReviewTarget): Numbered | null {
  const m = /^[\p{L}.]+(?:\s[\p{L}.]+(?=\s))?\s?\(?(S?)(\d{1,4})\)?$/u.exec(t.label.trim());
  if (!m) return null;
  return { series: m[1] ? `${t.type}:S` : t.type, number: Number(m[2]) };
}

/** A mention's own quote: its context, as the match carries it. */
function mentionContext(m: ReviewMatch): { before: string; after: string } {
  return m.context ?? { before: '', after: '' };
}

/** A target quoted by its first words: the entry or caption is the fault's place. */
function targetContext(t: ReviewTarget): { before: string; after: string } {
  return { before: '', after: firstWords(t.text ?? t.label, 80) };
}

export function firstWords(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

interface Place {
  location: Location;
  context: { before: string; after: string };
  text?: string;
}

export function finding(code: CheckCode, severity: CheckSeverity, message: string, at: Place, related: string[] = []): CheckFinding {
  return { code, severity, message, location: at.location, context: at.context, ...(at.text !== undefined ? { text: at.text } : {}), related };
}

export function atMention(m: ReviewMatch): Place {
  return { location: m.location, context: mentionContext(m), text: m.sourceText };
}

export function atTarget(t: ReviewTarget): Place {
  return { location: t.location, context: targetContext(t) };
}

/** "Figure 7" or "[45]" as the reader wrote it: the label word before the number, or the citation's bracket. */
export function quoted(m: ReviewMatch): string {
  const before = m.context?.before ?? '';
  if (m.kind === 'citation') {
    if (!/^\d/.test(m.sourceText)) return m.sourceText;
    const open = /([[(])[^[\]()]*$/.exec(before)?.[1];
    return open === '[' ? `[${m.sourceText}]` : open === '(' ? `(${m.sourceText})` : m.sourceText;
  }
  const word = before.match(/([A-Za-zÀ-ÿ.]+\.?\s?)$/)?.[1] ?? '';
  return `${word}${m.sourceText}`.trim();
}
