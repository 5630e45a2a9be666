// Schemas of the document routes: scan (ScanPacket), resolve (ResolverReport and its stream events),
// apply (ReviewDecision, resolvedWorks, ApplyResult). Names follow ../shared/spec/service-interface.md.
import { z } from 'zod';
import { REASON_CODES, type ReasonCode } from '../reasons.ts';
import { hyperlinkSettingsSchema } from '../settings.ts';
import { checkFindingSchema } from './checks.ts';
import { decisionStatusSchema, locationSchema, matchKindSchema, matchStatusSchema, named, openObject, resolutionStatusSchema, targetTypeSchema } from './common.ts';

named('HyperlinkSettings', hyperlinkSettingsSchema);

/**
 * A reason as a code and the values of its placeholders (shared/reasons.ts lists the codes and their English
 * sentences): why a match is held or unsure, how a reference resolved, what apply warns about, why apply left a
 * match unlinked. An extension of
 * the contract: `reason`, `reasons` and `warnings` keep the sentences; a client that does not know a code shows
 * the sentence.
 */
const reasonCodeSchema: z.ZodType<ReasonCode> = named(
  'ReasonCode',
  z.looseObject({
    code: z.string().meta({
      description: `Why a match is held or unsure: ${REASON_CODES.match.join(', ')}. How a reference resolved: ${REASON_CODES.resolver.join(', ')}. What apply or the style preview warns about: ${REASON_CODES.apply.join(', ')}. Why apply left a match unlinked (beside a match reason or a cause): ${REASON_CODES.unlinked.join(', ')}. The engine's account of a cause (a part of another code, an entry's \`lacksCode\`, a refusal's \`reasonCode\`): ${REASON_CODES.cause.join(', ')}. New codes may be added.`,
    }),
    values: z.record(z.string(), z.string()).optional().meta({ description: 'The placeholders of the code\'s sentence, e.g. {"kind": "figure", "key": "7"}; a placeholder in parts holds the English of its codes' }),
    get parts() {
      return z.record(z.string(), z.array(reasonCodeSchema)).optional().meta({ description: 'Placeholders other codes fill (a cause inside the sentence, an entry\'s label, a list of blocking entries or citations): the codes, in order, for a client to say in its own language (the English, joined by "; ", is in values)' });
    },
  }),
);

export const reviewMatchSchema = named(
  'ReviewMatch',
  z.looseObject({
    refId: z.string(),
    sourceText: z.string(),
    status: matchStatusSchema,
    /** Proposed target; empty string when none (status unmatched, or a DOI match, whose link is external). */
    targetId: z.string(),
    kind: matchKindSchema,
    confidence: z.number(),
    location: locationSchema,
    /** Human label of the proposed target, e.g. "[3]" or "Figure 2". */
    label: z.string().optional(),
    /** Why the match is held, unmatched or low_confidence. */
    reason: z.string().optional(),
    /** The same reason as a code with values, for a client to say in its own language. */
    reasonCode: reasonCodeSchema.optional(),
    /** Other plausible targets (low_confidence), best first. */
    alternatives: z.array(z.string()).optional(),
    /** For DOI matches: the normalised DOI; the link goes to https://doi.org/<doi>. */
    doi: z.string().optional(),
    /** For DOI and identifier matches: the external URL the link will carry. */
    url: z.string().optional(),
    /** For identifier matches (url, pmid, pmcid, arxiv, nct, rrid, orcid, handle): the identifier as normalised. */
    identifier: z.string().optional(),
    /** The text around the match in its paragraph (up to about 60 characters each side, cut at a word), for review. */
    context: z.object({ before: z.string(), after: z.string() }).optional(),
  }),
);

export const reviewTargetSchema = named(
  'ReviewTarget',
  z.looseObject({
    targetId: z.string(),
    label: z.string(),
    type: targetTypeSchema,
    kind: targetTypeSchema.optional(),
    /** The target's own text (reference entry, caption or heading), trimmed to 300 characters. */
    text: z.string().optional(),
    location: locationSchema,
    /** Bibliography targets: 1-based position in the reference list. */
    refIndex: z.int().optional(),
    /** Bibliography targets: parsed fields (null when the entry does not show one). */
    authors: z.array(z.string()).optional(),
    /** Bibliography targets: the first author's family name as read from the entry. */
    firstAuthor: z.string().nullable().optional(),
    year: z.string().nullable().optional(),
    /** Bibliography targets: the title as read from the entry; sections and appendices: the heading's title; captioned floats (figures, tables, supplementary items…): the caption's first sentence after its label. */
    title: z.string().nullable().optional(),
    doi: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
    /** Name of a bookmark the document already has around the target, reused when linking. */
    existingBookmark: z.string().optional(),
  }),
);

export const scanSummarySchema = z.object({ estimatedLinkCount: z.int(), unmatchedCount: z.int(), targetCount: z.int() }).catchall(z.int());

export const persistedLinkSchema = z.looseObject({
  /** Bookmark or relationship the link points at. */
  anchor: z.string(),
  kind: matchKindSchema,
  /** Identity of the target when linked (hash of its text), to detect a changed target later. */
  targetHash: z.string(),
  sourceText: z.string(),
  /** Target the link was made to (internal links). */
  targetId: z.string().optional(),
  /** True for external links (anchor is then the URL). */
  external: z.boolean().optional(),
  /** Part holding the link, e.g. word/footnotes.xml. */
  part: z.string().optional(),
});

/** What a previous apply recorded in the document (custom XML part). */
export const persistedMetadataSchema = z.looseObject({
  engine: z.string(),
  version: z.number(),
  appliedAt: z.string().optional(),
  links: z.array(persistedLinkSchema),
});

/** A reference list's citation form: numbered, author–date, or notes (footnote citations). */
export const citationFormSchema = z.enum(['numeric', 'author-date', 'note']);

/** How sure style detection is: a calibrated probability, never a raw score (docs/style-detection.md). */
export const styleConfidenceSchema = z.looseObject({
  /** The style the probability is about: the answer, or when unknown the closest candidate. */
  id: z.string().nullable(),
  probability: z.number().min(0).max(1),
  /** Below the threshold: no style is answered (detectedCslId null). */
  unknown: z.boolean(),
  /** The next lineage's best style when the answer is not clear. */
  runnerUp: z.looseObject({ id: z.string(), probability: z.number().min(0).max(1) }).nullable(),
});

/** How the style was detected (extra allowed): citation form, candidates, confidence, evidence. */
export const styleDetectionSchema = named(
  'StyleDetection',
  z.looseObject({
    /** The citation form (same as citationForm.form; kept under its first name). */
    family: citationFormSchema.nullable().optional(),
    citationForm: z.looseObject({ form: citationFormSchema.nullable(), basis: z.string() }).optional(),
    /** Closest styles, best first; score is a similarity, not a probability. */
    candidates: z.array(z.looseObject({ id: z.string(), score: z.number() })).optional(),
    confidence: styleConfidenceSchema.optional(),
    evidence: openObject.optional(),
  }),
);

/**
 * The languages the scan read the manuscript in (docs/languages.md): the detectors read the label words
 * ("Figura 2", "Abb. 1", "图1") of these languages, English always. Codes are ISO 639-1 ("pt", "es", "zh").
 */
export const manuscriptLanguagesSchema = named(
  'ManuscriptLanguages',
  z.looseObject({
    /** The languages whose label words were read, the manuscript's first and English ("en") last. */
    read: z.array(z.string()),
    /** The languages the document names: its styles' default and the w:lang of its runs (Word's Language setting). */
    declared: z.array(z.string()),
    /** The languages other than English its text is written in (common words, scripts); empty when none or too short to tell. */
    written: z.array(z.string()),
    /** How `read` was chosen: `detected` (declared and written), `pinned` (the setting `languages`), `undetermined` (too little text to tell: every language). */
    basis: z.enum(['detected', 'pinned', 'undetermined']),
  }),
);

export const scanPacketSchema = named(
  'ScanPacket',
  z.looseObject({
    scanFingerprint: z.string().regex(/^sha256:[0-9a-f]+$/),
    scanToken: z.string().optional(),
    summary: scanSummarySchema.optional(),
    matches: z.array(reviewMatchSchema),
    targets: z.array(reviewTargetSchema),
    synchronizedCitationUpdatesEnabled: z.boolean().optional(),
    persistedMetadata: persistedMetadataSchema.nullable().optional(),
    /** Citation style the scan detected or used (number, author-year, superscript, off). */
    citeStyle: z.string().optional(),
    /** CSL style of the reference list (a current id of the CSL styles repository), null when no clear winner. */
    detectedCslId: z.string().nullable().optional(),
    styleDetection: styleDetectionSchema.nullable().optional(),
    /** The languages the scan read the manuscript in (an addition to the contract: clients that do not know it ignore it). */
    languages: manuscriptLanguagesSchema.optional(),
    /** Manuscript checks (docs/checks.md): citations without entries, uncited entries, figures out of order… */
    checks: z.array(checkFindingSchema).optional(),
  }),
);

/** One decision of the caller (extra allowed: a free-text note and more). */
export const reviewDecisionSchema = named(
  'ReviewDecision',
  z.looseObject({
    refId: z.string().min(1, 'must be a non-empty string'),
    status: decisionStatusSchema,
    targetId: z.string().optional(),
    doi: z.string().optional(),
    reason: z.string().optional(),
    note: z.string().optional(),
  }),
);

export const MAX_DECISIONS = 20_000;

/** The decisions form field of apply: a JSON array of ReviewDecision. */
export const decisionsSchema = z.array(reviewDecisionSchema).max(MAX_DECISIONS, `may hold at most ${MAX_DECISIONS} entries`);

export const referenceCandidateSchema = named(
  'ReferenceCandidate',
  z.looseObject({
    refId: z.string(),
    index: z.int(),
    refText: z.string(),
    refTextHtml: z.string(),
    author: z.string().nullable(),
    year: z.string().nullable(),
    title: z.string().nullable(),
    existingDoi: z.string().nullable(),
    existingUrl: z.string().nullable(),
    /** Resolver outcome for this reference (also on its ResolvedWork when one is proposed). */
    status: resolutionStatusSchema.optional(),
    /** Why: which fields agreed and which did not, or why the reference is held or unmatched. */
    reasons: z.array(z.string()).optional(),
    /** The same reasons as codes with values, in the same order, for a client to say in its own language. */
    reasonCodes: z.array(reasonCodeSchema).optional(),
    /** The written DOI checked against the registry: verified, contradicted by it, or unknown to it. */
    existingDoiCheck: z.enum(['verified', 'contradicted', 'not_found', 'unchecked']).optional(),
  }),
);

/** The reference's written DOI names a different work than the reference describes (or no work at all). */
export const identityChangeSchema = z.looseObject({
  /** The DOI written in the reference. */
  writtenDoi: z.string(),
  /** Title the registry records for the written DOI; null when the DOI does not exist. */
  registryTitle: z.string().nullable(),
  /** True when the registry does not know the written DOI. */
  notFound: z.boolean(),
  /** The search's better candidate for the reference, when there is one. */
  betterDoi: z.string().nullable().optional(),
});

/** A retraction, withdrawal, correction (or similar) notice the registry records for a cited work. */
export const workUpdateSchema = z.looseObject({
  /** retraction, withdrawal, correction, erratum, expression_of_concern, removal, … as the registry names it. */
  type: z.string(),
  /** DOI of the notice. */
  noticeDoi: z.string(),
  /** Date of the notice (YYYY-MM-DD, or as precise as the registry has it), or null. */
  date: z.string().nullable(),
  /** Who recorded it (publisher, "retraction-watch"), when known. */
  source: z.string().optional(),
});

/** A name in CSL-JSON: family and given, or one literal (an organisation). */
const cslNameSchema = z.looseObject({ family: z.string().optional(), given: z.string().optional(), literal: z.string().optional() });

/** The registry's record of a work as CSL-JSON (citeproc's input, the shape citation-js and Zotero use). */
export const workRecordSchema = named(
  'WorkRecord',
  z.looseObject({
    type: z.string(),
    title: z.string().optional(),
    'container-title': z.string().optional(),
    author: z.array(cslNameSchema).optional(),
    issued: z.looseObject({ 'date-parts': z.array(z.array(z.union([z.int(), z.string()]))) }).optional(),
    volume: z.string().optional(),
    issue: z.string().optional(),
    page: z.string().optional(),
    publisher: z.string().optional(),
    DOI: z.string().optional(),
  }),
);

export const resolvedWorkSchema = named(
  'ResolvedWork',
  z.looseObject({
    /** The registry's full record (all authors, issue, pages, title as recorded): a bibliography rewrite renders an approved work from it. */
    record: workRecordSchema.optional(),
    doi: z.string(),
    title: z.string(),
    confidence: z.number(),
    citationImpact: z.string(),
    transactionPlan: openObject.nullable(),
    year: z.string().nullable().optional(),
    containerTitle: z.string().nullable().optional(),
    source: z.string().optional(),
    /** The caller's approval: only approved works are applied. Absent means approved. */
    approved: z.boolean().optional(),
    /** Resolver outcome; a work without status is ready when confidence >= 0.9. */
    status: resolutionStatusSchema.optional(),
    /** Which fields agreed and which did not ("title 0.98", "year differs: 2011 vs 2013"). */
    reasons: z.array(z.string()).optional(),
    /** The same reasons as codes with values, in the same order. */
    reasonCodes: z.array(reasonCodeSchema).optional(),
    /** Set when the reference's written DOI contradicts the reference (or does not exist). */
    identityChange: identityChangeSchema.optional(),
    /** Retractions, withdrawals and corrections the registry records for this work. */
    updates: z.array(workUpdateSchema).optional(),
  }),
);

/**
 * The resolvedWorks form field of apply, as a caller sends it back: an object of works by reference id.
 * Only what apply reads is required of each work (doi a string when present, approved a boolean), so a
 * client may send back a trimmed report.
 */
export const resolvedWorksFieldSchema = z.record(
  z.string(),
  z.looseObject({ doi: z.string().nullable().optional(), approved: z.boolean().optional() }),
);

/** The applyBibRewrite form field of apply: 'true' rewrites the bibliography in the chosen style. */
export const applyBibRewriteFieldSchema = z.enum(['true', 'false', ''], "must be 'true' or 'false'").optional();

export const resolverReportSchema = named(
  'ResolverReport',
  z.looseObject({
    scanFingerprint: z.string(),
    scanToken: z.string(),
    references: z.array(referenceCandidateSchema),
    resolvedWorks: z.record(z.string(), resolvedWorkSchema),
    detectedCslId: z.string().nullable(),
    styleDetection: styleDetectionSchema.nullable(),
    resolverReport: z
      .object({
        resolved: z.int(),
        reviewRequired: z.int(),
        unresolved: z.int(),
        registryRecordsDropped: z.int().optional().describe('Records the registry sent that failed validation and were left out of matching (absent when none)'),
      })
      .optional(),
  }),
);

/** /hyperlink-crossref stream (Accept: text/event-stream): the first event, once the references are known. */
export const resolveStartEventSchema = named('ResolveStart', z.looseObject({ total: z.int(), scanFingerprint: z.string() }));

/** /hyperlink-crossref stream: one event per reference resolved, in the order they finish. */
export const resolveProgressEventSchema = named(
  'ResolveProgress',
  z.looseObject({
    done: z.int(),
    total: z.int(),
    refId: z.string(),
    status: resolutionStatusSchema,
    doi: z.string().nullable(),
    confidence: z.number().nullable(),
    /** The answer came from the cache (no registry call). */
    cached: z.boolean(),
  }),
);

export const unmatchedItemSchema = z.looseObject({
  refId: z.string(),
  kind: matchKindSchema,
  sourceText: z.string(),
  status: z.union([matchStatusSchema, decisionStatusSchema]),
  reason: z.string(),
  /** The same reason as a code with values (an extension of the contract), for a client to say in its own language. */
  reasonCode: reasonCodeSchema.optional(),
  location: locationSchema.optional(),
});

/** One reference entry that blocks a bibliography rewrite (or, with bibRewritePartial, is kept as written). */
export const bibRewriteEntrySchema = named(
  'BibRewriteEntry',
  z.looseObject({
    refId: z.string(),
    label: z.string().meta({ description: 'The entry as the author knows it: "Reference [4]", "Reference 12"' }),
    lacks: z.string().meta({ description: 'What stops the rewrite of this entry: words its reading does not account for, fields read run together, an abbreviated author list the style would print in full…' }),
    /** The label as a code (referenceLabel, with the printed label or the place in the list), for a client to say. */
    labelCode: reasonCodeSchema.optional(),
    /** What the entry lacks as a code with values (lacks is its English). */
    lacksCode: reasonCodeSchema.optional(),
  }),
);

/**
 * The bibliography rewrite's outcome: the whole list in the style, or nothing (refused, with the reason and
 * the entries that block it); with bibRewritePartial, a partial rewrite that names each entry kept as written.
 */
export const bibRewriteResultSchema = named(
  'BibRewriteResult',
  z.looseObject({
    cslId: z.string(),
    family: z.string().meta({ description: "The style's citation format: numeric, author-date, note…" }),
    outcome: z.enum(['rewritten', 'refused', 'partial']),
    /** Why the whole rewrite is refused (a note style, a form change the plan cannot make, entries that block it). */
    reason: z.string().optional(),
    /** The same reason as a code with values (reason is its English). */
    reasonCode: reasonCodeSchema.optional(),
    rewritten: z.int(),
    unchanged: z.int(),
    /** refused: the entries that block the rewrite; partial: the entries kept as written. */
    entries: z.array(bibRewriteEntrySchema),
  }),
);

const applyFields = {
  linkCount: z.int(),
  /** Set when a bibliography rewrite was asked for (applyBibRewrite=true, CLI --style/--csl). */
  bibRewrite: bibRewriteResultSchema.optional(),
  statCounts: z.record(z.string(), z.int()).optional(),
  stats: openObject.optional(),
  unmatched: z.array(unmatchedItemSchema).optional(),
  appliedDecisions: z.int().optional(),
  warnings: z.array(z.string()).optional(),
  /** The same warnings as codes with values, in the same order, for a client to say in its own language. */
  warningCodes: z.array(reasonCodeSchema).optional(),
};

export const applyResultSchema = named('ApplyResult', z.looseObject({ docx: z.string().meta({ contentEncoding: 'base64' }), ...applyFields }));

/** The engine's apply output: the contract's ApplyResult with bytes instead of base64 (not on the wire). */
export const applyOutputSchema = z.looseObject({ docx: z.custom<Uint8Array>((v) => v instanceof Uint8Array), ...applyFields });

/** The count field of POST /hyperlink-style-preview: how many entries to preview, 1 to 5 (default 3). */
export const stylePreviewCountFieldSchema = z
  .string()
  .regex(/^\s*[1-5]?\s*$/, 'must be an integer from 1 to 5')
  .optional()
  .transform((v) => (v && v.trim() ? Number(v.trim()) : 3));

/** One reference entry of a style preview: as written, and as the bibliography rewrite would write it. */
export const stylePreviewEntrySchema = named(
  'StylePreviewEntry',
  z.looseObject({
    refId: z.string(),
    before: z.string().meta({ description: 'The entry text as written' }),
    after: z.string().meta({ description: 'The entry text after the rewrite (as written when rewritable is false)' }),
    afterHtml: z.string().meta({ description: 'after, formatted: text HTML-escaped, only <i>, <b>, <sup>, <sub> and <span class="small-caps"> tags' }),
    rewritable: z.boolean().meta({ description: 'False when apply would leave the entry as written (warning says why)' }),
    warning: z.string().optional(),
    /** The same warning as a code with values (the entry's label and what it lacks, as parts). */
    warningCode: reasonCodeSchema.optional(),
  }),
);

/** The answer of POST /hyperlink-style-preview. */
export const stylePreviewSchema = named(
  'StylePreview',
  z.looseObject({
    cslId: z.string(),
    family: z.string().meta({ description: 'The style\'s citation format: numeric, author-date, note…' }),
    total: z.int().meta({ description: 'Reference entries in the document (the preview shows the first of them)' }),
    entries: z.array(stylePreviewEntrySchema),
    /** What apply would do with the whole list (the same plan): rewrite it, or refuse and why. */
    bibRewrite: bibRewriteResultSchema.optional(),
    warnings: z.array(z.string()).optional(),
    /** The same warnings as codes with values, in the same order. */
    warningCodes: z.array(reasonCodeSchema).optional(),
  }),
);
