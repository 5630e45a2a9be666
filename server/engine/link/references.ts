// Reference entries linked to their DOI: which part of an entry carries the link, and the resolver's
// evidence (resolvedWorks) checked against the scan and turned into link plans.
//
// Where an entry's DOI link goes, without changing its text:
// - the entry's title when settings.refTitleLink is true (when the title is found in the entry);
// - otherwise the DOI text when the entry has one written (with its doi.org URL prefix when written so);
// - otherwise the whole entry, without its leading label ("[3] ", "3. ").

import type { ResolvedWork } from '../../../shared/contract.ts';
import { findDois } from '../../references/doi-text.ts';
import type { BibEntry, TargetCandidate } from '../detect/types.ts';
import { DecisionError } from '../errors.ts';
import { normaliseDoi } from '../../../shared/doi.ts';
import type { ReferenceDoi } from './decisions.ts';

export interface Range { start: number; end: number }

/** The title of a reference entry inside its text, or null when it cannot be found there. */
function titleRange(t: TargetCandidate): Range | null {
  const text = t.paragraph.text;
  const title = (t as Partial<BibEntry>).titleText?.trim();
  if (!title || title.length < 3) return null;
  let at = text.indexOf(title, t.start);
  if (at < 0 || at >= t.end) at = text.toLowerCase().indexOf(title.toLowerCase(), t.start);
  return at >= 0 && at + title.length <= t.end ? { start: at, end: at + title.length } : null;
}

/** The DOI written in a reference entry (the first one found inside the entry), or null. */
function doiTextRange(t: TargetCandidate): Range | null {
  const text = t.paragraph.text.slice(t.start, t.end);
  if (text.indexOf('10.') < 0) return null;
  const d = findDois(text)[0];
  return d ? { start: t.start + d.start, end: t.start + d.end } : null;
}

/** The entry without its leading label and trailing white space. */
function entryRange(t: TargetCandidate): Range | null {
  const text = t.paragraph.text;
  const entry = text.slice(t.start, t.end);
  const label = /^\s*(?:\[\d+\]|\d+[.)]?)?\s*/.exec(entry)?.[0].length ?? 0;
  let end = t.end;
  while (end > t.start + label && /\s/.test(text[end - 1]!)) end--;
  return end > t.start + label ? { start: t.start + label, end } : null;
}

/** Range of a reference entry to link to its DOI (see the file comment for the order). */
export function referenceLinkRange(t: TargetCandidate, titleLink: boolean): Range | null {
  return (titleLink ? titleRange(t) : null) ?? doiTextRange(t) ?? entryRange(t);
}

/**
 * Whether a resolved work is to be linked: explicitly approved, or sent without an approval flag
 * and ready by the resolver's word (status ready; without a status, confidence at least 0.9). Works
 * the caller rejected (approved: false) and works the resolver left unmatched, held or
 * low-confidence without an explicit approval are not linked.
 */
export function isApproved(work: ResolvedWork): boolean {
  if (work.approved === true) return true;
  if (work.approved === false) return false;
  if (work.status !== undefined) return work.status === 'ready';
  return typeof work.confidence !== 'number' || work.confidence >= READY_CONFIDENCE;
}

/** A work without a status counts as ready from this confidence on (the contract's rule). */
const READY_CONFIDENCE = 0.9;

/**
 * The bibliography entry a resolvedWorks key names: a bibliography target id ("bib-3") or the refId
 * of a reference the resolver reported, which is the same id. Anything else is unknown.
 */
function entryFor(targetById: Map<string, TargetCandidate>, key: string): TargetCandidate | undefined {
  const t = targetById.get(key);
  return t && t.type === 'bibliography' ? t : undefined;
}

/**
 * Checks resolved works against the scan and returns the references to link. Throws DecisionError
 * (a 400) for a key that names no reference entry of this document, a work that is not an object,
 * or an approved work whose DOI is malformed.
 */
export function planResolvedWorks(targetById: Map<string, TargetCandidate>, resolved: Record<string, ResolvedWork> | undefined): ReferenceDoi[] {
  const out: ReferenceDoi[] = [];
  if (resolved === undefined || resolved === null) return out;
  if (typeof resolved !== 'object' || Array.isArray(resolved)) throw new DecisionError('invalid-resolved-work', 'resolvedWorks must be an object keyed by reference id');
  for (const [key, work] of Object.entries(resolved)) {
    const target = entryFor(targetById, key);
    if (!target) throw new DecisionError('unknown-resolved-work', `resolvedWorks names '${key}', which is no reference entry of this document (use the bibliography targetId from the scan)`);
    if (!work || typeof work !== 'object') throw new DecisionError('invalid-resolved-work', `resolvedWorks['${key}'] must be an object`);
    if (!isApproved(work)) continue;
    const doi = normaliseDoi(typeof work.doi === 'string' ? work.doi : null);
    if (!doi) throw new DecisionError('invalid-resolved-doi', `resolvedWorks['${key}'].doi is not a DOI (expected 10.<registrant>/<suffix>)`);
    out.push({ target, doi, source: 'resolvedWork' });
  }
  return out;
}
