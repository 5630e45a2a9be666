// Names and years as the author–date checks read them: the surname of an entry's first author and the names
// and year of an author–date citation ("Smith and Jones, 2019a", "Smith et al. (2019", "García y col., 2015").
import type { ReviewTarget } from '../../../shared/contract.ts';

/** "Adams PD" → Adams; "Smith, J." → Smith; "van der Berg A" → van der Berg; "WHO" → WHO. */
function surnameOf(author: string): string | null {
  const a = author.trim();
  if (!a) return null;
  if (a.includes(',')) return a.split(',')[0]!.trim() || null;
  const words = a.split(/\s+/);
  const kept = words.filter((w, i) => i === 0 || !/^(?:[A-Z]\.?-?){1,3}$/.test(w));
  return kept.join(' ') || null;
}

export function entrySurname(t: ReviewTarget): string | null {
  return t.authors?.[0] ? surnameOf(t.authors[0]) : null;
}

export interface CitedName {
  surname: string;
  /** Names written before the year: 1 ("Smith"), 2 ("Smith and Jones"), or 'et al.' */
  form: 1 | 2 | 'et-al';
  /** "2019", "2019a" */
  year: string;
}

const ET_AL = /\b(?:et\.? al|e col|y col|et coll|u\. ?a|i in|и др)\.?/i;
const AND = /\s(?:and|&|e|y|und|et|i|en)\s/;

/** The first author, the author form and the year of an author–date citation's text, or null. */
export function citedName(text: string): CitedName | null {
  const year = /(\d{4}[a-z]?|n\.d\.|s\.d\.)(?!.*\d{4})/.exec(text)?.[1];
  if (!year) return null;
  // A connector left at the start ("y Suguio (1973" from "by Suguio") is not a second author.
  const names = text.slice(0, text.lastIndexOf(year)).replace(/[,(\s]+$/, '').trim().replace(/^(?:and|&|e|y|und|et|i|en)\s+/i, '');
  if (!names) return null;
  const form: CitedName['form'] = ET_AL.test(names) ? 'et-al' : AND.test(` ${names} `) ? 2 : 1;
  const surname = names.replace(ET_AL, '').split(AND)[0]!.replace(/[,.\s]+$/, '').trim();
  return surname ? { surname, form, year } : null;
}
