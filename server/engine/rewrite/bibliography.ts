// Bibliography rewrite at apply: each reference entry's runs are replaced by the entry as an injected
// renderer (server/csl, a CSL style) writes it, as formatted runs (italic, bold, small caps, super- and
// subscript). Kept: the paragraph properties (style, numbering), a typed label, the bookmarks on the
// entry, and every hyperlink in it (re-wrapped around the same text in the new entry). Entries the
// renderer cannot render faithfully, or whose content cannot be carried over (fields, tracked changes,
// a link whose text the new entry lacks) are left as they are and reported. Text outside the
// bibliography is never touched.


import type { BibRewriteResult, PersistedLink } from '../../../shared/contract.ts';
import type { BibEntry } from '../detect/types.ts';
import type { PackageEdit } from '../package/edit.ts';
import { reasonOf, reasonText, type ReasonCode } from '../../../shared/reasons.ts';
import { causeOf } from '../../../shared/causes.ts';
import { targetHash } from '../metadata/persisted.ts';
import { childrenOf, tagOf, type XmlNode } from '../package/xml.ts';
import { entryLabel, type RewritePlan } from './plan.ts';
import { inspect, rebuild } from './entry-content.ts';

export interface RewriteOutcome {
  rewritten: number;
  unchanged: number;
  warnings: ReasonCode[];
}

/** Puts the entries' paragraphs in the plan's order (they move with their bookmarks and links). False when they are not siblings. */
function reorder(edit: PackageEdit, entries: BibEntry[], order: string[]): boolean {
  const part = entries[0]!.paragraph.part;
  if (entries.some((e) => e.paragraph.part !== part)) return false;
  const nodes = new Set(entries.map((e) => e.paragraph.node));
  const holder = siblingsOf(edit.edit(part).nodes, nodes);
  if (!holder) return false;
  const slots = holder.map((n, i) => (nodes.has(n) ? i : -1)).filter((i) => i >= 0);
  if (slots.length !== entries.length) return false;
  const byKey = new Map(entries.map((e) => [e.key, e.paragraph.node]));
  slots.forEach((slot, i) => { holder[slot] = byKey.get(order[i]!)!; });
  return true;
}

/** The children array that holds one of the nodes (all must share it for a reorder). */
function siblingsOf(root: XmlNode[], nodes: Set<XmlNode>): XmlNode[] | null {
  const stack: XmlNode[][] = [root];
  while (stack.length) {
    const arr = stack.pop()!;
    if (arr.some((n) => nodes.has(n))) return arr;
    for (const n of arr) {
      const t = tagOf(n);
      if (t && t !== 'w:p') stack.push(childrenOf(n));
    }
  }
  return null;
}

/**
 * Carries out a plan in the parsed parts held by `edit` (nothing when it was refused). `records` (the links this
 * apply writes into the metadata part) get the new identity of each rewritten target.
 */
export function rewriteBibliography(edit: PackageEdit, plan: RewritePlan, records: PersistedLink[]): RewriteOutcome {
  const outcome: RewriteOutcome = { rewritten: 0, unchanged: 0, warnings: [] };
  if (plan.result.outcome === 'refused') return outcome;
  const newHash = new Map<string, string>();
  for (const p of plan.entries) {
    if (p.action === 'unchanged') { outcome.unchanged++; continue; }
    if (p.action === 'kept') { outcome.warnings.push(reasonOf('keptPartial', {}, { label: [entryLabel(p.entry)], why: p.lacks ? [p.lacks] : [] })); continue; }
    const node = p.entry.paragraph.node;
    // Built now, after linking: the entry's bookmarks and links as apply left them are carried over.
    const keep = inspect(node);
    const content = 'code' in keep ? keep : rebuild(node, keep, p.prefix ?? '', p.body ?? [], p.dropNumbering === true, p.moves);
    if (!Array.isArray(content)) { outcome.warnings.push(reasonOf('keptEntry', {}, { label: [entryLabel(p.entry)], why: [content] })); continue; }
    edit.edit(p.entry.paragraph.part);
    node[tagOf(node)!] = content;
    outcome.rewritten++;
    newHash.set(p.entry.key, targetHash(p.newText));
  }
  if (plan.order && !reorder(edit, plan.entries.map((p) => p.entry), plan.order)) {
    outcome.warnings.push(reasonOf('notConsecutive'));
  }
  for (const rec of records) {
    const h = rec.targetId ? newHash.get(rec.targetId) : undefined;
    if (h) rec.targetHash = h;
  }
  return outcome;
}

/** The one-line summary of a rewrite's outcome (the first warning of an apply that asked for one). */
export function rewriteSummary(r: BibRewriteResult, total: number): ReasonCode {
  const why = { why: r.reasonCode ? [r.reasonCode] : [] };
  if (r.outcome === 'refused') {
    const entries = r.entries.map((e) => causeOf('entryLacks', {}, { label: [labelOf(e)], why: [e.lacksCode ?? causeOf('renderedNothing', {})] }));
    return entries.length ? reasonOf('rewriteRefusedEntries', { style: r.cslId }, { ...why, entries }) : reasonOf('rewriteRefused', { style: r.cslId }, why);
  }
  const counts = { style: r.cslId, total, rewritten: r.rewritten, unchanged: r.unchanged };
  if (!r.entries.length) return reasonOf('rewriteDone', counts);
  // The labels are listed with ", " (the parts' English joins with "; ").
  const labels = r.entries.map(labelOf);
  const done = reasonOf('rewriteDoneKept', { ...counts, kept: r.entries.length }, { labels });
  return { ...done, values: { ...done.values, labels: labels.map(reasonText).join(', ') } };
}

/** A blocking or kept entry's label as a code ("Reference 4"). */
function labelOf(e: BibRewriteResult['entries'][number]): ReasonCode {
  return e.labelCode ?? causeOf('referenceLabel', { number: e.label.replace(/^Reference /, '') });
}
