// Turns detector output into the contract's ScanPacket: stable ids, locations in code points,
// statuses, summary counters and the fingerprint.

import type { MatchKind, ReviewMatch, ReviewTarget, ScanPacket, ScanSummary, PersistedMetadata } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import { canonicalSettings } from '../../../shared/settings-values.ts';
import type { MatchCandidate, TargetCandidate } from '../detect/types.ts';
import { locationOf } from '../model/queries.ts';
import { graphHash, scanFingerprint, type GraphMatch, type GraphTarget } from './hashes.ts';

const KIND_PREFIX: Record<MatchKind, string> = {
  citation: 'cit', figure: 'fig', table: 'tab', equation: 'eq', section: 'sec', appendix: 'app', algorithm: 'alg', listing: 'lst', supplementary: 'sup', doi: 'doi',
  url: 'url', pmid: 'pmid', pmcid: 'pmc', arxiv: 'arx', nct: 'nct', rrid: 'rrid', orcid: 'orcid', handle: 'hdl',
};

function partTag(part: string): string {
  if (part.endsWith('footnotes.xml')) return 'f';
  if (part.endsWith('endnotes.xml')) return 'e';
  return 'p';
}

/** Deterministic id of a match: kind, part, paragraph and offset. */
export function matchId(m: MatchCandidate): string {
  return `${KIND_PREFIX[m.kind]}-${partTag(m.paragraph.part)}${m.paragraph.index}-${m.start}`;
}

const PART_ORDER = (part: string) => (part.endsWith('footnotes.xml') ? 1 : part.endsWith('endnotes.xml') ? 2 : 0);

export function sortMatches(matches: MatchCandidate[]): void {
  matches.sort(
    (a, b) =>
      PART_ORDER(a.paragraph.part) - PART_ORDER(b.paragraph.part) ||
      a.paragraph.index - b.paragraph.index ||
      a.start - b.start ||
      a.end - b.end,
  );
}

/** A target as the review packet shows it (its text trimmed to 300 characters). */
export function reviewTarget(t: TargetCandidate): ReviewTarget {
  const text = t.paragraph.text.slice(t.start, t.end).trim();
  const out: ReviewTarget = {
    targetId: t.key,
    label: t.label,
    type: t.type,
    kind: t.type,
    text: text.length > 300 ? `${text.slice(0, 297)}...` : text,
    location: locationOf(t.paragraph, t.start, t.end),
  };
  if (t.refIndex !== undefined) out.refIndex = t.refIndex;
  if (t.authors) out.authors = t.authors;
  if (t.firstAuthor !== undefined) out.firstAuthor = t.firstAuthor;
  if (t.year !== undefined) out.year = t.year;
  if (t.title !== undefined) out.title = t.title;
  if (t.doi !== undefined) out.doi = t.doi;
  if (t.url !== undefined) out.url = t.url;
  const existing = t.paragraph.bookmarks.find((b) => b.start <= t.start + 1 && !b.name.startsWith('_GoBack'));
  if (existing) out.existingBookmark = existing.name;
  return out;
}

const CONTEXT_CHARS = 60;

/** Up to CONTEXT_CHARS characters each side of [start, end), cut at a word boundary, white space folded. */
function contextOf(text: string, start: number, end: number): { before: string; after: string } {
  let before = text.slice(Math.max(0, start - CONTEXT_CHARS), start);
  if (start > CONTEXT_CHARS) before = `…${before.replace(/^\S*\s/, '')}`;
  let after = text.slice(end, end + CONTEXT_CHARS);
  if (end + CONTEXT_CHARS < text.length) after = `${after.replace(/\s\S*$/, '')}…`;
  const fold = (s: string) => s.replace(/\s+/g, ' ');
  return { before: fold(before), after: fold(after) };
}

function reviewMatch(m: MatchCandidate, id: string, targets: Map<string, TargetCandidate>): ReviewMatch {
  const target = m.targetKey ? targets.get(m.targetKey) : undefined;
  const out: ReviewMatch = {
    refId: id,
    sourceText: m.paragraph.text.slice(m.start, m.end),
    status: m.status,
    targetId: target ? target.key : '',
    kind: m.kind,
    confidence: Math.round(m.confidence * 1000) / 1000,
    location: locationOf(m.paragraph, m.start, m.end),
    context: contextOf(m.paragraph.text, m.start, m.end),
  };
  if (target) out.label = target.label;
  if (m.reason) out.reason = m.reason;
  if (m.reasonCode) out.reasonCode = m.reasonCode;
  if (m.alternatives?.length) out.alternatives = m.alternatives;
  if (m.doi) { out.doi = m.doi; out.url = `https://doi.org/${m.doi}`; }
  if (m.identifier) { out.identifier = m.identifier.id; out.url = m.identifier.url; }
  return out;
}

export interface PacketInput {
  fileHash: string;
  settings: HyperlinkSettings;
  matches: { id: string; match: MatchCandidate }[];
  targets: TargetCandidate[];
  citeStyle: string;
  persistedMetadata: PersistedMetadata | null;
}

export function buildPacket(input: PacketInput): ScanPacket {
  const targetMap = new Map(input.targets.map((t) => [t.key, t]));
  const targets = input.targets.map(reviewTarget);
  const matches = input.matches.map(({ id, match }) => reviewMatch(match, id, targetMap));
  const summary: ScanSummary = {
    estimatedLinkCount: matches.filter((m) => m.status === 'ready').length,
    unmatchedCount: matches.filter((m) => m.status === 'unmatched').length,
    targetCount: targets.length,
    lowConfidenceCount: matches.filter((m) => m.status === 'low_confidence').length,
    heldCount: matches.filter((m) => m.status === 'held').length,
    identityChangeCount: matches.filter((m) => m.status === 'identity_change').length,
  };
  for (const m of matches) summary[`${m.kind}Matches`] = (summary[`${m.kind}Matches`] ?? 0) + 1;
  const graph = graphHash({ matches, targets });
  return {
    scanFingerprint: scanFingerprint(input.fileHash, canonicalSettings(input.settings), graph),
    summary,
    matches,
    targets,
    synchronizedCitationUpdatesEnabled: false,
    persistedMetadata: input.persistedMetadata,
    citeStyle: input.citeStyle,
  };
}

/** The packet's graph as graphHash reads it, straight from the detector's candidates: what a scan token's
 * hashes are checked against at apply, without making the packet (review texts, contexts, locations) that the
 * check would drop at once. Same fields and order as buildPacket's targets and matches (a test compares them). */
export function graphOfCandidates(input: Pick<PacketInput, 'matches' | 'targets'>): { targets: Iterable<GraphTarget>; matches: Iterable<GraphMatch> } {
  const targetMap = new Map(input.targets.map((t) => [t.key, t]));
  return {
    targets: input.targets.map((t) => ({ targetId: t.key, type: t.type, label: t.label })),
    matches: input.matches.map(({ id, match }) => {
      const target = match.targetKey ? targetMap.get(match.targetKey) : undefined;
      return { refId: id, kind: match.kind, status: match.status, targetId: target ? target.key : '' };
    }),
  };
}
