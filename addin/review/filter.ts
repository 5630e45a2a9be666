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
export function needsAttention(m: ReviewMatch): boolean {
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

/** The target in words: "Smith, Jones 2020. Title of the paper", "Figure 2. Growth of…", "3.1 Methods". */
export function targetInWords(t: ReviewTarget): string {
  if ((t.type ?? t.kind) === 'bibliography') {
    const authors = t.authors?.length ? (t.authors.length > 2 ? `${t.authors[0]} et al.` : t.authors.join(', ')) : '';
    const head = [authors, t.year ?? ''].filter(Boolean).join(' ');
    const title = t.title ? firstLine(t.title) : '';
    const parsed = [head, title].filter(Boolean).join('. ');
    if (parsed) return `${t.label} ${parsed}`;
  }
  const text = t.text ? firstLine(t.text) : '';
  if (!text) return t.label;
  return text.toLowerCase().startsWith(t.label.toLowerCase()) ? text : `${t.label} ${text}`;
}
