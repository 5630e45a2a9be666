// The service contract (../shared/spec/service-interface.md, API version 2026-05-12) as TypeScript types.
// Defined once here; the engine, the service, the add-in and the tests all import them.
// Objects the contract marks "extra allowed" carry the extra fields the product uses, each optional
// or documented so that a client written against the bare contract keeps working.

import type { HyperlinkSettings } from './settings.ts';

export const API_VERSION = '2026-05-12';
export const MAX_DOCX_BYTES = 26_214_400;

export type MatchStatus = 'ready' | 'unmatched' | 'low_confidence' | 'held' | 'identity_change';
export type DecisionStatus = 'approved' | 'skipped' | 'retargeted' | 'link_only';

/** Kinds of match the engine reports. */
export type MatchKind =
  | 'citation'
  | 'figure'
  | 'table'
  | 'equation'
  | 'section'
  | 'appendix'
  | 'algorithm'
  | 'listing'
  | 'supplementary'
  | 'doi';

/** Kinds of target a match can point at. */
export type TargetType =
  | 'bibliography'
  | 'figure'
  | 'table'
  | 'equation'
  | 'section'
  | 'appendix'
  | 'algorithm'
  | 'listing'
  | 'supplementary';

/** Where a match or target sits: see issue 2's location convention. */
export interface Location {
  /** Package part, e.g. word/document.xml or word/footnotes.xml. */
  part: string;
  /** 0-based index of the w:p among all w:p of the part in document order (tables and text boxes count, mc:Fallback copies do not). */
  paragraph: number;
  /** Character offsets into the paragraph's visible text (deleted text and field instructions excluded; a tab is one character). */
  start: number;
  end: number;
}

export interface ReviewMatch {
  refId: string;
  sourceText: string;
  status: MatchStatus;
  /** Proposed target; empty string when none (status unmatched, or a DOI match, whose link is external). */
  targetId: string;
  kind: MatchKind;
  confidence: number;
  location: Location;
  /** Human label of the proposed target, e.g. "[3]" or "Figure 2". */
  label?: string;
  /** Why the match is held, unmatched or low_confidence. */
  reason?: string;
  /** Other plausible targets (low_confidence), best first. */
  alternatives?: string[];
  /** For DOI matches: the normalised DOI; the link goes to https://doi.org/<doi>. */
  doi?: string;
  /** For DOI matches: the external URL the link will carry. */
  url?: string;
  /** The text around the match in its paragraph (up to about 60 characters each side, cut at a word), for review. */
  context?: { before: string; after: string };
}

export interface ReviewTarget {
  targetId: string;
  label: string;
  type: TargetType;
  kind?: TargetType;
  /** The target's own text (reference entry, caption or heading), trimmed to 300 characters. */
  text?: string;
  location: Location;
  /** Bibliography targets: 1-based position in the reference list. */
  refIndex?: number;
  /** Bibliography targets: parsed fields. */
  authors?: string[];
  year?: string | null;
  title?: string | null;
  doi?: string | null;
  url?: string | null;
  /** Name of a bookmark the document already has around the target, reused when linking. */
  existingBookmark?: string;
}

export interface ScanSummary {
  estimatedLinkCount: number;
  unmatchedCount: number;
  targetCount: number;
  [counter: string]: number;
}

export interface ScanPacket {
  scanFingerprint: string;
  scanToken?: string;
  summary?: ScanSummary;
  matches: ReviewMatch[];
  targets: ReviewTarget[];
  synchronizedCitationUpdatesEnabled?: boolean;
  persistedMetadata?: PersistedMetadata | null;
  /** Citation style the scan detected or used (number, author-year, superscript, off). */
  citeStyle?: string;
  /** CSL style of the reference list (a current id of the CSL styles repository), null when no clear winner. */
  detectedCslId?: string | null;
  /** How the style was detected: {family, candidates: [{id, score}], evidence}. */
  styleDetection?: Record<string, unknown> | null;
}

/** What a previous apply recorded in the document (custom XML part). */
export interface PersistedMetadata {
  engine: string;
  version: number;
  appliedAt?: string;
  links: PersistedLink[];
  [extra: string]: unknown;
}

export interface PersistedLink {
  /** Bookmark or relationship the link points at. */
  anchor: string;
  kind: MatchKind;
  /** Identity of the target when linked (hash of its text), to detect a changed target later. */
  targetHash: string;
  sourceText: string;
  /** Target the link was made to (internal links). */
  targetId?: string;
  /** True for external links (anchor is then the URL). */
  external?: boolean;
  /** Part holding the link, e.g. word/footnotes.xml. */
  part?: string;
}

export interface ReviewDecision {
  refId: string;
  status: DecisionStatus;
  targetId?: string;
  doi?: string;
  reason?: string;
  note?: string;
  [extra: string]: unknown;
}

export interface ReferenceCandidate {
  refId: string;
  index: number;
  refText: string;
  refTextHtml: string;
  author: string | null;
  year: string | null;
  title: string | null;
  existingDoi: string | null;
  existingUrl: string | null;
  /** Resolver outcome for this reference (also on its ResolvedWork when one is proposed). */
  status?: ResolutionStatus;
  /** Why: which fields agreed and which did not, or why the reference is held or unmatched. */
  reasons?: string[];
  /** The written DOI checked against the registry: verified, contradicted by it, or unknown to it. */
  existingDoiCheck?: 'verified' | 'contradicted' | 'not_found' | 'unchecked';
}

/** Resolver outcome of one reference: ready to link, needs review, nothing found, or not resolved now (registry unavailable). */
export type ResolutionStatus = 'ready' | 'low_confidence' | 'unmatched' | 'held';

/** The reference's written DOI names a different work than the reference describes (or no work at all). */
export interface IdentityChange {
  /** The DOI written in the reference. */
  writtenDoi: string;
  /** Title the registry records for the written DOI; null when the DOI does not exist. */
  registryTitle: string | null;
  /** True when the registry does not know the written DOI. */
  notFound: boolean;
  /** The search's better candidate for the reference, when there is one. */
  betterDoi?: string | null;
}

/** A retraction, withdrawal, correction (or similar) notice the registry records for a cited work. */
export interface WorkUpdate {
  /** retraction, withdrawal, correction, erratum, expression_of_concern, removal, … as the registry names it. */
  type: string;
  /** DOI of the notice. */
  noticeDoi: string;
  /** Date of the notice (YYYY-MM-DD, or as precise as the registry has it), or null. */
  date: string | null;
  /** Who recorded it (publisher, "retraction-watch"), when known. */
  source?: string;
}

export interface ResolvedWork {
  doi: string;
  title: string;
  confidence: number;
  citationImpact: string;
  transactionPlan: Record<string, unknown> | null;
  year?: string | null;
  containerTitle?: string | null;
  source?: string;
  /** The caller's approval: only approved works are applied. Absent means approved. */
  approved?: boolean;
  /** Resolver outcome; a work without status is ready when confidence >= 0.9. */
  status?: ResolutionStatus;
  /** Which fields agreed and which did not ("title 0.98", "year differs: 2011 vs 2013"). */
  reasons?: string[];
  /** Set when the reference's written DOI contradicts the reference (or does not exist). */
  identityChange?: IdentityChange;
  /** Retractions, withdrawals and corrections the registry records for this work. */
  updates?: WorkUpdate[];
}

export interface ResolverReport {
  scanFingerprint: string;
  scanToken: string;
  references: ReferenceCandidate[];
  resolvedWorks: Record<string, ResolvedWork>;
  detectedCslId: string | null;
  styleDetection: Record<string, unknown> | null;
  resolverReport?: { resolved: number; reviewRequired: number; unresolved: number };
}

/** /hyperlink-crossref stream (Accept: text/event-stream): the first event, once the references are known. */
export interface ResolveStartEvent {
  total: number;
  scanFingerprint: string;
}

/** /hyperlink-crossref stream: one event per reference resolved, in the order they finish. */
export interface ResolveProgressEvent {
  done: number;
  total: number;
  refId: string;
  status: ResolutionStatus;
  doi: string | null;
  confidence: number | null;
  /** The answer came from the cache (no registry call). */
  cached: boolean;
}

export type StatCategory =
  | 'citations'
  | 'figures'
  | 'tables'
  | 'equations'
  | 'sections'
  | 'appendices'
  | 'algorithms'
  | 'listings'
  | 'supplementary'
  | 'dois';

export interface UnmatchedItem {
  refId: string;
  kind: MatchKind;
  sourceText: string;
  status: MatchStatus | DecisionStatus;
  reason: string;
  location?: Location;
}

export interface ApplyResult {
  docx: string;
  linkCount: number;
  statCounts?: Record<string, number>;
  stats?: Record<string, unknown>;
  unmatched?: UnmatchedItem[];
  appliedDecisions?: number;
  warnings?: string[];
}

/** The engine's apply output: the contract's ApplyResult with bytes instead of base64. */
export type ApplyOutput = Omit<ApplyResult, 'docx'> & { docx: Uint8Array };

export interface ApiKey {
  id: string;
  name: string;
  key_prefix: string;
  prefix: string;
  is_active: boolean;
  last_used_at: string | null;
  total_docs_processed: number;
  created_at: string;
  expires_at: string | null;
}

export interface ApiKeyList {
  keys: ApiKey[];
}

export interface NewApiKey {
  key: string;
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  trial_credits_granted: number;
  api_credits: number;
}

export interface NewOrgKey {
  key: string;
  id: string;
  name: string;
  key_prefix: string;
  created_at: string;
}

export interface OkResponse {
  ok: boolean;
  success: boolean;
}

export interface OrgPreset {
  id: string;
  name: string;
  settings: HyperlinkSettings;
  created_at: string;
  updated_at: string;
}

export interface OrgUsageList {
  usage: Record<string, unknown>[];
  total: number;
  page: number;
  limit: number;
}

export interface DocsInsightCount {
  key: string;
  count: number;
}

export interface DocsInsightsSummary {
  generated_at: string;
  total_events: number;
  unique_sessions: number;
  by_type: Record<string, number>;
  top_pages: DocsInsightCount[];
  top_searches: DocsInsightCount[];
  zero_result_searches: DocsInsightCount[];
  playground: { responses_by_status: Record<string, number>; top_errors: DocsInsightCount[] };
  feedback: { yes: number; no: number };
  recent: { event_type: string; path: string; detail: Record<string, unknown>; created_at: string | null }[];
}

export interface DocsInsightsResponse {
  window_days: number;
  limit: number;
  insights: DocsInsightsSummary;
}

export interface ErrorResponse {
  error: string;
  reason?: string | null;
  hint?: string;
  status?: string;
  requestId?: string;
  retry_after?: number;
  retryAfter?: number;
  /** 422 too-many-matches / response-too-large: what was counted and the limit it passed. */
  count?: number;
  limit?: number;
}

// ---- Account surfaces whose shapes the contract leaves "not shown" (documented in docs/service.md) ----

export type OrgRole = 'owner' | 'manager' | 'member';

/** An organisation as GET /org and POST /org-billing show it. */
export interface Organisation {
  id: string;
  slug: string;
  name: string;
  plan: string;
  credits: number;
  members_enabled: boolean;
  created_at: string;
}

/** GET /org: the caller's organisation and role. */
export interface OrgAccount {
  org: Organisation;
  role: OrgRole;
}

/** A member as GET/POST /org-members show it. */
export interface OrgMember {
  user_id: string;
  email: string;
  name: string;
  role: OrgRole;
  created_at: string;
}

/**
 * POST /org-members. 'add' (alias 'invite') invites the e-mail: the answer is the same whether the address
 * has an account, belongs to another organisation or to none; the user joins by accepting.
 */
export type MemberAction =
  | { action: 'add' | 'invite'; email: string; role?: OrgRole }
  | { action: 'cancel_invitation'; invitation_id: string }
  | { action: 'set_role'; user_id: string; role: OrgRole }
  | { action: 'remove'; user_id: string };

/** A pending invitation as the inviting organisation's managers and owners see it. */
export interface OrgInvitation {
  id: string;
  email: string;
  role: OrgRole;
  status: 'pending';
  created_at: string;
  expires_at: string;
}

/** A pending invitation as the invited user sees it (GET /org-invitations). */
export interface ReceivedInvitation {
  id: string;
  org: { name: string; slug: string };
  role: OrgRole;
  created_at: string;
  expires_at: string;
}

/** POST /org-invitations: the invited user's answer. */
export interface InvitationAnswer {
  action: 'accept' | 'decline';
  invitation_id: string;
}

/** A credit purchase (POST /org-billing create and complete). */
export interface CreditPurchase {
  id: string;
  org_id: string;
  credits: number;
  amount_cents: number;
  currency: string;
  provider: string;
  provider_ref: string | null;
  status: 'pending' | 'completed' | 'cancelled';
  idempotency_key: string;
  created_at: string;
  completed_at: string | null;
}

/** What POST /docs-events accepts. */
export type DocsEvent =
  | { event_type: 'page_view'; path: string; session_id?: string }
  | { event_type: 'search'; path: string; session_id?: string; query: string; result_count: number }
  | { event_type: 'playground_response'; path: string; session_id?: string; status: number; error?: string; route?: string }
  | { event_type: 'feedback'; path: string; session_id?: string; helpful: 'yes' | 'no' };
