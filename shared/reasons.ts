// Why a match is held, unmatched, unsure or changed, as a code with values (ReviewMatch.reasonCode), beside
// the English sentence it has always had (ReviewMatch.reason, unchanged). A client translates the code and
// its values; one that does not know a code shows the sentence. The English templates live here once: the
// engine fills them for `reason`, and the pane's English locale holds the same text (a test keeps them equal).
import type { z } from 'zod';
import type { reasonCodeSchema } from './schemas/documents.ts';

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

export type MatchReasonCode = keyof typeof MATCH_REASONS;

/** A reason as the contract carries it: a code of MATCH_REASONS and the values of its placeholders. */
export type ReasonCode = z.infer<typeof reasonCodeSchema>;

/** Whether a code is one of the match reasons (a resolution's `why` carries it as a string). */
export function isMatchReason(code: string): code is MatchReasonCode {
  return Object.hasOwn(MATCH_REASONS, code);
}

/** The English sentence of a code, its placeholders filled. */
function reasonSentence(code: MatchReasonCode, values: Readonly<Record<string, string>> = {}): string {
  return MATCH_REASONS[code].replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

/** Sets a match's reason: the code with its values, and the English sentence. */
export function explain(m: { reason?: string; reasonCode?: ReasonCode }, code: MatchReasonCode, values: Readonly<Record<string, string>> = {}): void {
  m.reasonCode = Object.keys(values).length > 0 ? { code, values: { ...values } } : { code };
  m.reason = reasonSentence(code, values);
}
