// Label vocabularies of languages other than English, as data: one JSON file per language beside this
// module (figure, table, equation, section, appendix, supplementary, algorithm and listing words: singular,
// plural, abbreviations, the case forms met in running text). The detectors add the words of every
// language to their English patterns, so a manuscript in any of them (or mixing them: an English abstract
// in a Portuguese paper) is read without naming its language. Wired today: figure, table and equation
// mentions and captions (figures.ts, tables.ts, equations.ts), supplementary floats and material (labelled.ts,
// supplementary.ts), algorithm and listing mentions and captions, section and chapter mentions by number
// (sections.ts), appendix headings and mentions (appendices.ts), and the list and range words of every
// labelled mention ("Figuras 7, 8 e 10", "Tabelas 1 a 3": grammar.ts). Citation words (also data here): the
// connectors between authors and the et-al and no-date forms (citations/author-year.ts), reference-list
// headings (bibliography/headings.ts) and month names (not author names).

import de from './de.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };

export type LabelKind = 'figure' | 'table' | 'equation' | 'section' | 'appendix' | 'supplementary' | 'algorithm' | 'listing';

/** Words of a language's citations and reference lists: "e col." (et al.), "s.d." (no date), the reference-list headings, month names. */
export type CitationWordKind = 'etAl' | 'noDate' | 'references' | 'months';

/**
 * A language's label words, the words joining two items of a list ("e", "und": also two authors), the ends
 * of a range ("a", "bis") or a work to its author ("de", "von"), and its citation words.
 */
export type LanguageLabels = { language: string; name: string; and: string[]; to: string[]; /** "by" before an author's name ("de", "von"). */ by: string[]; /** Common words, to tell a paragraph's language (detect/languages.ts). */ common: string[] } & Record<LabelKind | CitationWordKind, string[]>;

export const LANGUAGES: readonly LanguageLabels[] = [pt, es, fr, de, it, nl, pl, tr, ru, zh, ja];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One word as a pattern: its first letter in either case, or the whole word in capitals ("FIGURA 1"); a
 * final full stop of an abbreviation may be left out ("Abb 1").
 */
function wordPattern(word: string): string {
  const dot = word.endsWith('.');
  const stem = dot ? word.slice(0, -1) : word;
  const first = stem[0]!;
  const rest = escape(stem.slice(1));
  const cased = first.toUpperCase() === first.toLowerCase() ? escape(first) + rest : `[${first.toUpperCase()}${first.toLowerCase()}]${rest}`;
  const forms = stem.toUpperCase() === stem || stem.length === 1 ? [cased] : [cased, escape(stem.toUpperCase())];
  return forms.map((f) => (dot ? `${f}\\.?` : f)).join('|');
}

/** A pattern that matches nothing: the label words of a kind no language of the vocabulary has. */
const NOTHING = '(?!)';

/** The label words of some languages (those a manuscript uses, or a setting pins; all of them by default). */
export class Vocabulary {
  private readonly cache = new Map<LabelKind, string>();
  constructor(readonly languages: readonly LanguageLabels[]) {}

  /** The language codes, in LANGUAGES order: "pt,en"-like keys name a vocabulary. */
  get codes(): string[] {
    return this.languages.map((l) => l.language);
  }

  /**
   * The label words of a kind in these languages, as a regex alternation (no group), longest first so that
   * "Figuras" is read whole before "Figura"; words English already reads are left out.
   */
  labelWords(kind: LabelKind, english: RegExp): string {
    let source = this.cache.get(kind);
    if (source === undefined) {
      const words = new Set<string>();
      for (const lang of this.languages) for (const w of lang[kind]) if (!english.test(w)) words.add(w);
      source = words.size ? [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(wordPattern).join('|') : NOTHING;
      this.cache.set(kind, source);
    }
    return source;
  }

  /** The words of a kind in these languages, as written in labels/*.json. */
  words(kind: LabelKind): string[] {
    return [...new Set(this.languages.flatMap((l) => l[kind]))];
  }

  /**
   * The SEQ field identifiers a caption of the kind may carry in these languages (Word's Insert Caption names
   * the field after its label: "SEQ Algoritmo", "SEQ 图"): the whole words, lower case. The detectors take those
   * of every language (ALL_LANGUAGES): a SEQ field names its kind whatever language the text is told to be.
   */
  seqNames(kind: LabelKind): string[] {
    const out = new Set<string>();
    for (const lang of this.languages) for (const w of lang[kind]) if (/^\p{L}+$/u.test(w)) out.add(w.toLowerCase());
    return [...out];
  }
}

/** Every language of labels/*.json: what a manuscript too short to tell its languages gets. */
export const ALL_LANGUAGES = new Vocabulary(LANGUAGES);

const vocabularies = new Map<string, Vocabulary>([[ALL_LANGUAGES.codes.join(','), ALL_LANGUAGES]]);

/** The vocabulary of these language codes (unknown codes and English, which the detectors read always, add nothing). */
export function vocabularyOf(codes: readonly string[]): Vocabulary {
  const languages = LANGUAGES.filter((l) => codes.includes(l.language));
  const key = languages.map((l) => l.language).join(',');
  let v = vocabularies.get(key);
  if (!v) vocabularies.set(key, (v = new Vocabulary(languages)));
  return v;
}

/** The citation words of a kind in every language, longest first ("e col.", "u. a.", "s/d", "Referências"). */
export function citationWords(which: CitationWordKind): string[] {
  const words = new Set<string>();
  for (const lang of LANGUAGES) for (const w of lang[which]) words.add(w);
  return [...words].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/** The words joining list items (`and`), range ends (`to`) or a work to its author (`by`) in every language, as a regex alternation (no group). */
export function connectorWords(which: 'and' | 'to' | 'by'): string {
  const words = new Set<string>();
  for (const lang of LANGUAGES) for (const w of lang[which]) words.add(w);
  return [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(escape).join('|');
}
