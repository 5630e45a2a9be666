// Duplicate reference entries: the same DOI twice, or the same first author, year and title.
import type { CheckFinding, ReviewTarget } from '../../../shared/contract.ts';
import { atTarget, finding } from './mentions.ts';
import { entrySurname } from './names.ts';

function titleKey(t: ReviewTarget): string | null {
  const title = (t.title ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return title.length >= 12 ? title : null;
}

/** Without a parsed title, the entry's text past its authors and year stands in for it. */
function textKey(t: ReviewTarget): string | null {
  const text = (t.text ?? '').replace(/^\s*\[?\d{1,4}[\].):]?\s+/, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return text.length >= 30 ? text : null;
}

export function duplicateChecks(targets: readonly ReviewTarget[]): CheckFinding[] {
  const out: CheckFinding[] = [];
  const seen = new Map<string, ReviewTarget>();
  for (const t of targets) {
    if (t.type !== 'bibliography') continue;
    const keys: Array<[string, string]> = [];
    if (t.doi) keys.push([`doi:${t.doi.toLowerCase()}`, `the same DOI (${t.doi})`]);
    const surname = entrySurname(t)?.toLowerCase();
    const title = titleKey(t);
    if (surname && t.year && title) keys.push([`work:${surname}|${t.year}|${title}`, 'the same first author, year and title']);
    const text = textKey(t);
    if (text) keys.push([`text:${text}`, 'the same text']);
    for (const [key, why] of keys) {
      const first = seen.get(key);
      if (first) {
        out.push(finding('duplicate-entry', 'warning', `Reference ${t.refIndex ?? ''} repeats reference ${first.refIndex ?? ''}: ${why}`.replace(/ {2,}/g, ' '), atTarget(t), [first.targetId, t.targetId]));
        break;
      }
    }
    for (const [key] of keys) if (!seen.has(key)) seen.set(key, t);
  }
  return out;
}
