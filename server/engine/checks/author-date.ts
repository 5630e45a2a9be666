// Author–date agreement: a citation's author form against its entry ("Smith and Jones" for a three-author entry,
// "et al." for one author), and a/b year suffixes used without two same-year entries, or missing where two entries
// of one first author share a year.
import type { CheckFinding, ReviewMatch, ReviewTarget } from '../../../shared/contract.ts';
import { atMention, atTarget, byDocumentOrder, finding } from './mentions.ts';
import { citedName, entrySurname } from './names.ts';

/** The author count an entry states, or null when its list is cut ("et al." in the entry) or unknown. */
function authorCount(t: ReviewTarget): number | null {
  const n = t.authors?.length ?? 0;
  if (n === 0) return null;
  if (/\bet al\b/i.test((t.text ?? '').slice(0, 200))) return null;
  return n;
}

function formAgrees(form: 1 | 2 | 'et-al', count: number): boolean {
  if (form === 'et-al') return count >= 3;
  if (form === 2) return count === 2;
  return count === 1;
}

const FORM_WORDS = { 1: 'one author', 2: 'two authors', 'et-al': '“et al.”' } as const;

export function authorDateChecks(matches: readonly ReviewMatch[], targets: readonly ReviewTarget[]): CheckFinding[] {
  const out: CheckFinding[] = [];
  const byId = new Map(targets.map((t) => [t.targetId, t]));
  const reported = new Set<string>();
  for (const m of byDocumentOrder(matches.filter((x) => x.kind === 'citation' && x.status === 'ready'))) {
    const t = byId.get(m.targetId);
    const cited = citedName(m.sourceText);
    if (!t || !cited) continue;
    const count = authorCount(t);
    if (count === null || formAgrees(cited.form, count)) continue;
    // Styles that list every author on first citation (APA 6th, up to five): a full list is never a fault.
    if (cited.form === 2 && count > 2) continue;
    const key = `${t.targetId}:${cited.form}`;
    if (reported.has(key)) continue;
    reported.add(key);
    out.push(finding('author-count', 'warning', `“${m.sourceText}” cites with ${FORM_WORDS[cited.form]}, but the entry has ${count} author${count === 1 ? '' : 's'}`, atMention(m), [t.targetId]));
  }

  // Year suffixes: entries grouped by first author and year without its suffix.
  const groups = new Map<string, ReviewTarget[]>();
  for (const t of targets) {
    if (t.type !== 'bibliography' || !t.year) continue;
    const surname = entrySurname(t);
    if (!surname) continue;
    const key = `${surname.toLowerCase()}|${t.year.replace(/[a-z]$/, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  for (const group of groups.values()) {
    const suffixed = group.filter((t) => /\d[a-z]$/.test(t.year!));
    if (group.length === 1 && suffixed.length === 1) {
      const t = group[0]!;
      out.push(finding('year-suffix', 'warning', `${entrySurname(t)} ${t.year} carries a suffix, but no other entry of ${entrySurname(t)} has that year`, atTarget(t), [t.targetId]));
    } else if (group.length > 1 && suffixed.length < group.length && authorsAlike(group)) {
      const t = group.find((x) => !/\d[a-z]$/.test(x.year!))!;
      out.push(finding('year-suffix', 'warning', `${group.length} entries of ${entrySurname(t)} from ${t.year!.replace(/[a-z]$/, '')} need a, b… suffixes to be told apart in the text`, atTarget(t), group.map((x) => x.targetId)));
    }
  }
  return out;
}

/** Entries whose citations would read the same: same first author and the same author form. */
function authorsAlike(group: ReviewTarget[]): boolean {
  const form = (t: ReviewTarget) => Math.min(t.authors?.length ?? 1, 3);
  return group.every((t) => form(t) === form(group[0]!));
}
