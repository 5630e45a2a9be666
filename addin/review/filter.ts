// What the review list shows: needs-attention first, filtered by status and kind, searched by text;
// and each target said in words (reference entry, caption's first line, heading).
import type { MatchKind, ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import type { Choice } from './review-state.ts';
import { KIND_ORDER } from './kinds.ts';

export type StatusFilter = 'all' | 'attention' | 'ready' | 'undecided' | 'decided';

export interface ListFilter {
  status: StatusFilter;
  kind: MatchKind | 'all';
  query: string;
}

export const ALL: ListFilter = { status: 'all', kind: 'all', query: '' };

/** Unmatched, low confidence, identity change or held: what a reviewer must look at. */
function needsAttention(m: ReviewMatch): boolean {
  return m.status !== 'ready';
}

function byDocumentOrder(a: ReviewMatch, b: ReviewMatch): number {
  const la = a.location, lb = b.location;
  if (la.part !== lb.part) return la.part === 'word/document.xml' ? -1 : lb.part === 'word/document.xml' ? 1 : la.part < lb.part ? -1 : 1;
  return la.paragraph - lb.paragraph || la.start - lb.start;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The matches to list, needs-attention first, then in document order. */
export function visibleMatches(
  matches: readonly ReviewMatch[],
  choices: Readonly<Record<string, Choice>>,
  filter: ListFilter,
  targetText: (id: string) => string,
): ReviewMatch[] {
  const q = fold(filter.query.trim());
  const out = matches.filter((m) => {
    if (filter.kind !== 'all' && m.kind !== filter.kind) return false;
    const decided = choices[m.refId] !== undefined;
    if (filter.status === 'attention' && !needsAttention(m)) return false;
    if (filter.status === 'ready' && m.status !== 'ready') return false;
    if (filter.status === 'undecided' && decided) return false;
    if (filter.status === 'decided' && !decided) return false;
    if (!q) return true;
    const hay = [m.sourceText, m.context?.before ?? '', m.context?.after ?? '', m.label ?? '', m.targetId ? targetText(m.targetId) : '', m.doi ?? ''].join(' ');
    return fold(hay).includes(q);
  });
  return out.sort((a, b) => Number(needsAttention(b)) - Number(needsAttention(a)) || byDocumentOrder(a, b));
}

export function kindsPresent(matches: readonly ReviewMatch[]): MatchKind[] {
  const present = new Set(matches.map((m) => m.kind));
  return [...KIND_ORDER.filter((k) => present.has(k)), ...[...present].filter((k) => !KIND_ORDER.includes(k))];
}

export function attentionCount(matches: readonly ReviewMatch[]): number {
  return matches.filter(needsAttention).length;
}

function firstLine(s: string): string {
  const line = s.split(/\r?\n/)[0]!.trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

const NUMBERED_LABEL = /^\[?[\p{L}]?\d+[a-z]?\]?$/u;

/** The family name a reference starts with: parsed first author, else the first word of the first author. */
function familyName(t: ReviewTarget): string {
  if (t.firstAuthor) return t.firstAuthor;
  const first = t.authors?.[0]?.trim() ?? '';
  return first.split(/[\s,]+/)[0] ?? '';
}

/**
 * The target in words: "[2] Prescott 1994 · The DNA of ciliated protozoa", "Figure 2 · Growth of
 * cells", "Section 3.1 · Methods"; without parsed fields, the target's own text (first line).
 */
export function targetInWords(t: ReviewTarget): string {
  const type = t.type ?? t.kind;
  const title = t.title ? firstLine(t.title) : '';
  if (type === 'bibliography') {
    const head = [familyName(t), t.year ?? ''].filter(Boolean).join(' ');
    const words = [head, title].filter(Boolean).join(' · ');
    if (words) return NUMBERED_LABEL.test(t.label) || !head ? `${t.label} ${words}` : words;
  } else if (title) {
    return t.label.trim() === title || t.label.endsWith('…') ? title : `${t.label} · ${title}`;
  }
  const text = t.text ? firstLine(t.text) : '';
  if (!text) return t.label;
  return text.toLowerCase().startsWith(t.label.toLowerCase()) ? text : `${t.label} ${text}`;
}

/** What retarget search looks in, folded: the target in words, its whole text, every author, year and DOI. */
export function targetSearchText(t: ReviewTarget): string {
  return fold([targetInWords(t), t.text ?? '', ...(t.authors ?? []), t.year ?? '', t.doi ?? ''].join(' '));
}

/** True when every word of the query is in the target's search text (accents and case folded). */
export function targetMatchesQuery(search: string, query: string): boolean {
  return fold(query).split(/\s+/).filter(Boolean).every((w) => search.includes(w));
}

/**
 * The row to move to after deciding `refId` with a key (A or S): the next undecided row that needs
 * attention (after it, then from the top), else the next undecided row, else the row after it; null
 * when there is nowhere else to go.
 */
export function nextToReview(list: readonly ReviewMatch[], choices: Readonly<Record<string, Choice>>, refId: string): string | null {
  const at = list.findIndex((m) => m.refId === refId);
  const order = [...list.slice(at + 1), ...list.slice(0, Math.max(at, 0))].filter((m) => m.refId !== refId);
  const open = order.filter((m) => !choices[m.refId]);
  return (open.find(needsAttention) ?? open[0] ?? list[at + 1] ?? null)?.refId ?? null;
}
