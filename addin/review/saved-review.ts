// The review as it is saved with the document: the decided matches (with what identifies them across
// scans: kind, text and the text around it), the targets retargets point at, the resolver choices by
// reference text, and the scan fingerprint they were made on. Resuming carries them over to a new scan
// exactly as apply does (carry-over.ts), so a changed document says what could not be carried.
import { z } from 'zod';
import type { ReviewMatch, ReviewTarget, ResolverReport } from '../../shared/contract.ts';
import { carryOver, type CarryResult } from './carry-over.ts';
import type { Choice, ReviewState } from './review-state.ts';
import type { WorkChoice, WorkChoices } from './resolver-choices.ts';
import { matchKindSchema, targetTypeSchema } from '../../shared/schemas/common.ts';

/** The custom XML part's namespace (the record is found in the document by it). */
export const REVIEW_NAMESPACE = 'urn:hyperlinker:review:1';

const choiceSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved') }),
  z.object({ status: z.literal('skipped'), reason: z.string().max(500).optional() }),
  z.object({ status: z.literal('retargeted'), targetId: z.string().max(200) }),
  z.object({ status: z.literal('link_only'), doi: z.string().max(500) }),
]);

const savedMatchSchema = z.object({
  refId: z.string().max(200),
  kind: matchKindSchema,
  sourceText: z.string().max(2000),
  before: z.string().max(2000),
  after: z.string().max(2000),
  targetId: z.string().max(200),
  choice: choiceSchema,
});

const savedTargetSchema = z.object({ targetId: z.string().max(200), type: targetTypeSchema, label: z.string().max(2000), text: z.string().max(4000) });

const savedWorkSchema = z.object({ refText: z.string().max(8000), approved: z.boolean(), doi: z.string().max(500).optional() });

const savedReviewSchema = z.object({
  v: z.literal(1),
  fingerprint: z.string().max(200),
  savedAt: z.string().max(40),
  documentName: z.string().max(1000),
  matches: z.array(savedMatchSchema).max(100_000),
  targets: z.array(savedTargetSchema).max(100_000),
  works: z.array(savedWorkSchema).max(10_000),
});

export type SavedReview = z.infer<typeof savedReviewSchema>;

/** What the session holds that the record is made from. */
export interface ReviewSource {
  fingerprint: string;
  documentName: string;
  review: ReviewState;
  resolver: ResolverReport | null;
  works: WorkChoices;
}

export function snapshotReview(src: ReviewSource, now: Date = new Date()): SavedReview {
  const targetsUsed = new Set<string>();
  const matches: SavedReview['matches'] = [];
  for (const m of src.review.matches) {
    const choice = src.review.choices[m.refId];
    if (!choice) continue;
    if (choice.status === 'retargeted') targetsUsed.add(choice.targetId);
    matches.push({ refId: m.refId, kind: m.kind, sourceText: m.sourceText, before: m.context?.before ?? '', after: m.context?.after ?? '', targetId: m.targetId, choice });
  }
  const targets = src.review.targets
    .filter((t) => targetsUsed.has(t.targetId))
    .map((t) => ({ targetId: t.targetId, type: t.type, label: t.label, text: t.text ?? '' }));
  const works: SavedReview['works'] = [];
  for (const ref of src.resolver?.references ?? []) {
    const c = src.works[ref.refId];
    if (c) works.push({ refText: ref.refText, approved: c.approved, ...(c.doi !== undefined ? { doi: c.doi } : {}) });
  }
  return { v: 1, fingerprint: src.fingerprint, savedAt: now.toISOString(), documentName: src.documentName, matches, targets, works };
}

/** How many decisions a record holds (matches decided, plus resolver choices). */
export function savedDecisionCount(saved: SavedReview): number {
  return saved.matches.length;
}

export interface Resumed {
  /** The scan the record was made on is the one just made (nothing changed in between). */
  sameDocument: boolean;
  carry: CarryResult;
  /** The resolver choices, over the new report's references (start values where none was saved). */
  works: WorkChoices;
}

/** The record's decisions on a new scan: by match identity, as apply carries them (carry-over.ts). */
export function resumeReview(saved: SavedReview, next: { scanFingerprint: string; matches: readonly ReviewMatch[]; targets: readonly ReviewTarget[] }, resolver: ResolverReport | null, startWorks: WorkChoices): Resumed {
  // Where a saved match was is not kept (positions move with every edit): identity is kind, text and context.
  const nowhere = { part: 'word/document.xml', paragraph: 0, start: 0, end: 0 };
  const old: ReviewState = {
    matches: saved.matches.map((m): ReviewMatch => ({ refId: m.refId, kind: m.kind, sourceText: m.sourceText, targetId: m.targetId, status: 'ready', confidence: 1, location: nowhere, context: { before: m.before, after: m.after } })),
    targets: saved.targets.map((t): ReviewTarget => ({ targetId: t.targetId, type: t.type, label: t.label, text: t.text, location: nowhere })),
    choices: Object.fromEntries(saved.matches.map((m): [string, Choice] => [m.refId, m.choice])),
    error: null,
  };
  const carry = carryOver(old, next);
  const works: WorkChoices = { ...startWorks };
  const byText = new Map(saved.works.map((w) => [w.refText, w]));
  for (const ref of resolver?.references ?? []) {
    const w = byText.get(ref.refText);
    if (w) works[ref.refId] = { approved: w.approved, ...(w.doi !== undefined ? { doi: w.doi } : {}) } satisfies WorkChoice;
  }
  return { sameDocument: saved.fingerprint === next.scanFingerprint, carry, works };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** The custom XML part's text: the record as JSON inside one element of REVIEW_NAMESPACE. */
export function reviewToXml(saved: SavedReview): string {
  const json = JSON.stringify(saved).replace(/[&<>]/g, (c) => XML_ESCAPES[c]!);
  return `<?xml version="1.0" encoding="UTF-8"?><review xmlns="${REVIEW_NAMESPACE}">${json}</review>`;
}

/** The record in a part's text, or null when it is not one (another tool's part, damaged, a future version). */
export function reviewFromXml(xml: string): SavedReview | null {
  const m = /<review\b[^>]*xmlns="urn:hyperlinker:review:1"[^>]*>([\s\S]*)<\/review>\s*$/.exec(xml);
  if (!m) return null;
  const text = m[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
  try {
    const parsed = savedReviewSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
