// The service contract (../shared/spec/service-interface.md, API version 2026-05-12) as TypeScript types.
// The shapes are defined once, as zod schemas in shared/schemas/ (which also validate request bodies and
// generate /openapi.json); the types here are inferred from them. The engine, the service, the add-in
// and the tests import them from here.

import type { z } from 'zod';
import type * as c from './schemas/common.ts';
import type * as d from './schemas/documents.ts';
import type * as a from './schemas/accounts.ts';
import type * as o from './schemas/org.ts';
import type * as ds from './schemas/docs.ts';
import type * as e from './schemas/errors.ts';
import type * as ck from './schemas/checks.ts';

/**
 * The known fields of a schema that allows extra properties, without its index signature: what the code
 * reads and writes (extra fields stay allowed on the wire and in the OpenAPI document).
 */
type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

export const API_VERSION = '2026-05-12';
export const MAX_DOCX_BYTES = 26_214_400;

export type MatchStatus = z.infer<typeof c.matchStatusSchema>;
export type DecisionStatus = z.infer<typeof c.decisionStatusSchema>;
/** Kinds of match the engine reports. */
export type MatchKind = z.infer<typeof c.matchKindSchema>;
/** Kinds of target a match can point at. */
export type TargetType = z.infer<typeof c.targetTypeSchema>;
/** Resolver outcome of one reference: ready to link, needs review, nothing found, or not resolved now (registry unavailable). */
export type ResolutionStatus = z.infer<typeof c.resolutionStatusSchema>;
export type StatCategory = z.infer<typeof c.statCategorySchema>;
/** Where a match or target sits: see issue 2's location convention. */
export type Location = Known<z.infer<typeof c.locationSchema>>;

export type ReviewMatch = Known<z.infer<typeof d.reviewMatchSchema>>;
export type CheckSeverity = z.infer<typeof ck.checkSeveritySchema>;
export type CheckCode = z.infer<typeof ck.checkCodeSchema>;
export type CheckFinding = Known<z.infer<typeof ck.checkFindingSchema>>;
export type ReviewTarget = Known<z.infer<typeof d.reviewTargetSchema>>;
export type ScanSummary = z.infer<typeof d.scanSummarySchema>;
export type ScanPacket = Known<z.infer<typeof d.scanPacketSchema>>;
/** The scan packet's `languages`: the languages the manuscript was read in. */
export type ManuscriptLanguagesReport = Known<z.infer<typeof d.manuscriptLanguagesSchema>>;
/** A reference list's citation form (numeric, author-date, note), detected apart from the style id. */
export type CitationForm = z.infer<typeof d.citationFormSchema>;
/** Style detection's calibrated confidence: probability, unknown, runner-up. */
export type StyleConfidence = Known<z.infer<typeof d.styleConfidenceSchema>>;
/** The scan packet's and resolver report's styleDetection. */
export type StyleDetectionReport = Known<z.infer<typeof d.styleDetectionSchema>>;
/** What a previous apply recorded in the document (custom XML part). */
export type PersistedMetadata = z.infer<typeof d.persistedMetadataSchema>;
export type PersistedLink = Known<z.infer<typeof d.persistedLinkSchema>>;
export type ReviewDecision = z.infer<typeof d.reviewDecisionSchema>;
export type ReferenceCandidate = Known<z.infer<typeof d.referenceCandidateSchema>>;
/**
 * The reference's written DOI names a different work than the reference describes (or no work at all).
 * @public a contract type clients read (inside ResolvedWork), named here though the code only reaches it through its parent.
 */
export type IdentityChange = Known<z.infer<typeof d.identityChangeSchema>>;
/** A retraction, withdrawal, correction (or similar) notice the registry records for a cited work. */
export type WorkUpdate = Known<z.infer<typeof d.workUpdateSchema>>;
export type ResolvedWork = Known<z.infer<typeof d.resolvedWorkSchema>>;
export type WorkRecord = Known<z.infer<typeof d.workRecordSchema>>;
export type ResolverReport = Known<z.infer<typeof d.resolverReportSchema>>;
/** /hyperlink-crossref stream (Accept: text/event-stream): the first event, once the references are known. */
export type ResolveStartEvent = Known<z.infer<typeof d.resolveStartEventSchema>>;
/** /hyperlink-crossref stream: one event per reference resolved, in the order they finish. */
export type ResolveProgressEvent = Known<z.infer<typeof d.resolveProgressEventSchema>>;
export type UnmatchedItem = Known<z.infer<typeof d.unmatchedItemSchema>>;
export type ApplyResult = Known<z.infer<typeof d.applyResultSchema>>;
/** POST /hyperlink-style-preview's answer: the first reference entries before and after the bibliography rewrite. */
export type StylePreview = Known<z.infer<typeof d.stylePreviewSchema>>;
/** @public a contract type clients read (inside StylePreview). */
export type StylePreviewEntry = Known<z.infer<typeof d.stylePreviewEntrySchema>>;
export type BibRewriteResult = Known<z.infer<typeof d.bibRewriteResultSchema>>;
/** @public a contract type clients read (inside BibRewriteResult). */
export type BibRewriteEntry = Known<z.infer<typeof d.bibRewriteEntrySchema>>;
/** The engine's apply output: the contract's ApplyResult with bytes instead of base64. */
export type ApplyOutput = Known<z.infer<typeof d.applyOutputSchema>>;

export type ApiKey = Known<z.infer<typeof a.apiKeySchema>>;
export type ApiKeyList = Known<z.infer<typeof a.apiKeyListSchema>>;
export type NewApiKey = Known<z.infer<typeof a.newApiKeySchema>>;
export type NewOrgKey = Known<z.infer<typeof a.newOrgKeySchema>>;
export type OkResponse = Known<z.infer<typeof a.okResponseSchema>>;
export type LoginResponse = Known<z.infer<typeof a.loginResponseSchema>>;

export type OrgPreset = Known<z.infer<typeof o.orgPresetSchema>>;
export type OrgUsageList = Known<z.infer<typeof o.orgUsageListSchema>>;
export type OrgRole = z.infer<typeof o.orgRoleSchema>;
/** An organisation as GET /org and POST /org-billing show it. */
export type Organisation = Known<z.infer<typeof o.organisationSchema>>;
/** GET /org: the caller's organisation and role. */
export type OrgAccount = Known<z.infer<typeof o.orgAccountSchema>>;
/** A member as GET/POST /org-members show it. */
export type OrgMember = Known<z.infer<typeof o.orgMemberSchema>>;
/** POST /org-members: add (alias invite), cancel_invitation, set_role, remove. */
export type MemberAction = z.infer<typeof o.memberActionSchema>;
/** A pending invitation as the inviting organisation's managers and owners see it. */
export type OrgInvitation = Known<z.infer<typeof o.orgInvitationSchema>>;
/** A pending invitation as the invited user sees it (GET /org-invitations). */
export type ReceivedInvitation = Known<z.infer<typeof o.receivedInvitationSchema>>;
/** POST /org-invitations: the invited user's answer. */
export type InvitationAnswer = Known<z.infer<typeof o.invitationAnswerSchema>>;
/** A credit purchase (POST /org-billing create and complete). */
export type CreditPurchase = Known<z.infer<typeof o.creditPurchaseSchema>>;
/** POST /org-billing create: the purchase and where to pay it (null when it existed). */
export type PurchaseCreated = Known<z.infer<typeof o.purchaseCreatedSchema>>;
/** POST /org-billing complete: the purchase and the organisation's credit balance after it. */
export type PurchaseCompleted = Known<z.infer<typeof o.purchaseCompletedSchema>>;
export type OrgPresetList = Known<z.infer<typeof o.orgPresetListSchema>>;
export type OrgPresetCreated = Known<z.infer<typeof o.orgPresetCreatedSchema>>;
/** POST /org-presets body as a caller writes it (settings: any subset). */
export type OrgPresetWrite = z.input<typeof o.orgPresetWriteSchema>;
export type OrgMembersList = Known<z.infer<typeof o.orgMembersResponseSchema>>;
export type OrgMemberUpdated = Known<z.infer<typeof o.memberUpdatedSchema>>;
export type OrgInvitationCreated = Known<z.infer<typeof o.invitationCreatedSchema>>;
export type ReceivedInvitationList = Known<z.infer<typeof o.receivedInvitationListSchema>>;
/** GET /auth/me. */
export type AuthMe = Known<z.infer<typeof o.authMeSchema>>;

export type DocsInsightCount = Known<z.infer<typeof ds.docsInsightCountSchema>>;
export type DocsInsightsSummary = Known<z.infer<typeof ds.docsInsightsSummarySchema>>;
export type DocsInsightsResponse = Known<z.infer<typeof ds.docsInsightsResponseSchema>>;
/** What POST /docs-events accepts. */
export type DocsEvent = z.infer<typeof ds.docsEventSchema>;

export type ErrorResponse = Known<z.infer<typeof e.errorResponseSchema>>;
/** Why an uploaded CSL style (cslFile) was refused: the ErrorResponse's reason. */
export type CslFileReason = z.infer<typeof e.cslFileReasonSchema>;
