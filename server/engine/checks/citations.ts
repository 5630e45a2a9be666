// Citation checks: a citation that names no entry (with the nearest entry when only the year or its suffix
// differs), entries never cited, first citations out of order in lists numbered by first mention, and gaps or
// repeats in a numbered list.
import type { CheckFinding, ReviewMatch, ReviewTarget } from '../../../shared/contract.ts';
import { atMention, atTarget, byDocumentOrder, compareLocations, finding, firstWords, quoted, typedEntryNumber } from './mentions.ts';
import { citedName, entrySurname } from './names.ts';
import { oneEditApart } from '../detect/bibliography/names.ts';

/** Share of consecutive entries first cited in number order above which the list counts as numbered by first mention. */
const FIRST_MENTION_ORDER = 0.8;

function entries(targets: readonly ReviewTarget[]): ReviewTarget[] {
  return targets.filter((t) => t.type === 'bibliography').sort((a, b) => (a.refIndex ?? 0) - (b.refIndex ?? 0));
}

/** "Smith 2018?": an entry of the cited surname whose year differs, or differs only in its a/b suffix. */
function nearestEntry(m: ReviewMatch, list: readonly ReviewTarget[]): ReviewTarget | null {
  const cited = citedName(m.sourceText);
  if (!cited) return null;
  const same = list.filter((t) => entrySurname(t)?.toLowerCase() === cited.surname.toLowerCase());
  if (same.length === 0) return null;
  const base = cited.year.replace(/[a-z]$/, '');
  return same.find((t) => (t.year ?? '').replace(/[a-z]$/, '') === base) ?? same.sort((a, b) => Math.abs(Number.parseInt(a.year ?? '0', 10) - Number(base)) - Math.abs(Number.parseInt(b.year ?? '0', 10) - Number(base)))[0]!;
}

/**
 * An entry of the cited year that has the cited name as a word of its text but not as its first author
 * ("(Xds, 2010)" for "Kabsch W. 2010. Xds. Acta Cryst…", "(WMOW.M.O, 2026)" read as "O, 2026" for "WMO. W.M.O
 * (2026)", "Keese, 2007" for "… Sadler, M. S., & Keesee, T. (2007)"): the citation may name it by its title, a
 * later author or a misspelt one, which the check cannot decide.
 */
function entryNamingIt(m: ReviewMatch, list: readonly ReviewTarget[]): ReviewTarget | null {
  const cited = citedName(m.sourceText);
  if (!cited) return null;
  const name = cited.surname.toLowerCase();
  const base = cited.year.replace(/[a-z]$/, '');
  const words = (t: ReviewTarget) => (t.text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const like = (w: string) => w === name || (name.length >= 4 && oneEditApart(w, name));
  // An entry of that first author is the nearest entry (the error names it), not an undecided reading.
  const other = (t: ReviewTarget) => entrySurname(t)?.toLowerCase() !== name;
  return list.find((t) => (t.year ?? '').replace(/[a-z]$/, '') === base && other(t) && words(t).some(like)) ?? null;
}

export function citationChecks(matches: readonly ReviewMatch[], targets: readonly ReviewTarget[], mentions: Map<string, ReviewMatch[]>, citeStyle: string | undefined): CheckFinding[] {
  const out: CheckFinding[] = [];
  const list = entries(targets);
  const citations = byDocumentOrder(matches.filter((m) => m.kind === 'citation'));
  const numbered = citeStyle === 'number' || citeStyle === 'superscript';
  const last = list.length ? Math.max(...list.map((t) => typedEntryNumber(t.text) ?? t.refIndex ?? 0)) : 0;

  for (const m of citations) {
    if (m.status === 'unmatched' || (m.status === 'low_confidence' && m.reasonCode?.code === 'otherYearOnly')) {
      if (numbered) {
        out.push(finding('citation-without-entry', 'error', `Citation ${quoted(m)} names no entry: the reference list ${list.length ? `ends at ${last}` : 'was not found'}`, atMention(m)));
        continue;
      }
      const naming = entryNamingIt(m, list);
      if (naming) {
        out.push(finding('undecided', 'note', `Citation “${m.sourceText}” names no first author of the list, but ${naming.label} of that year has the word: check which entry it cites`, atMention(m), [naming.targetId]));
        continue;
      }
      const near = nearestEntry(m, list);
      const hint = near ? ` (${entrySurname(near)} ${near.year ?? 'n.d.'}?)` : '';
      out.push(finding('citation-without-entry', 'error', `Citation “${m.sourceText}” matches no entry in the reference list${hint}`, atMention(m), near ? [near.targetId] : []));
    } else if (m.status === 'low_confidence') {
      out.push(finding('undecided', 'note', `Citation “${m.sourceText}” could name more than one entry; the checks do not decide which`, atMention(m), [m.targetId, ...(m.alternatives ?? [])].filter(Boolean)));
    }
  }

  if (list.length && citations.length === 0) {
    out.push(finding('undecided', 'note', 'No in-text citation was recognised, so entries that are never cited are not reported', atTarget(list[0]!), []));
    return out;
  }
  for (const t of list) {
    if (mentions.has(t.targetId)) continue;
    const n = typedEntryNumber(t.text) ?? t.refIndex;
    const words = firstWords((t.text ?? t.label).replace(/^\s*\[?\d{1,4}[\].):]?\s+/, ''), 60);
    out.push(finding('entry-not-cited', 'warning', `${n ? `Reference ${n}` : 'A reference'} is never cited: “${words}”`, atTarget(t), [t.targetId]));
  }

  if (numbered) {
    out.push(...firstMentionOrder(list, mentions, captionParagraphs(targets)));
    out.push(...numberingFaults(list));
  }
  return out;
}

/** Paragraphs that hold a caption: journals number the citations of a legend where its figure is first cited. */
function captionParagraphs(targets: readonly ReviewTarget[]): Set<string> {
  return new Set(targets.filter((t) => t.type !== 'bibliography' && t.type !== 'section' && t.type !== 'appendix').map((t) => `${t.location.part}#${t.location.paragraph}`));
}

/** In a list numbered by first mention, an entry first cited (outside captions) before the entry numbered just below it. */
function firstMentionOrder(list: readonly ReviewTarget[], mentions: Map<string, ReviewMatch[]>, captions: Set<string>): CheckFinding[] {
  const inText = (m: ReviewMatch) => !captions.has(`${m.location.part}#${m.location.paragraph}`);
  const firsts = list.map((t) => ({ t, n: typedEntryNumber(t.text) ?? t.refIndex ?? 0, first: mentions.get(t.targetId)?.find(inText) ?? null }));
  const pairs = firsts.slice(1).map((cur, i) => ({ prev: firsts[i]!, cur })).filter((p) => p.prev.first && p.cur.first);
  if (pairs.length < 3) return [];
  const ordered = pairs.filter((p) => compareLocations(p.prev.first!.location, p.cur.first!.location) <= 0).length;
  if (ordered / pairs.length < FIRST_MENTION_ORDER) return []; // numbered in another order (alphabetical lists)
  return pairs
    .filter((p) => compareLocations(p.cur.first!.location, p.prev.first!.location) < 0)
    .map((p) => finding('citation-order', 'warning', `[${p.cur.n}] is first cited before [${p.prev.n}]: the list is numbered by first mention`, atMention(p.cur.first!), [p.cur.t.targetId, p.prev.t.targetId]));
}

/** Typed entry numbers that skip or repeat (1, 2, 4 or 1, 2, 2). */
function numberingFaults(list: readonly ReviewTarget[]): CheckFinding[] {
  const out: CheckFinding[] = [];
  let prev: { n: number; t: ReviewTarget } | null = null;
  for (const t of list) {
    const n = typedEntryNumber(t.text);
    if (n === null) return out; // an unnumbered list (superscripts matched by position)
    if (prev && n === prev.n) out.push(finding('reference-numbering', 'error', `Reference number ${n} is used twice`, atTarget(t), [prev.t.targetId, t.targetId]));
    else if (prev && n < prev.n) out.push(finding('reference-numbering', 'error', `Reference ${n} comes after reference ${prev.n}: the list is out of order`, atTarget(t), [prev.t.targetId, t.targetId]));
    else if (prev && n > prev.n + 1) out.push(finding('reference-numbering', 'warning', `The reference list skips ${n === prev.n + 2 ? `number ${prev.n + 1}` : `numbers ${prev.n + 1}–${n - 1}`}`, atTarget(t), [prev.t.targetId, t.targetId]));
    prev = { n, t };
  }
  return out;
}
