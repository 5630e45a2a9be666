// In-text numeric citations for a restyle: the scan's citation matches read back into groups ("[3–5, 9]",
// superscript "2,4", "Refs. 3–5"), the order in which the text first cites each entry, and the new text of
// every group once the list is renumbered: numbers mapped through the new numbering, sorted, and runs of
// three or more collapsed into a range with the dash the manuscript uses ("[3–5]" stays a correct range,
// "[3, 4]" two numbers), as numeric CSL styles collapse citation numbers. Pure: the linker writes the edits.

import { causeOf } from '../../../shared/causes.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import type { BibEntry, MatchCandidate } from '../detect/types.ts';
import type { ModelParagraph } from '../model/types.ts';
import { piecesIn } from '../model/queries.ts';

/** One number of a group as written. */
interface GroupItem {
  match: MatchCandidate;
  n: number;
}

/** Consecutive numeric citation matches of one paragraph separated only by commas, semicolons or dashes. */
export interface CitationGroup {
  paragraph: ModelParagraph;
  /** The span of the numbers (first number's start to last number's end), brackets excluded. */
  start: number;
  end: number;
  items: GroupItem[];
  /** The old numbers the group names, ranges expanded, in written order. */
  numbers: number[];
  /** The separator and range dash as written ("," and "–" when the group shows none). */
  sep: string;
  dash: string;
}

/** A group's new text: plain pieces and numbers that name an entry (each may carry a link). */
export interface CitationEdit {
  paragraph: ModelParagraph;
  start: number;
  end: number;
  /** The matches the edit replaces (their links are written on the new numbers). */
  replaces: MatchCandidate[];
  pieces: Array<{ text: string; targetKey?: string; superscript?: boolean; italic?: boolean }>;
  /** The pieces set their own vertical alignment (a change of citation form): the old text's is dropped. */
  plain?: boolean;
}

const GAP = /^\s*([,;]|[-–—‐‑−])\s*$/;
const DASHES = /[-–—‐‑−]/;

/** The leading number of a citation match's text ("12" of "12, p. 5"), or null. */
function numberOf(m: MatchCandidate): number | null {
  const d = /^\d{1,4}/.exec(m.paragraph.text.slice(m.start, m.end));
  return d ? Number(d[0]) : null;
}

/** The numeric citation matches grouped as written, in document order. */
export function citationGroups(matches: Iterable<MatchCandidate>, paragraphOrder: Map<ModelParagraph, number>): CitationGroup[] {
  const cites = [...matches].filter((m) => m.kind === 'citation' && numberOf(m) !== null);
  cites.sort((a, b) => (paragraphOrder.get(a.paragraph) ?? 0) - (paragraphOrder.get(b.paragraph) ?? 0) || a.start - b.start);
  const groups: CitationGroup[] = [];
  let cur: CitationGroup | null = null;
  let sepSeen = '', dashSeen = '';
  const close = () => {
    if (!cur) return;
    cur.sep = sepSeen || ',';
    cur.dash = dashSeen || '–';
    groups.push(cur);
  };
  for (const m of cites) {
    const n = numberOf(m)!;
    const gap = cur && cur.paragraph === m.paragraph ? m.paragraph.text.slice(cur.end, m.start) : null;
    const g = gap !== null ? GAP.exec(gap) : null;
    if (cur && g) {
      const last = cur.numbers[cur.numbers.length - 1]!;
      if (DASHES.test(g[1]!)) {
        dashSeen = g[1]!;
        for (let k = last + 1; k < n; k++) cur.numbers.push(k);
      } else sepSeen = g[1]!;
      cur.numbers.push(n);
      cur.items.push({ match: m, n });
      cur.end = m.end;
      continue;
    }
    close();
    sepSeen = ''; dashSeen = '';
    cur = { paragraph: m.paragraph, start: m.start, end: m.end, items: [{ match: m, n }], numbers: [n], sep: ',', dash: '–' };
  }
  close();
  return groups;
}

/** The entry each printed number names. */
export function entriesByNumber(entries: BibEntry[]): Map<number, BibEntry> {
  const out = new Map<number, BibEntry>();
  for (const e of entries) if (e.labelNumber !== null && !out.has(e.labelNumber)) out.set(e.labelNumber, e);
  return out;
}

/** Entry keys in the order the text first cites them, then the uncited ones in list order. */
export function firstMentionOrder(groups: CitationGroup[], entries: BibEntry[]): string[] {
  const byNumber = entriesByNumber(entries);
  const seen = new Set<string>();
  for (const g of groups) for (const n of g.numbers) { const e = byNumber.get(n); if (e) seen.add(e.key); }
  for (const e of entries) seen.add(e.key);
  return [...seen];
}

/** Why a group's text (quoted as `text`) cannot be rewritten in place (inside a field or an existing link, over a page locator), or null. */
function heldWhy(g: CitationGroup, text: string): ReasonCode | null {
  if (g.items.some((it) => !/^\d+$/.test(g.paragraph.text.slice(it.match.start, it.match.end)))) return causeOf('citationPageLocator', { text });
  const held = piecesIn(g.paragraph, g.start, g.end).find((p) => p.hold || p.kind !== 'text');
  if (held) return held.hold === 'existing-hyperlink' ? causeOf('citationInLink', { text }) : causeOf('citationInside', { text, hold: held.hold ?? held.kind });
  return null;
}

/** Numbers sorted and collapsed as numeric styles print them: runs of three or more as a range. */
function collapse(numbers: number[], joint: string, dash: string, keyOf: (n: number) => string): CitationEdit['pieces'] {
  const ns = [...new Set(numbers)].sort((a, b) => a - b);
  const pieces: CitationEdit['pieces'] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++;
    if (pieces.length) pieces.push({ text: joint });
    if (j - i >= 2) {
      pieces.push({ text: String(ns[i]), targetKey: keyOf(ns[i]!) }, { text: dash }, { text: String(ns[j]), targetKey: keyOf(ns[j]!) });
    } else {
      for (let k = i; k <= j; k++) {
        if (k > i) pieces.push({ text: joint });
        pieces.push({ text: String(ns[k]), targetKey: keyOf(ns[k]!) });
      }
    }
    i = j + 1;
  }
  return pieces;
}

/** The joint as written in the group (its spaces kept): ", " or "," */
function writtenSep(g: CitationGroup): string {
  for (let i = 1; i < g.items.length; i++) {
    const gap = g.paragraph.text.slice(g.items[i - 1]!.match.end, g.items[i]!.match.start);
    if (!DASHES.test(gap)) return gap.replace(/^\s+/, '');
  }
  return g.sep === ';' ? '; ' : g.paragraph.text[g.start - 1] === '[' || g.paragraph.text[g.start - 1] === '(' ? ', ' : ',';
}

/**
 * The new text of every group once entry `key` is numbered `newNumber.get(key)`: a group whose numbers do not
 * change is left alone. Returns the edits, or why the text cannot follow (a number that names no entry, a group
 * that cannot be rewritten in place): then the renumbering is refused.
 */
export function renumberEdits(groups: CitationGroup[], entries: BibEntry[], newNumber: Map<string, number>): { edits: CitationEdit[]; blocked: ReasonCode[] } {
  const byNumber = entriesByNumber(entries);
  const keyByNew = new Map([...newNumber].map(([k, n]) => [n, k]));
  const edits: CitationEdit[] = [];
  const blocked: ReasonCode[] = [];
  for (const g of groups) {
    const where = g.paragraph.text.slice(Math.max(0, g.start - 30), g.end + 1).trim();
    const unknown = g.numbers.filter((n) => !byNumber.has(n));
    if (unknown.length) { blocked.push(causeOf('citationNamesNone', { text: where, numbers: unknown.join(', ') })); continue; }
    const mapped = g.numbers.map((n) => newNumber.get(byNumber.get(n)!.key)!);
    if (mapped.every((n, i) => n === g.numbers[i])) continue;
    const why = heldWhy(g, where);
    if (why) { blocked.push(why); continue; }
    edits.push({ paragraph: g.paragraph, start: g.start, end: g.end, replaces: g.items.map((it) => it.match), pieces: collapse(mapped, writtenSep(g), g.dash, (n) => keyByNew.get(n)!) });
  }
  return { edits, blocked };
}
