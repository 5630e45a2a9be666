// The author block of a reference entry read into names: where the block ends when initials or given names
// stand inside it (Chicago, MLA, AIP, IEEE), and each name split into family and given names as written.
// Pure string functions; parse.ts reads an entry with them.

import { type YearHit, authorBlockEnd } from './fields.ts';

export interface ParsedAuthor {
  family: string;
  /** Given names or initials as written ("J. A.", "JA"), or null. */
  given: string | null;
}

/** A final full stop that belongs to an initial ("Anna M.", "J. A.", "J.-P."), not to the sentence ("John."). */
const ENDS_ON_INITIAL = /(?:^|[\s.-])\p{Lu}\.$/u;

/** Given names as written: trailing commas dropped, a final full stop kept when it is an initial's. */
function givenAsWritten(given: string): string {
  const g = given.replace(/[,;:]+$/, '').trim();
  return ENDS_ON_INITIAL.test(g) ? g : g.replace(/\.+$/, '').trim();
}

function splitAuthor(name: string): ParsedAuthor {
  const n = name.replace(/[.,;:]+$/, '').trim();
  // "Smith, J. A." / "Smith, John": the initials keep their full stops.
  let m = /^([^,]+),\s*(.+)$/.exec(name.replace(/[,;:]+$/, '').trim());
  if (m) return { family: m[1]!.trim(), given: givenAsWritten(m[2]!) };
  // "J.A. Smith", "K. H. Meyer", "John Smith" is ambiguous with "Smith JA": initials decide.
  m = /^((?:\p{Lu}\.\s?-?)+)\s*(.+)$/u.exec(n);
  if (m) return { family: m[2]!.trim(), given: m[1]!.trim() };
  // "Smith JA", "van der Berg J", "Smith J-P"
  m = /^(.+?)\s+(\p{Lu}{1,4}(?:-\p{Lu})?|(?:\p{Lu}\.\s?)+)$/u.exec(n);
  if (m) return { family: m[1]!.trim(), given: m[2]!.trim() };
  // "Alexandr Luppo"-like first-given forms stay whole as a family name (no safe split).
  return { family: n, given: null };
}

// Names written in full: a capitalised word ("Anna", "Jean-Luc", "O’Brien", "McDonald", "Łukasz"),
// an initial ("M", "M.", "J.-P."), a particle ("de", "van", "der"). Words are separated by spaces
// (or follow a dotted initial), so that "AM" is not read as two initials.
const PARTICLE = "(?:d[aeiou]s?|de[lnr]?|della|van|von|vom|zu[mr]?|te[nr]?|la|le|y|bin|ibn|al|el|ben|st\\.?)";
const NAME_PART = "(?:\\p{Ll}{1,3}[’'])?\\p{Lu}(?:[\\p{Ll}’']|\\p{Lu}(?=\\p{Ll}))*\\p{Ll}";
const NAME_WORD = `${NAME_PART}(?:-${NAME_PART})*`;
const INITIAL = '\\p{Lu}\\.?(?:-\\p{Lu}\\.?)?';
const GIVEN_WORDS = `(?:${NAME_WORD}|${INITIAL})(?:(?:\\s+|(?<=\\.))(?:${NAME_WORD}|${INITIAL})){0,3}`;
/** A surname printed in capitals (small capitals are often typed so): "TANABE", "ZUSPAN", "GOULET-CAZÉ". */
const CAPITALS_WORD = "\\p{Lu}{3,}(?:[-’']\\p{Lu}{2,})*";
const SURNAME = `(?:${PARTICLE}\\s+){0,3}(?:${NAME_WORD}|${CAPITALS_WORD})`;
const SUFFIX = /^(?:Jr|Sr|II|III|IV)\.?$/;
const EDITORS = /^(?:eds?|editors?|Hrsg|trans)\.?$/i;
/** "Brown", "de Vries", "van der Berg", "Smith-Jones": a surname alone, no initials. */
const SURNAME_ONLY = new RegExp(`^${SURNAME}$`, 'u');
/** The first author's surname may have two words ("Calquín Donoso"). */
const FIRST_SURNAME_ONLY = new RegExp(`^${SURNAME}(?:\\s+${NAME_WORD})?$`, 'u');
/**
 * After a two-word first chunk ("Calquín Donoso, Claudia") one given name and initials at most:
 * "Xueli An, Minghao Zhao" lists two authors given name first.
 */
const ONE_GIVEN_NAME = new RegExp(`^(?:${INITIAL}\\s*)*${NAME_WORD}(?:\\s*${INITIAL})*$`, 'u');
/** "Anna M.", "Anna Maria", "J. Anna", "Jan de": given names, at least one written in full. */
const GIVEN_NAMES = new RegExp(`^(?=.*${NAME_WORD})${GIVEN_WORDS}(?:\\s+${PARTICLE}){0,2}$`, 'u');
/** "Piotr Kowalski", "Anna M. de Vries", "Lee Chen Jr.": given names first, then the surname. */
const GIVEN_FIRST = new RegExp(`^(${GIVEN_WORDS}?)\\s+(${SURNAME})(?:,?\\s+(?:Jr|Sr|II|III|IV)\\.?)?$`, 'u');

/**
 * The authors of a list split at commas and "and" (parseAuthors): "Surname, Given Names" written in
 * full (Chicago, MLA, some Harvard) comes as two chunks, "Brown" and "Anna M.", joined here into one
 * author. After such a first author, Chicago and MLA write the others "Given Surname" ("Piotr
 * Kowalski"), read so. Vancouver, APA, Harvard and ACS chunks carry their initials and pass through.
 */
export function readAuthors(chunks: string[]): ParsedAuthor[] {
  const out: ParsedAuthor[] = [];
  let givenFirst = false;
  for (let i = 0; i < chunks.length; i++) {
    // APA 6 elides the middle of a long list: "…, Erdem, D., … Odabas, A. R.".
    const raw = chunks[i]!.replace(/[,;:]+$/, '').replace(/^(?:…|\.\.\.)\s*/, '').trim();
    let chunk = raw.replace(/\.+$/, '').trim();
    if (EDITORS.test(chunk)) continue;
    // "Altman, David, und Rossana Castiglioni": a conjunction parseAuthors does not split at.
    if (givenFirst) chunk = chunk.replace(/^(?:und|et|y|e|en|og|och|és|i)\s+(?=\p{Lu})/u, '');
    if (SUFFIX.test(chunk) && out.length) {
      const last = out[out.length - 1]!;
      last.given = last.given ? `${last.given}, ${chunk}` : chunk;
      continue;
    }
    // parseAuthors appends "Jr" to the chunk before it, as it does initials: "Anna M., Jr".
    const next = chunks[i + 1] ? /^(.*?)[.,;:]*(?:,\s*((?:Jr|Sr)\.?))?$/.exec(chunks[i + 1]!.trim()) : null;
    if (next && GIVEN_NAMES.test(next[1]!) && (SURNAME_ONLY.test(chunk) || (i === 0 && FIRST_SURNAME_ONLY.test(chunk) && ONE_GIVEN_NAME.test(next[1]!)))) {
      const given = givenAsWritten(chunks[i + 1]!.trim().replace(/,\s*(?:Jr|Sr)\.?$/, ''));
      out.push({ family: chunk, given: next[2] ? `${given}, ${next[2]}` : given });
      if (i === 0) givenFirst = true;
      i++;
      continue;
    }
    const m = givenFirst ? GIVEN_FIRST.exec(chunk) : null;
    if (m) out.push({ family: m[2]!.trim(), given: m[1]!.trim() });
    else out.push(splitAuthor(givenFirst ? chunk : raw));
  }
  return out;
}

/** "Brown, Anna M., …": a list that starts "Surname, Given Names" (Chicago, MLA). */
const INVERTED_FIRST = new RegExp(`^${SURNAME}(?:\\s+${NAME_WORD})?,\\s*(${GIVEN_WORDS})\\.?(?:,|\\s(?:and|&)\\s)`, 'u');
/** The block so far ends on the middle initial of a later "Given I. Surname" author. */
const ENDS_ON_MIDDLE_INITIAL = new RegExp(`(?:,|\\band|&)\\s+${NAME_WORD}(?:\\s+${INITIAL})*\\s+\\p{Lu}\\.$`, 'u');
/** The block so far ends on the initials of a later "I. Surname" author: "Brown, A. M., and D." (Chicago with initials). */
const ENDS_ON_INITIALS = new RegExp(`(?:,|\\band|&)\\s+(?:\\p{Lu}\\.\\s?-?)+$`, 'u');
const SURNAME_NEXT = new RegExp(`^\\s+${SURNAME}(?=[.,]|\\s(?:and|&|Jr\\.?|Sr\\.?)[\\s,.])`, 'u');

/**
 * authorBlockEnd stops at "Initial. Capital" ("Quint M. Development"): in a Chicago/MLA list that
 * cuts "Piotr J. Kowalski" after "J.". When the list starts "Surname, Given Names" and the block
 * ends on such a middle initial followed by a surname, the block goes on to the next boundary.
 */
export function extendOverMiddleInitials(cleaned: string, end: number, year: YearHit | null): number {
  const first = INVERTED_FIRST.exec(cleaned);
  if (!first) return end;
  // After "Surname, Given Names" a later author's middle initial; after "Surname, I." a later author's initials.
  const endsOnInitial = GIVEN_NAMES.test(first[1]!) ? ENDS_ON_MIDDLE_INITIAL : ENDS_ON_INITIALS;
  for (let guard = 0; guard < 20 && endsOnInitial.test(cleaned.slice(0, end)); guard++) {
    const m = SURNAME_NEXT.exec(cleaned.slice(end));
    if (!m) break;
    const from = end + m[0].length;
    const next = end + authorBlockEnd(cleaned.slice(end), null);
    if (next < from) break;
    end = Math.min(next, year && year.start >= from ? year.start - (cleaned[year.start - 1] === '(' ? 1 : 0) : Infinity, 600);
  }
  return end;
}

/** Lower-case words a list of names holds: "and", "et al.", "ed.", particles. */
const NAME_LINK = new RegExp(`^(?:and|et|al|eds?|${PARTICLE})$`, 'u');

/**
 * authorBlockEnd ends a block at "Initial. Capital", which an initial before a name also is: "Benke, A.C., G.M. Ward &
 * T.D. Richardson. 1999.", "Hobson, J. D., and J. G. McCluskey. 1967.", "Hubbard, Anne, N. Adzick, and Alan Flake. 1999."
 * When the block ends on an initial, or initials stand before names in what follows, and only names lie between
 * that end and the year (capitalised words, initials, "and", "&", no sentence of its own), the block runs to the year.
 */
export function namesRunToYear(cleaned: string, end: number, year: YearHit): boolean {
  if (year.start <= end) return false;
  const between = cleaned.slice(end, year.start);
  // Ending on an initial is not enough when the year follows without a stop: "Perfetto, E. M. Annals of Pharmacotherapy 1996".
  const initialThenName = /\b\p{Lu}\.\s?\p{Lu}/u.test(between);
  if (!initialThenName && !(/\b\p{Lu}\.$/u.test(cleaned.slice(0, end)) && /[.,]\s*\(?$/.test(between))) return false;
  if (!/^[\s\p{Lu}\p{Ll}.,'’&-]*$/u.test(between)) return false;
  if (/\b\p{Ll}{4,}\b/u.test(between.replace(/\band\b/g, ''))) return false;
  if (!initialThenName && (between.match(/(?<![\p{L}'’])\p{Ll}+\b/gu) ?? []).some((w) => !NAME_LINK.test(w))) return false;
  // A sentence between ("Smith J. Cancer. Lancet. 2010": a title, then a journal) is no name.
  return !/\p{Ll}{2}\.\s+\S/u.test(between.replace(/[\s.(]+$/, ''));
}

/** An author written "Initials Surname" with dotted initials: "J.R. Longanbach", "J.-M. Yuan", "A. K. Roy-Chowdhury",
 * "S. De Bernardo" (a capitalised particle or a second surname). */
const INITIALS_AUTHOR = `\\p{Lu}\\.(?:\\s?-?\\p{Lu}\\.){0,3}\\s?(?:${NAME_WORD}\\s+)?${SURNAME}`;
/**
 * A list of such authors at the start, as AIP, IEEE and other physics and engineering styles write it:
 * "M. Besnard, D. Berrebi, and J. Navarro, Archives de Pédiatrie 5, 218 (1998)", "J. Smith and A. Lee, “Title,”".
 * It ends where a comma or an opening quote follows the last author; a space missing after a comma (OCR) is tolerated.
 */
export const INITIALS_FIRST_LIST = new RegExp(`^${INITIALS_AUTHOR}(?:,\\s*${INITIALS_AUTHOR})*(?:,?\\s+(?:and|&)\\s*${INITIALS_AUTHOR})?(?:,?\\s+et\\s+al\\.)?(?=,|\\s*[“"‘])`, 'u');

/** Words that make a name without given names an organisation's: "World Health Organization", "IUCN Red List Committee". */
export const CORPORATE = /\b(?:Organi[sz]ation|Association|Society|Institut[eo]?|Committee|Council|Agency|Department|Ministry|Ministerio|University|Group|Consortium|Foundation|Office|Board|Commission|Cent(?:re|er)|Service|Network|Collaboration|Bureau|Corporation|Company|Federation|Union|Academy|Programme|Program|Initiative|Project|Authority|Administration|Government|Statistics|Survey|Working|Panel|Task Force|Nations|Bank|Fund|Trust|Laborator(?:y|ies)|Hospital|College|School|Inc|Ltd|GmbH)\b/u;

/**
 * A reading that cannot be a person's or an organisation's name: a joining word inside it ("NOTES AND ANNOUNCEMENTS",
 * "Red List of Threatened Species") unless it names an organisation ("Ministry of Health"), or digits, a colon, a
 * semicolon or brackets ("&NA;: Subject Index to Volume 16").
 */
export function notAName(a: ParsedAuthor): boolean {
  if (/[\d:;[\]]/u.test(a.family)) return true;
  return /(?:^|\s)(?:and|of|the|for|in|on|AND|OF|THE|FOR|IN|ON)(?:\s|$)/u.test(a.family) && !(!a.given && CORPORATE.test(a.family));
}
