// The engine's own account of a cause, as codes with typed values: what a reference entry lacks for a rewrite
// (the reader's and the renderer's verdicts), why the rewrite planner refuses a style change, why an in-text
// citation cannot follow it, why the linker cannot write a link, why the registry did not answer, and the label
// of an entry ("Reference 4"). They fill the `{why}`, `{label}` and list placeholders of a warning or a reason
// (shared/reasons.ts): a ReasonCode carries them as `parts` beside the English in `values`, so a client says
// them in its own language. The English templates live here once; the engine never writes such a sentence itself.
import type { ReasonCode } from './reasons.ts';

const CAUSES = {
  // The label of a reference entry, as the author knows it: its printed label ("[4]", "12") or its place in the list.
  referenceLabel: 'Reference {number}',
  // A blocking or kept entry: its label and what it lacks (a style preview entry's warning).
  entryLacks: '{label}: {why}',
  // What an entry lacks: the reader's verdict on the entry as written.
  noAuthorsNoTitle: 'neither authors nor a title were found',
  cutShort: 'the entry is cut short ("{text}")',
  runTogether: 'fields read run together: the {field} reads "{text}"',
  unreadWords: 'the reading does not account for: {words}',
  recordLacks: "the registry's record lacks {fields}, and the entry does not give it",
  // ... the renderer's verdict on the style's rendering of it.
  renderedNothing: 'the style rendered nothing for it',
  emptyField: 'the style would write an empty field ("{mark}")',
  abbreviatedAuthors: 'the author list is abbreviated ("et al."), and the style would print names it leaves out',
  // ... and what the entry's paragraph holds that a rewrite cannot carry over.
  holdsElement: 'it holds {element}',
  linkHoldsElement: 'its link holds {element}',
  linkUnplaced: 'its link on "{text}" has no place in the new entry',
  // Why the planner refuses the whole rewrite.
  noReferenceList: 'no reference list was found',
  noteStyle: '{style} is a note style (citations in footnotes); the rewrite writes numeric, author-date and author styles only',
  labelStyle: '{style} is a label style (citations in its own form); the rewrite writes numeric, author-date and author styles only',
  otherStyle: '{style} is a {family} style (citations in its own form); the rewrite writes numeric, author-date and author styles only',
  formsDisagree: 'the reference list is {list} and the text cites in {cited} form: the rewrite cannot tell which form to convert from',
  entriesBlock: '{n} of {total} entries cannot be rendered in {style} (listed); nothing was rewritten. Resolve them, complete them, or ask for a partial rewrite (bibRewritePartial)',
  entriesBlockConversion: '{n} of {total} entries cannot be rendered in {style} (listed); nothing was rewritten (a change of citation form is never partial). Resolve them or complete them',
  orderNotConsecutive: '{style} orders the list differently and its entries are not consecutive paragraphs, so they cannot be put in order',
  renumberUnread: '{style} numbers the list differently, and the in-text citations were not read (citation linking off), so they could not follow',
  renumberPartial: '{style} numbers the list differently, and the {n} entries kept as written (partial rewrite) would keep their old numbers',
  otherNumberForm: { one: '{style} writes its citation numbers in another form and {n} in-text citation cannot follow: {citations}', other: '{style} writes its citation numbers in another form and {n} in-text citations cannot follow: {citations}' },
  renumberBlocked: { one: '{style} numbers the list differently and {n} in-text citation cannot follow: {citations}', other: '{style} numbers the list differently and {n} in-text citations cannot follow: {citations}' },
  convertUnread: '{style} cites in {form} form and the in-text citations were not read (citation linking off), so they could not be converted',
  convertBlocked: { one: 'converting the citations to {form} form ({style}) is refused: {n} in-text citation cannot be converted: {citations}', other: 'converting the citations to {form} form ({style}) is refused: {n} in-text citations cannot be converted: {citations}' },
  // Why one in-text citation cannot follow (listed in the three above, at most three and then `more`).
  citationNamesNone: 'the citation "{text}" names {numbers}, which no entry of the list carries',
  citationNoEntry: 'the citation "{text}" names no entry of the list',
  citationPageLocator: 'the citation "{text}" cannot be renumbered: it carries a page locator',
  citationInLink: 'the citation "{text}" cannot be renumbered: it is inside a hyperlink already there',
  citationInside: 'the citation "{text}" cannot be renumbered: it is inside {hold}',
  citationNotRendered: 'the citation "{text}" was not rendered',
  citationHoldsMore: 'the citation "{text}" holds more than its numbers (a page, a word), which the converted citation would lose',
  citationLosesPage: 'the citation "{text}" carries a page locator, which the converted citation would lose',
  citationConvertInLink: 'the citation "{text}" cannot be converted: it is inside a hyperlink already there',
  citationAuthorPage: 'the citation "{text}" carries a page locator, which an author style writes inside the citation ("(Lee 4)"); converting it would lose the page',
  citationNoAuthor: 'the citation "{text}" names no author before its year',
  citationConvertInside: 'the citation "{text}" cannot be converted: it is inside {hold}',
  more: '…',
  // Why the linker cannot write a link or a renumbered citation (`hold`: existing-hyperlink, existing-cross-reference,
  // citation-manager-field, field-result, math; `kind`: what a run holds instead of text).
  noTextToLink: 'no text to link',
  alreadyLinked: 'already inside a hyperlink',
  noTextToReplace: 'no text to replace',
  overlapsLink: 'overlaps another link',
  insideHold: 'inside {hold}',
  holdsKind: 'it holds {kind}',
  // Why the registry did not answer (a held reference, a refused query).
  registryNoAnswer: 'no answer',
  registryTimeout: 'no answer within {seconds} s',
  registryUnreachable: 'cannot reach the registry ({error})',
  registryStatus: 'registry answered {status}',
  registryStatusRetryAfter: 'registry answered {status} (Retry-After {seconds} s)',
  registryStatusBody: 'registry answered {status}: {body}',
  registryNotFound: 'registry answered 404 for {path}',
  registryUnreadable: 'unreadable JSON',
  registryMalformed: "the registry's record of {doi} is malformed",
  registryNoItems: 'search answer without message.items',
  registryNoMessage: 'look-up answer without message',
  registryTooLarge: "the registry's answer is over the {bytes}-byte cap",
  registryOversize: 'answers over the {bytes}-byte cap',
} as const;

export type CauseCode = keyof typeof CAUSES;

/** The English templates of the causes (shared/reasons.ts fills them as it fills its own). */
export const CAUSE_TEMPLATES: Readonly<Record<CauseCode, string | { readonly one: string; readonly other: string }>> = CAUSES;

/** Every cause code (the OpenAPI document lists them). */
export const CAUSE_CODES = Object.keys(CAUSES) as CauseCode[];

/** The placeholders of a template: "{style} is {n}" → "style" | "n". */
type Holes<S> = S extends `${string}{${infer P}}${infer R}` ? P | Holes<R> : never;
type TemplateOf<C extends CauseCode> = (typeof CAUSES)[C] extends { readonly other: infer O } ? O : (typeof CAUSES)[C];
/** The values a cause's template needs, each named: a cause cannot be made with one missing or one too many. */
export type CauseValues<C extends CauseCode> = { readonly [K in Holes<TemplateOf<C>>]: string | number };

/** A placeholder filled by other codes (a cause inside a cause, a list of them): their English, joined by "; ". */
export type Parts<K extends string> = { readonly [P in K]: readonly ReasonCode[] };

/** Fills a template's placeholders from string values (a count picks the form of one or of more). */
export function fillTemplate(template: string | { readonly one: string; readonly other: string }, values: Readonly<Record<string, string>>): string {
  const chosen = typeof template === 'string' ? template : values.n === '1' ? template.one : template.other;
  return chosen.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

/**
 * A cause with its values and, for placeholders other codes fill (an entry's label and what it lacks, a list of
 * citations), its parts: the English of each part goes into `values` too, so the sentence reads whole without them.
 */
export function causeOf<C extends CauseCode, K extends Holes<TemplateOf<C>> = never>(code: C, values: Omit<CauseValues<C>, K>, parts?: Parts<K>): ReasonCode {
  return withParts(code, values as Readonly<Record<string, string | number>>, parts as Readonly<Record<string, readonly ReasonCode[]>> | undefined, causeText);
}

/** The English sentence of a cause with its values. */
export function causeText(r: ReasonCode): string {
  return fillTemplate(Object.hasOwn(CAUSES, r.code) ? CAUSES[r.code as CauseCode] : r.code, r.values ?? {});
}

/**
 * A code with its values as strings (left out when there are none) and its parts, whose English (`text`) goes
 * into `values` too, joined by "; ".
 */
export function withParts(code: string, values: Readonly<Record<string, string | number>>, parts: Readonly<Record<string, readonly ReasonCode[]>> | undefined, text: (r: ReasonCode) => string): ReasonCode {
  const strings: Record<string, string> = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
  const partEntries = Object.entries(parts ?? {});
  for (const [name, list] of partEntries) strings[name] = list.map(text).join('; ');
  const out: ReasonCode = Object.keys(strings).length > 0 ? { code, values: strings } : { code };
  if (partEntries.length > 0) out.parts = Object.fromEntries(partEntries.map(([k, list]) => [k, [...list]]));
  return out;
}
