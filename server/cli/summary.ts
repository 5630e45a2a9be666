// The short human summaries `link` and `resolve` print on stderr (JSON goes to stdout only with --json):
// "Linked 116 mentions in sample.docx → linked.docx: 51 citations, 35 figures, 30 equations; 3 need review: run
// `hyperlinker scan sample.docx`".

import { basename } from 'node:path';
import type { ApplyResult } from '../../shared/contract.ts';
import type { Tone } from './terminal.ts';

type Paint = (tone: Tone, text: string) => string;
const plain: Paint = (_tone, text) => text;

/** statCounts key → its name in words (singular, plural). */
const KIND_WORDS: Record<string, [string, string]> = {
  citations: ['citation', 'citations'],
  figures: ['figure', 'figures'],
  tables: ['table', 'tables'],
  equations: ['equation', 'equations'],
  sections: ['section', 'sections'],
  appendices: ['appendix', 'appendices'],
  algorithms: ['algorithm', 'algorithms'],
  listings: ['listing', 'listings'],
  supplementary: ['supplementary item', 'supplementary items'],
  dois: ['DOI', 'DOIs'],
};

export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** "51 citations, 35 figures, 30 equations": the kinds with links, in the contract's order. */
export function kindBreakdown(statCounts: Record<string, number> | undefined): string {
  const parts: string[] = [];
  for (const [key, n] of Object.entries(statCounts ?? {})) {
    if (!n) continue;
    const [one, many] = KIND_WORDS[key] ?? [key, key];
    parts.push(count(n, one, many));
  }
  return parts.join(', ');
}

export type LinkSummaryInput = Pick<ApplyResult, 'linkCount' | 'statCounts' | 'unmatched' | 'warnings'>;

export interface LinkFacts {
  input: string;
  output: string;
  /** Matches the scan found that need a person's review (not linked by `link`). */
  needReview: number;
  /** With --resolve: references linked to their DOI, and those Crossref left for review. */
  resolver?: { resolved: number; reviewRequired: number; unresolved: number };
}

/** The lines `link` prints for a person: the headline, then one line per warning. */
export function linkSummary(result: LinkSummaryInput, facts: LinkFacts, paint: Paint = plain): string[] {
  const kinds = kindBreakdown(result.statCounts);
  let head = `${paint('green', 'Linked')} ${count(result.linkCount, 'mention')} in ${basename(facts.input)} → ${facts.output}${kinds ? `: ${kinds}` : ''}`;
  if (facts.needReview > 0) head += `; ${paint('yellow', `${facts.needReview} need${facts.needReview === 1 ? 's' : ''} review`)}: run \`hyperlinker scan ${basename(facts.input)}\``;
  const lines = [head];
  if (facts.resolver) {
    const r = facts.resolver;
    lines.push(`Crossref: ${count(r.resolved, 'reference')} resolved${r.reviewRequired ? `, ${r.reviewRequired} to review` : ''}${r.unresolved ? `, ${r.unresolved} not found` : ''}`);
  }
  const unmatched = result.unmatched?.length ?? 0;
  if (unmatched > 0) lines.push(paint('yellow', `${count(unmatched, 'mention')} point${unmatched === 1 ? 's' : ''} to no target (--json lists them)`));
  for (const w of result.warnings ?? []) lines.push(`${paint('yellow', 'warning:')} ${w}`);
  return lines;
}

export interface ResolveFacts {
  input: string;
  total: number;
  resolved: number;
  reviewRequired: number;
  unresolved: number;
  held: number;
  /** Answers that came from the cache. */
  cached: number;
}

/** The headline `resolve` prints for a person. */
export function resolveSummary(f: ResolveFacts, paint: Paint = plain): string {
  const parts = [paint('green', `${f.resolved} with a DOI`)];
  if (f.reviewRequired) parts.push(paint('yellow', `${f.reviewRequired} to review`));
  if (f.unresolved) parts.push(`${f.unresolved} not found`);
  if (f.held) parts.push(paint('red', `${f.held} held (registry unavailable: resolve again later)`));
  const cached = f.cached ? ` (${f.cached} from the cache)` : '';
  return `Resolved ${count(f.total, 'reference')} in ${basename(f.input)}${cached}: ${parts.join(', ')}; --json prints the report`;
}
