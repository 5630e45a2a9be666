// Why, as a code with values, beside the English sentence the service has always sent (unchanged): a match
// held, unmatched, unsure or changed (ReviewMatch.reasonCode beside `reason`), how a reference resolved
// (ReferenceCandidate.reasonCodes and ResolvedWork.reasonCodes beside `reasons`) and what apply warns about
// (ApplyResult.warningCodes beside `warnings`) and why apply left a match unlinked (`unmatched[].reasonCode`
// beside `reason`). A client translates the code and its values; one that does not know a code shows the
// sentence. The English templates live here once: the engine and the resolver fill them for the sentences, and
// the pane's English locale holds the same text (a test keeps them equal). A template with a count has a form for
// one and one for more (`{one, other}`); a client picks its own plural form.
import { CAUSE_CODES, CAUSE_TEMPLATES, fillTemplate, withParts, type CauseCode } from './causes.ts';

const MATCH_REASONS = {
  numberedMissing: 'no reference numbered {n}',
  yearWrittenIn: "the year is not the reference's year but is written in it",
  noAuthorYear: 'no reference with this author and year',
  suffixByOrder: 'year suffix resolved by reference order',
  noSuffixes: 'the reference list prints no year suffixes',
  onlyUnsuffixed: 'the only entry of this author and year without a suffix; none is marked {suffix}',
  noSuffix: 'no reference with year suffix {suffix}',
  severalAuthorYear: '{n} references match this author and year',
  otherYearOnly: 'the only reference of this author, of another year',
  misspeltAuthor: 'the list spells the author {name}',
  authorsSwapped: 'the list names these authors in the other order',
  namedBefore: 'the author is named before the parenthesis ({name})',
  namedByTitle: 'the text names the work by its title',
  noTarget: 'no {kind} {key} in the document',
  severalTargets: 'several {kind} targets answer to {key}',
  severalSections: 'several sections have this name',
  sectionByTitle: 'names a section by its title: linked on approval (set sections to full to link such mentions directly)',
  otherWork: 'names {kind} {key} of another work',
  existingHyperlink: 'inside an existing hyperlink',
  existingCrossReference: 'inside an existing cross-reference field',
  citationManager: 'inside a citation managed by Zotero, Mendeley or EndNote',
  fieldResult: 'inside a field result (table of contents or index)',
  math: 'inside an equation',
  referenceList: 'inside the reference list',
  contentControl: 'crosses a content-control boundary',
  targetGone: 'the target this link pointed at is gone',
  targetChanged: 'the target behind this link changed ({label})',
  meaningChanged: 'the link points at {label} but the text now means {now}',
  ownLink: 'already linked by Hyperlinker',
} as const;

/** How a reference resolved: `field` is one of title, first author, year, volume, issue, first page, journal. */
const RESOLVER_REASONS = {
  noCandidate: 'the registry returned no candidate',
  noneAgrees: 'no candidate agrees well enough',
  fewAgree: 'only {n} of title, year, volume, first author and first page agree',
  runnerUp: 'runner-up {doi} scores almost as well',
  registryRefused: 'the registry refused the query: {why}',
  writtenVerified: 'written DOI {doi} verified',
  writtenOther: 'written DOI {doi} names another work: “{title}”',
  writtenMissing: 'written DOI {doi} does not exist in Crossref',
  betterCandidate: 'better candidate {doi}',
  crossrefUnavailable: 'Crossref unavailable',
  registryUnavailable: 'Crossref unavailable: {why}',
  resolveLater: 'resolve again later',
  fieldAgrees: '{field} agrees',
  fieldAgreesScore: '{field} agrees ({score})',
  fieldPartly: '{field} partly agrees ({score})',
  fieldDiffers: '{field} differs',
  unexplained: { one: '{n} number in the reference not in the record', other: '{n} numbers in the reference not in the record' },
  notice: 'the record is a correction, erratum or retraction notice',
  typeMismatch: 'the record is a preprint, book or chapter, the reference a journal article',
  update: '{type} notice {doi}',
  updateDated: '{type} notice {doi} ({date})',
} as const;

/**
 * What apply (and the style preview, of the rewrite apply would make) warns about. `{why}`, `{label}`, `{entries}`
 * and `{labels}` are filled by causes (shared/causes.ts), carried as the code's `parts`.
 */
const APPLY_WARNINGS = {
  doiNoText: '{label}: no text to link to its DOI',
  doiNotWritten: '{label}: DOI link not written ({why})',
  notRenumbered: 'Citation "{text}" not renumbered: {why}',
  rewriteNoList: 'Bibliography rewrite refused: no reference list was found.',
  rewriteRefused: 'Bibliography rewrite refused ({style}): {why}.',
  rewriteRefusedEntries: 'Bibliography rewrite refused ({style}): {why}. {entries}.',
  rewriteDone: 'Bibliography rewrite ({style}): {total} entries, {rewritten} rewritten, {unchanged} already in the style.',
  rewriteDoneKept: 'Bibliography rewrite ({style}): {total} entries, {rewritten} rewritten, {unchanged} already in the style, {kept} kept as written (partial rewrite: {labels}).',
  notConsecutive: 'Bibliography rewrite: the entries are not consecutive paragraphs of one part, so the list keeps its order',
  keptPartial: '{label}: {why} (kept as written: partial rewrite)',
  keptEntry: '{label}: {why} (kept as written)',
  resolverOff: 'References were not resolved through Crossref: the resolver is not enabled on this server.',
  resolverPaidPlan: 'References were not resolved through Crossref: resolving needs a paid plan (hyperlinker_requires_paid_plan).',
  resolverCancelled: 'References were not resolved through Crossref: resolving was cancelled or took too long.',
  resolverFailed: 'References were not resolved through Crossref: the resolver failed.',
  referencesHeld: '{n} reference(s) held: the registry did not answer; resolve them later.',
  previewRefused: 'The rewrite would be refused: {why}',
} as const;

/**
 * Why apply left a match unlinked (ApplyResult's `unmatched[].reasonCode`), beside a match's own reason (a held
 * match's, an unsure one's) and the linker's causes (shared/causes.ts). `{status}` is a match status
 * (low_confidence, unmatched, held, identity_change); `{reason}` is the reviewer's own text, never translated.
 */
const UNLINKED_REASONS = {
  noDecision: 'no decision',
  noDecisionStatus: 'no decision ({status})',
  skippedByReviewer: 'skipped by the reviewer',
  skippedWithReason: 'skipped: {reason}',
  heldMatch: 'held',
  noDoi: 'no DOI',
  noLinkTarget: 'no target to link to',
  linkOnlyInLink: 'already inside a link; link_only cannot re-point it',
  relinkNotFound: 'could not find the existing link to re-point',
  referenceDoiHere: "the reference's DOI link ({doi}) is written here instead",
  insideReferenceDoi: "inside the reference's DOI link",
} as const;

type Template = string | { readonly one: string; readonly other: string };
const TEMPLATES: Readonly<Record<string, Template>> = { ...MATCH_REASONS, ...RESOLVER_REASONS, ...APPLY_WARNINGS, ...UNLINKED_REASONS, ...CAUSE_TEMPLATES };

export type MatchReasonCode = keyof typeof MATCH_REASONS;
export type ResolverReasonCode = keyof typeof RESOLVER_REASONS;
export type ApplyWarningCode = keyof typeof APPLY_WARNINGS;
export type UnlinkedReasonCode = keyof typeof UNLINKED_REASONS;

/**
 * A reason as the contract carries it: a code of one of the tables above (or of shared/causes.ts), the values of
 * its placeholders as English strings, and, for a placeholder other codes fill, those codes (`parts`).
 */
export interface ReasonCode {
  code: string;
  values?: Record<string, string>;
  parts?: Record<string, ReasonCode[]>;
}

/** Every code of each table (the OpenAPI document lists them). */
export const REASON_CODES = {
  match: Object.keys(MATCH_REASONS) as MatchReasonCode[],
  resolver: Object.keys(RESOLVER_REASONS) as ResolverReasonCode[],
  apply: Object.keys(APPLY_WARNINGS) as ApplyWarningCode[],
  unlinked: Object.keys(UNLINKED_REASONS) as UnlinkedReasonCode[],
  cause: CAUSE_CODES,
};

/** Whether a code is one of the match reasons (a resolution's `why` carries it as a string). */
export function isMatchReason(code: string): code is MatchReasonCode {
  return Object.hasOwn(MATCH_REASONS, code);
}

/**
 * A reason with its values (left out when there are none) and the causes that fill some of its placeholders
 * (their English goes into `values` too).
 */
export function reasonOf(code: MatchReasonCode | ResolverReasonCode | ApplyWarningCode | UnlinkedReasonCode | CauseCode, values: Readonly<Record<string, string | number>> = {}, parts?: Readonly<Record<string, readonly ReasonCode[]>>): ReasonCode {
  return withParts(code, values, parts, reasonText);
}

/** The English sentence of a reason, its placeholders filled; a code none of the tables knows gives the code. */
export function reasonText(r: ReasonCode): string {
  return fillTemplate(Object.hasOwn(TEMPLATES, r.code) ? TEMPLATES[r.code]! : r.code, r.values ?? {});
}

/** A resolution's reasons as a report carries them: the English sentences and, beside them, the codes. */
export function reasonFields(reasons: readonly ReasonCode[]): { reasons: string[]; reasonCodes: ReasonCode[] } {
  return { reasons: reasons.map(reasonText), reasonCodes: [...reasons] };
}

/** Warnings as a report carries them: the English sentences and, beside them, the codes. */
export function warningFields(warnings: readonly ReasonCode[]): { warnings: string[]; warningCodes: ReasonCode[] } {
  return { warnings: warnings.map(reasonText), warningCodes: [...warnings] };
}

/** Sets a match's reason: the code with its values, and the English sentence. */
export function explain(m: { reason?: string; reasonCode?: ReasonCode }, code: MatchReasonCode, values: Readonly<Record<string, string>> = {}): void {
  m.reasonCode = reasonOf(code, values);
  m.reason = reasonText(m.reasonCode);
}
