// The citation words of the languages in labels/*.json as pattern pieces for the author-year reader: the
// words joining two authors ("Silva e Souza", "García y Pérez", "Müller und Schmidt"), the et-al forms
// ("e col.", "y col.", "u. a.", "и др."), the no-date forms ("s.d.", "s/d", "o. J.", "sin fecha") and the
// month names that are no surnames ("Março 2020", "März 2020").

import { citationWords, connectorWords } from '../labels/vocabulary.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SPACE = '[\\s\\u00a0]';

/** A written form as a pattern: its spaces as any space (or none after a full stop: "u.a." = "u. a."). */
function spaced(word: string): string {
  return word.split(/\s+/).map(escape).join(`${SPACE}*`);
}

/** Words written in letters with spaces around them (not the CJK forms: "等", "と" follow a name directly). */
const spacedWord = (w: string) => /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}][\p{L}\p{M}.’' ]*$/u.test(w);

/** "e|y|und|et|i|en|…": the words joining two authors in every language, an alternation without a group. */
export const AUTHOR_AND = connectorWords('and')
  .split('|')
  .filter((w) => spacedWord(w) && w !== 'and')
  .join('|');

/** "by|de|von|…": the words between a work and its author ("Moral und Hypermoral (1969) de Arnold Gehlen"), an alternation without a group. */
export const AUTHOR_BY = ['by', ...connectorWords('by').split('|').filter(Boolean)].join('|');

/** The et-al forms of every language after the name ("e col.", "u. a."), an alternation without a group. */
export const OTHER_ET_AL = citationWords('etAl')
  .filter((w) => spacedWord(w) && !/^et al\.?$/.test(w))
  .map((w) => (w.endsWith('.') ? `${spaced(w.slice(0, -1))}\\.?` : spaced(w)))
  .join('|');

/** The no-date forms of every language ("s.d.", "s/d", "o. J.", "sin fecha"), an alternation without a group. */
export const OTHER_NO_DATE = citationWords('noDate')
  .filter((w) => w !== 'n.d.')
  .map(spaced)
  .join('|');

/** A no-date form folded: "S. d." → "sd", "s/d" → "sd", "o. J." → "oj", ISO 690's "[no date]" → "nodate". */
export function noDateKey(s: string): string {
  return s.toLowerCase().replace(/[\s\u00a0./[\]]+/g, '');
}

const NO_DATE_KEYS = new Set(['nd', 'nodate', ...citationWords('noDate').map(noDateKey)]);

/** Whether a citation's "year" says the work has none ("n.d.", "s.d.", "s/d", "o. J."). */
export function isNoDate(year: string): boolean {
  return NO_DATE_KEYS.has(noDateKey(year));
}

/** Month names of every language, capitalised as they open a sentence ("Março", "März"): never a surname. */
export const MONTHS: ReadonlySet<string> = new Set(citationWords('months').map((m) => m[0]!.toUpperCase() + m.slice(1)));
