// Looks up bibliography entries for a citation: by number for numeric styles, by first-author
// surname, co-author and year (with a/b suffix) for author-year styles.

import { parseLabel } from '../../../references/fields.ts';
import { acronym, foldedWords, isAnonymous, nameKey, nameKeys, oneEditApart } from '../bibliography/names.ts';
import type { BibEntry, Bibliography } from '../types.ts';
import { isNoDate } from './language-words.ts';
import type { ReasonCode } from '../../../../shared/reasons.ts';

export interface Resolution {
  status: 'ready' | 'low_confidence' | 'unmatched';
  target?: BibEntry;
  alternatives: BibEntry[];
  confidence: number;
  /** Why (shared/reasons.ts): the match gets its code and English sentence. */
  why?: ReasonCode;
}

export function resolveNumber(bib: Bibliography | null, n: number): Resolution {
  const entry = bib?.entries.find((e) => e.labelNumber === n) ?? (bib && !bib.numbered ? undefined : undefined);
  if (!entry) return { status: 'unmatched', alternatives: [], confidence: 0.3, why: { code: 'numberedMissing', values: { n: String(n) } } };
  return { status: 'ready', target: entry, alternatives: [], confidence: 0.97 };
}

export interface AuthorYearQuery {
  /** Surnames as written: the first author, and the second one for "A and B". */
  first: string;
  second: string | null;
  etAl: boolean;
  year: string;
  suffix: string | null;
  /** How many authors the citation names when it lists them all ("Moreno, Patel, Okafor, & Hale": 4). */
  named?: number;
}

/** Folds "n.d.", "in press", "In Press" to one spelling. */
function yearWords(s: string): string {
  return s.toLowerCase().replace(/[\s\u00a0.]+/g, '');
}

/** A year matches the entry's year; "n.d." ("s.d.", "o. J.") / "in press" match an entry without a year that says so (or says nothing). */
function sameYear(e: BibEntry, year: string): boolean {
  if (/^\d{4}$/.test(year)) return e.baseYear === year;
  const w = yearWords(year);
  if (isNoDate(year)) return e.baseYear === null;
  return yearWords(e.text).includes(w) || e.baseYear === null;
}

/** The year written somewhere in the entry other than where its year was read ("Ward, 2002" for a 2003 review of a 2002 book). */
function yearElsewhere(e: BibEntry, year: string): boolean {
  return /^\d{4}$/.test(year) && new RegExp(`(?<![\\d/.])${year}(?![\\d/])`).test(e.text.replace(/\b10\.\d{4,9}\/\S+|https?:\/\/\S+/g, ''));
}

/** Why a citation goes to the only entry of its author though the years differ (the checks report the year all the same). */

/** Whether the entry has the authors the citation names: the second one, more than two (et al.), or one alone. */
function sameAuthors(e: BibEntry, q: AuthorYearQuery): boolean {
  if (q.second) {
    const k2 = nameKeys(q.second);
    return !!e.surnames[1] && nameKeys(e.surnames[1]).some((k) => k2.includes(k));
  }
  return q.etAl ? e.surnames.length > 2 || !!e.etAl : e.surnames.length === 1;
}

/** The shortest cited surname read as a misspelling of a listed one. */
const MIN_MISSPELT = 5;

/** How many of an entry's first words are kept to be matched by a citation naming the entry by them. */
const LEAD_WORDS = 8;

/**
 * The first words of the entry after its label, without a leading year ("(2004). The Proceedings …"):
 * what a citation names when the entry has no author ("Acute Myocardial Infarction …, 1997"), a corporate
 * one, or an author list the parser could not read.
 */
function leadWords(e: BibEntry): string[] {
  const words = foldedWords(e.text.slice(parseLabel(e.text).bodyStart));
  let i = 0;
  while (i < words.length && (/^(?:1[5-9]|20)\d\d[a-z]?$/.test(words[i]!) || (words[i] === 'n' && words[i + 1] === 'd'))) i += words[i] === 'n' ? 2 : 1;
  return words.slice(i, i + LEAD_WORDS);
}

export class AuthorIndex {
  private byKey = new Map<string, BibEntry[]>();
  /** Entries by the first of their lead words, with those words. */
  private byLead = new Map<string, Array<{ entry: BibEntry; words: string[] }>>();
  /** Entries that name no author: what "(Anon, 2004)" cites. */
  private anonymous: BibEntry[] = [];
  readonly anySuffix: boolean;

  constructor(readonly entries: BibEntry[]) {
    for (const e of entries) {
      const words = leadWords(e);
      if (words.length) {
        const list = this.byLead.get(words[0]!);
        if (list) list.push({ entry: e, words });
        else this.byLead.set(words[0]!, [{ entry: e, words }]);
      }
      const first = e.surnames[0];
      if (!first || isAnonymous(first)) this.anonymous.push(e);
      if (!first) continue;
      const keys = new Set(nameKeys(first));
      const acr = acronym(first);
      if (acr) keys.add(acr);
      // Corporate author with an acronym in parentheses: "World Health Organization (WHO)".
      const paren = /\(([\p{Lu}]{2,})\)/u.exec(e.authors[0] ?? '');
      if (paren) keys.add(nameKey(paren[1]!));
      for (const k of keys) {
        const list = this.byKey.get(k);
        if (list) list.push(e);
        else this.byKey.set(k, [e]);
      }
    }
    this.anySuffix = entries.some((e) => e.yearSuffix !== null);
  }

  /** Whether some entry's first author has this surname, or some entry starts with these words (any year). */
  knowsSurname(name: string): boolean {
    return nameKeys(name).some((k) => this.byKey.has(k)) || this.byLeadWords(name).length > 0 || (isAnonymous(name) && this.anonymous.length > 0);
  }

  /**
   * Entries whose first words (after the label and a leading year) are the words of `name`; a longer name (a whole
   * title standing in for the author) names the entries whose first words are its first ones.
   */
  byLeadWords(name: string): BibEntry[] {
    const words = foldedWords(name);
    if (!words.length) return [];
    const head = words.slice(0, LEAD_WORDS);
    return (this.byLead.get(words[0]!) ?? []).filter((x) => head.every((w, i) => x.words[i] === w) && (words.length <= LEAD_WORDS || x.words.length === LEAD_WORDS)).map((x) => x.entry);
  }

  candidates(name: string): BibEntry[] {
    const out = new Set<BibEntry>();
    for (const k of nameKeys(name)) for (const e of this.byKey.get(k) ?? []) out.add(e);
    for (const e of this.byLeadWords(name)) out.add(e);
    if (isAnonymous(name)) for (const e of this.anonymous) out.add(e);
    return [...out].sort((a, b) => a.refIndex - b.refIndex);
  }

  /**
   * The entry of this year whose first author's surname is one letter off the cited one ("Costal et al., 2014"
   * for Costa), when exactly one is and it has the authors the citation names; null otherwise. Names of five
   * letters or more only: shorter ones are too often other people ("Chen", "Chan").
   */
  private misspelt(q: AuthorYearQuery): BibEntry | null {
    const cited = nameKey(q.first);
    if (cited.length < MIN_MISSPELT || !/^\d{4}$/.test(q.year)) return null;
    const found = new Set<BibEntry>();
    for (const [key, list] of this.byKey) {
      if (key.length < MIN_MISSPELT - 1 || !oneEditApart(key, cited)) continue;
      for (const e of list) if ((e.baseYear === q.year || yearElsewhere(e, q.year)) && sameAuthors(e, q)) found.add(e);
    }
    return found.size === 1 ? [...found][0]! : null;
  }

  resolve(q: AuthorYearQuery, suffixOptIn: boolean): Resolution {
    const byName = this.candidates(q.first);
    if (!byName.length) {
      const near = this.misspelt(q);
      return near
        ? { status: 'low_confidence', target: near, alternatives: [], confidence: 0.4, why: { code: 'misspeltAuthor', values: { name: near.surnames[0] ?? '' } } }
        : { status: 'unmatched', alternatives: [], confidence: 0.3, why: { code: 'noAuthorYear' } };
    }
    let cands = byName.filter((e) => sameYear(e, q.year));
    if (!cands.length) {
      // The year is not the entry's, but the entry of this author writes it (a reprint, a review of a book of that year).
      const elsewhere = byName.filter((e) => yearElsewhere(e, q.year));
      if (elsewhere.length) return { status: 'low_confidence', target: elsewhere[0]!, alternatives: elsewhere.slice(1), confidence: 0.5, why: { code: 'yearWrittenIn' } };
      // The list's only entry of this author (and co-authors) has another year: a mistyped year ("SADE, 1979" for
      // 1797) or another edition of the work. Proposed for review; the checks still report the year.
      const sole = byName.length === 1 && /^\d{4}$/.test(q.year) && sameAuthors(byName[0]!, q) ? byName[0]! : null;
      if (sole) return { status: 'low_confidence', target: sole, alternatives: [], confidence: 0.4, why: { code: 'otherYearOnly' } };
      return { status: 'unmatched', alternatives: [], confidence: 0.3, why: { code: 'noAuthorYear' } };
    }
    const narrow = (f: (e: BibEntry) => boolean) => {
      const kept = cands.filter(f);
      if (kept.length) cands = kept;
    };
    if (q.second) {
      const k2 = nameKeys(q.second);
      narrow((e) => !!e.surnames[1] && nameKeys(e.surnames[1]).some((k) => k2.includes(k)));
      // "Smith and Jones" names two authors; "Anderson, Ellingsen & McArdle" (etAl: more than two) three or more.
      if (q.etAl) narrow((e) => e.surnames.length > 2 || !!e.etAl);
      else narrow((e) => e.surnames.length === 2 && !e.etAl);
    } else if (q.etAl) narrow((e) => e.surnames.length > 2 || !!e.etAl);
    else narrow((e) => e.surnames.length === 1);
    // A list naming every author tells same-year entries of one team apart by their number of authors.
    if (q.named !== undefined) narrow((e) => e.surnames.length === q.named);

    if (q.suffix) {
      const withSuffix = cands.filter((e) => e.yearSuffix === q.suffix);
      if (withSuffix.length === 1) return { status: 'ready', target: withSuffix[0]!, alternatives: [], confidence: 0.95 };
      if (cands.every((e) => e.yearSuffix === null)) {
        // The list prints no suffixes: a/b follow the order of same-author-year entries (opt-in only).
        const i = q.suffix.charCodeAt(0) - 97;
        if (suffixOptIn && cands.length > 1 && i < cands.length) {
          return { status: 'ready', target: cands[i]!, alternatives: [], confidence: 0.8, why: { code: 'suffixByOrder' } };
        }
        if (cands.length === 1 && i === 0 && suffixOptIn) return { status: 'ready', target: cands[0]!, alternatives: [], confidence: 0.8 };
        return { status: 'low_confidence', target: cands[Math.min(i, cands.length - 1)]!, alternatives: cands.filter((_, j) => j !== Math.min(i, cands.length - 1)), confidence: 0.5, why: { code: 'noSuffixes' } };
      }
      // "Fernandes, 2020a" where the list prints "2020b" for one entry and no letter for the other: the
      // letter-less entry is the one the list forgot to mark.
      const bare = cands.filter((e) => e.yearSuffix === null);
      if (withSuffix.length === 0 && bare.length === 1) return { status: 'low_confidence', target: bare[0]!, alternatives: [], confidence: 0.6, why: { code: 'onlyUnsuffixed', values: { suffix: q.suffix } } };
      if (withSuffix.length === 0) return { status: 'unmatched', alternatives: cands, confidence: 0.3, why: { code: 'noSuffix', values: { suffix: q.suffix } } };
      cands = withSuffix;
    }
    if (cands.length === 1) return { status: 'ready', target: cands[0]!, alternatives: [], confidence: 0.95 };
    return { status: 'low_confidence', target: cands[0]!, alternatives: cands.slice(1), confidence: 0.5, why: { code: 'severalAuthorYear', values: { n: String(cands.length) } } };
  }
}
