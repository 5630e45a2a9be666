// The restyle plan, computed the same way for apply and for the pane's preview before anything is written:
// every entry rendered in the target style (the whole list at once, as citeproc sorts and disambiguates it),
// the list's new order and numbers, the new text of every in-text numeric citation, and the verdict: the
// whole manuscript in the style, or nothing written (refused, with the reason and the entries that block it).

import type { BibRewriteResult } from '../../../shared/contract.ts';
import type { BibEntry, MatchCandidate, TargetCandidate } from '../detect/types.ts';
import type { DocumentModel, ModelParagraph } from '../model/types.ts';
import type { BibliographyRenderer, RenderOptions, RewriteCitation, RewriteSegment } from '../citation-style-hooks.ts';
import { authorDateClusters, conversionEdits, numericClusters, type SourceCluster } from './convert.ts';
import { inspect, sameText, unplacedLink } from './entry-content.ts';
import type { LinkMoves } from './link-moves.ts';
import { causeOf, type Parts } from '../../../shared/causes.ts';
import { reasonText, type ReasonCode } from '../../../shared/reasons.ts';
import { citationGroups, firstMentionOrder, renumberEdits, type CitationEdit, type CitationGroup } from './citations.ts';

/** The reference entries a rewrite works on, in list order. */
export function rewriteEntriesIn(targetById: Map<string, TargetCandidate>): BibEntry[] {
  return [...targetById.values()].filter((t): t is BibEntry => t.type === 'bibliography' && 'baseYear' in t);
}

/** The citation family of the in-text citations the scan found, or null (off, unknown). */
export function textFamilyOf(citeStyle: string | undefined): 'author-date' | 'numeric' | null {
  return citeStyle === 'author-year' ? 'author-date' : citeStyle === 'number' || citeStyle === 'superscript' ? 'numeric' : null;
}

/** What the rewrite does with one entry: computed the same way for apply and for a preview. */
interface EntryPlan {
  entry: BibEntry;
  /** rewrite: new content below; unchanged: already in the style; kept: cannot be rendered (warning says why). */
  action: 'rewrite' | 'unchanged' | 'kept';
  /** The entry text after the rewrite (the text as written unless action is rewrite). */
  newText: string;
  /** The new entry as formatted segments, label prefix included (rewrite and unchanged). */
  segments: RewriteSegment[];
  /** The typed label kept before the rendered entry ("[3] "), or "" (rewrite). */
  prefix?: string;
  /** The rendered entry without that label (rewrite). */
  body?: RewriteSegment[];
  /** The paragraph's list numbering goes (a numbered list becomes author-date). */
  dropNumbering?: boolean;
  /** Where the entry's links land when their text is not in the new entry (rewrite). */
  moves?: LinkMoves;
  /** Why the entry cannot be rendered (kept). */
  lacks?: ReasonCode;
  /** The entry's label and what it lacks (kept). */
  warning?: ReasonCode;
}

/** The whole rewrite, planned before anything is written: every entry's plan, the list's new order, and the verdict. */
export interface RewritePlan {
  entries: EntryPlan[];
  /** Entry keys in the order the style sorts the list, when it differs from the list as written; else null. */
  order: string[] | null;
  /** The new text of the in-text numeric citations whose numbers change (a renumbered list). */
  citations: CitationEdit[];
  result: BibRewriteResult;
}

export interface RewriteContext {
  /** The form of the in-text citations the scan found, or null (none found, citation linking off). */
  textFamily: 'author-date' | 'numeric' | null;
  /** bibRewritePartial: write the entries that can be rendered and keep the others as written. */
  partial: boolean;
  /** The in-text numeric citations as written (citationGroupsIn). */
  groups: CitationGroup[];
  /** The scan's citation matches and the paragraphs' document order (author-date citations to convert). */
  matches?: MatchCandidate[];
  paragraphOrder?: Map<ModelParagraph, number>;
  /** Text that apply links in an entry before rewriting it (a DOI, a title), by entry key: it must have a place in the new entry. */
  pendingLinks?: Map<string, string[]>;
}

/** What the planner reads of the scan's in-text citations: numeric groups as written, and the matches in document order. */
export function citationContext(model: DocumentModel, matches: Iterable<MatchCandidate>): Pick<RewriteContext, 'groups' | 'matches' | 'paragraphOrder'> {
  const paragraphOrder = new Map(model.paragraphs.map((p, i) => [p, i]));
  const all = [...matches];
  return { groups: citationGroups(all, paragraphOrder), matches: all, paragraphOrder };
}

/** Why a rewrite is refused when the document has no reference list (apply's and the preview's bibRewrite.reason). */
export const NO_REFERENCE_LIST = causeOf('noReferenceList', {});

/**
 * The entry as the author knows it ("Reference 4"): its printed label, else its place in the list (a reference
 * target that is no entry of the list, which apply never links to a DOI, by its own label).
 */
export function entryLabel(e: TargetCandidate & { printedLabel?: string | null }): ReasonCode {
  return causeOf('referenceLabel', { number: e.printedLabel ? e.printedLabel.replace(/[.:)]$/, '') : e.refIndex ?? e.label });
}

/** A blocking or kept entry as the contract carries it: its label and what it lacks, each in English and as a code. */
function blockingEntry(p: EntryPlan): BibRewriteResult['entries'][number] {
  const label = entryLabel(p.entry);
  const lacks = p.lacks ?? causeOf('renderedNothing', {});
  return { refId: p.entry.key, label: reasonText(label), lacks: reasonText(lacks), labelCode: label, lacksCode: lacks };
}

/** At most three in-text citations that cannot follow, then "…" when there are more. */
function firstThree(blocked: readonly ReasonCode[]): Parts<'citations'> {
  return { citations: [...blocked.slice(0, 3), ...(blocked.length > 3 ? [causeOf('more', {})] : [])] };
}

/** The label typed at the start of the entry ("[3]"), null when Word numbering prints it or there is none. */
function typedLabelOf(e: BibEntry): string | null {
  return !(e.paragraph.numbering && /\d/.test(e.paragraph.numbering.text)) && e.printedLabel ? e.printedLabel : null;
}

interface EntriesPlan {
  plans: EntryPlan[];
  /** Entry keys in the list's new order (kept entries in their places), and each one's new number. */
  order: string[];
  newNumber: Map<string, number>;
  /** The in-text citations asked for (options.clusters), as the style writes them. */
  citations: RewriteCitation[];
}

/**
 * What becomes of an entry's label: kept as typed with its new number (same form), the style's label typed
 * before the entry (author-date → numeric), or no label and no list numbering (numeric → author-date).
 */
type LabelMode = 'renumber' | 'add' | 'drop';

/** Plans every entry (the whole list is rendered at once, as citeproc needs for sorting and disambiguation). */
function planEntries(entries: BibEntry[], renderer: BibliographyRenderer, options: RenderOptions, labels: LabelMode, pendingLinks: Map<string, string[]> | undefined): EntriesPlan {
  const inputs = entries.map((e) => ({ key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: typedLabelOf(e), doi: e.doi, url: e.url }));
  const { rendered, skipped, citations } = renderer.render(inputs, options);
  const skippedWhy = new Map(skipped.map((s) => [s.key, s.reason]));
  const kept = new Map<string, ReasonCode>();
  const kept_ = (e: BibEntry, why: ReasonCode): EntryPlan => ({ entry: e, action: 'kept', newText: e.text, segments: [{ text: e.text }], lacks: why, warning: causeOf('entryLacks', {}, { label: [entryLabel(e)], why: [why] }) });
  const inspected = entries.map((e) => {
    const r = rendered.get(e.key);
    if (!r) { kept.set(e.key, skippedWhy.get(e.key) ?? causeOf('renderedNothing', {})); return null; }
    const keep = inspect(e.paragraph.node);
    if ('code' in keep) { kept.set(e.key, keep); return null; }
    return keep;
  });
  // The list's order: rendered entries in the style's order, kept ones (partial) in their places; numbers follow it.
  const slots = [...rendered.keys()].filter((k) => !kept.has(k));
  const order = entries.map((e) => (kept.has(e.key) ? e.key : slots.shift()!));
  const newNumber = new Map(order.map((k, i) => [k, i + 1]));
  const plans = entries.map((e, i): EntryPlan => {
    const keep = inspected[i];
    if (!keep) return kept_(e, kept.get(e.key)!);
    const r = rendered.get(e.key)!;
    // A typed label stays as typed ("[3] "), with the entry's new number; Word numbering follows the paragraph order.
    const typed = inputs[i]!.typedLabel;
    const lead = /^\s*/.exec(e.text)![0];
    let prefix = '';
    // The label typed before the entry takes the style's form ("[3]" → "3."), with the entry's new number;
    // a partial rewrite keeps the typed form, as the entries kept as written have it.
    if (labels === 'renumber') prefix = typed && e.text.trimStart().startsWith(typed) ? (lead + (/\d/.test(r.label) && kept.size === 0 ? r.label : typed)).replace(/\d+/, String(newNumber.get(e.key))) + ' ' : '';
    else if (labels === 'add') prefix = r.label && !e.paragraph.numbering?.text ? `${r.label} ` : '';
    const segments: RewriteSegment[] = prefix ? [{ text: prefix }, ...r.segments] : r.segments;
    const newText = prefix + r.segments.map((s) => s.text).join('');
    if (sameText(newText, e.text)) return { entry: e, action: 'unchanged', newText: e.text, segments };
    const moves: LinkMoves = { entryText: e.text, title: e.titleText && r.title ? { written: e.titleText, rendered: r.title } : null };
    const unplaced = unplacedLink(newText, [...keep.links.map((l) => l.text), ...(pendingLinks?.get(e.key) ?? [])], moves);
    if (unplaced) return kept_(e, unplaced);
    return { entry: e, action: 'rewrite', newText, segments, prefix, body: r.segments, moves, ...(labels === 'drop' && e.paragraph.numbering ? { dropNumbering: true } : {}) };
  });
  return { plans, order, newNumber, citations: citations ?? [] };
}

/**
 * The citation forms a rewrite can write: numeric, author-date, and author (MLA's author–page: "(Smith et al.)",
 * reached only by converting the citations, as the text never cites in it as read); note and label styles are refused.
 */
const FORMS = new Set(['numeric', 'author-date', 'author']);

/** Entry paragraphs that can be put in a new order: consecutive paragraphs of one part. */
function consecutive(entries: BibEntry[]): boolean {
  return entries.every((e, i) => i === 0 || (e.paragraph.part === entries[0]!.paragraph.part && e.paragraph.index === entries[i - 1]!.paragraph.index + 1));
}

/**
 * Plans the rewrite of the whole list and decides: every entry in the style, or nothing written (refused, with
 * the reason and the entries that block it); with `partial`, the entries that cannot be rendered are kept and named.
 * A numbered list is renumbered in the style's order (the order of first citation for an unsorted style), and
 * every in-text number follows.
 */
export function planRewrite(entries: BibEntry[], renderer: BibliographyRenderer, ctx: RewriteContext): RewritePlan {
  const base = { cslId: renderer.styleId, family: renderer.family };
  const refuse = (reason: ReasonCode, plans: EntryPlan[] = [], blockers: EntryPlan[] = []): RewritePlan => ({
    entries: plans, order: null, citations: [],
    result: { ...base, outcome: 'refused', reason: reasonText(reason), reasonCode: reason, rewritten: 0, unchanged: 0, entries: blockers.map(blockingEntry) },
  });
  const style = renderer.styleId;
  if (!FORMS.has(renderer.family)) {
    const code = renderer.family === 'note' ? 'noteStyle' : renderer.family === 'label' ? 'labelStyle' : null;
    return refuse(code ? causeOf(code, { style }) : causeOf('otherStyle', { style, family: renderer.family }));
  }
  const numbered = entries.some((e) => e.printedLabel || e.paragraph.numbering?.text);
  const listForm = numbered ? 'numeric' : 'author-date';
  const from = ctx.textFamily ?? listForm;
  const to = renderer.family as 'numeric' | 'author-date' | 'author';
  if (from !== listForm) {
    return refuse(causeOf('formsDisagree', { list: listForm, cited: from }));
  }
  if (from !== to) return planConversion(entries, renderer, ctx, from, to, refuse);
  const citedOrder = numbered ? firstMentionOrder(ctx.groups, entries) : undefined;
  // Numbered in the text: the citations are rendered with the list, so that their form can be compared with the style's.
  const source = numbered && ctx.textFamily === 'numeric' ? numericClusters(ctx.groups, entries) : null;
  const clusters = source && !source.blocked.length && source.clusters.length ? source.clusters : null;
  const { plans, order, newNumber, citations: styled } = planEntries(entries, renderer, { citedOrder, ...(clusters ? { clusters: clusters.map((c) => c.keys) } : {}) }, 'renumber', ctx.pendingLinks);
  const kept = plans.filter((p) => p.action === 'kept');
  if (kept.length && !ctx.partial) {
    return refuse(causeOf('entriesBlock', { n: kept.length, total: entries.length, style }), plans, kept);
  }
  const moved = order.some((k, i) => k !== entries[i]!.key);
  if (moved && !consecutive(entries)) return refuse(causeOf('orderNotConsecutive', { style }), plans);
  let citations: CitationEdit[] = [];
  if (numbered) {
    const renumbered = entries.some((e) => e.labelNumber !== null && e.labelNumber !== newNumber.get(e.key));
    if (renumbered && ctx.textFamily === null) return refuse(causeOf('renumberUnread', { style }), plans);
    if (renumbered && kept.length) return refuse(causeOf('renumberPartial', { style, n: kept.length }), plans, kept);
    // "[3]" written, "³" or "(3)" in the style: every citation is written as the style writes it (a partial rewrite
    // keeps the form as written: the style cannot write the citations of the entries it cannot render).
    if (clusters && !kept.length && otherForm(clusters, styled)) {
      const { edits, blocked } = conversionEdits(clusters, styled);
      if (blocked.length) return refuse(causeOf('otherNumberForm', { style, n: blocked.length }, firstThree(blocked)), plans);
      return verdict(base, plans, moved ? order : null, edits);
    }
    const { edits, blocked } = renumberEdits(ctx.groups, entries, newNumber);
    if (blocked.length) return refuse(causeOf('renumberBlocked', { style, n: blocked.length }, firstThree(blocked)), plans);
    citations = edits;
  }
  return verdict(base, plans, moved ? order : null, citations);
}

/** How a rendered numeric citation is set off: "superscript", or its brackets ("[]", "()", "" for none). */
function formOf(text: string, superscript: boolean): string {
  if (superscript) return 'superscript';
  const t = text.trim();
  const open = t[0] === '[' || t[0] === '(' ? t[0] : '';
  const close = t.endsWith(']') || t.endsWith(')') ? t[t.length - 1]! : '';
  return open + close;
}

/** Whether the style sets its citation numbers off otherwise than the text does (brackets, parentheses, superscript). */
function otherForm(clusters: SourceCluster[], styled: RewriteCitation[]): boolean {
  return clusters.some((c, i) => {
    const r = styled[i];
    if (!r?.text) return false;
    return c.form !== formOf(r.text, r.segments.some((s) => s.superscript));
  });
}

type Refuse = (reason: ReasonCode, plans?: EntryPlan[], blockers?: EntryPlan[]) => RewritePlan;

/** A change of citation form: every citation rendered by the style with the list, the list in the style's order. */
function planConversion(entries: BibEntry[], renderer: BibliographyRenderer, ctx: RewriteContext, from: 'numeric' | 'author-date', to: 'numeric' | 'author-date' | 'author', refuse: Refuse): RewritePlan {
  const base = { cslId: renderer.styleId, family: renderer.family };
  const style = renderer.styleId;
  if (ctx.textFamily === null) return refuse(causeOf('convertUnread', { style, form: to }));
  const source: { clusters: SourceCluster[]; blocked: ReasonCode[] } = from === 'numeric'
    ? numericClusters(ctx.groups, entries)
    : authorDateClusters(ctx.matches ?? [], ctx.paragraphOrder ?? new Map<ModelParagraph, number>());
  if (source.blocked.length) return refuse(causeOf('convertBlocked', { style, form: to, n: source.blocked.length }, firstThree(source.blocked)));
  const { plans, order, citations } = planEntries(entries, renderer, { clusters: source.clusters.map((c) => c.keys) }, to === 'numeric' ? 'add' : 'drop', ctx.pendingLinks);
  const kept = plans.filter((p) => p.action === 'kept');
  if (kept.length) {
    return refuse(causeOf('entriesBlockConversion', { n: kept.length, total: entries.length, style }), plans, kept);
  }
  const moved = order.some((k, i) => k !== entries[i]!.key);
  if (moved && !consecutive(entries)) return refuse(causeOf('orderNotConsecutive', { style }), plans);
  const { edits, blocked } = conversionEdits(source.clusters, citations, to);
  if (blocked.length) return refuse(causeOf('convertBlocked', { style, form: to, n: blocked.length }, firstThree(blocked)), plans);
  return verdict(base, plans, moved ? order : null, edits);
}

function verdict(base: { cslId: string; family: string }, plans: EntryPlan[], order: string[] | null, citations: CitationEdit[]): RewritePlan {
  const kept = plans.filter((p) => p.action === 'kept');
  const rewritten = plans.filter((p) => p.action === 'rewrite').length;
  const unchanged = plans.filter((p) => p.action === 'unchanged').length;
  return {
    entries: plans, order, citations,
    result: {
      ...base, outcome: kept.length ? 'partial' : 'rewritten', rewritten, unchanged,
      entries: kept.map(blockingEntry),
    },
  };
}
