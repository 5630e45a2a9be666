// What follows the title of a book or a book's chapter, as the common styles print it: the chapter's "In"
// with its editors and the book's title ("In: Smith, J. (ed.) Title", "In A. Smith & B. Lee (Eds.), Title
// (pp. 1–10)", "In: Smith A, editor. Title", "In Title, edited by A. Smith, 12–20"), the edition ("2nd ed.",
// "3rd edn"), the place and publisher ("New York: Springer", "Springer, Heidelberg", "Oxford University
// Press"), and pages ("pp. 1–10"). Pure string functions; parse.ts reads an entry with them.

import { parseAuthors } from './fields.ts';
import { readAuthors, type ParsedAuthor } from './names.ts';
import { DASH, expandPages, PAGES, type ParsedPages } from './numbers.ts';

export interface Publication {
  kind: 'book' | 'chapter';
  /** The book a chapter is in, or null (a book). */
  containerTitle: string | null;
  editors: ParsedAuthor[];
  /** The edition as printed, ordinal suffix and "ed." aside ("2"), or null. */
  edition: string | null;
  publisher: string | null;
  place: string | null;
  pages: ParsedPages | null;
  /** The book's length as printed after the imprint ("170 p.", "320 pp."), or null. */
  numberOfPages: string | null;
}

/** Words that name a publisher: a press, a house, a company. */
const PUBLISHER_WORD = /\b(?:Press|Publish\w*|Verlag|Books|Editions?|Éditions|Editora|Editorial|Sons|Inc|Ltd|LLC|GmbH|Co|Company|Academic|Routledge|Wiley|Springer|Elsevier|Macmillan|Sage|SAGE|Blackwell|Karger|Thieme|Pearson|McGraw-Hill|Prentice|Norton|Penguin|Knopf|Scribner|Harper\w*|Houghton|Elgar|Brill|Palgrave|Francis|CRC|Humana|Kluwer|Birkhäuser|Gruyter|Mouton|Hachette|Dunod|Masson|Saunders|Mosby|Lippincott|Churchill|Butterworth|Pergamon|Academia)\b/u;
/** A place: one to four capitalised words, with a state or country after a comma ("New York, NY, USA", "Cambridge, MA"). */
const PLACE = "\\p{Lu}[\\p{L}.'’-]*(?:\\s+(?:\\p{Lu}[\\p{L}.'’-]*|am|upon|on|de|del|di)){0,3}(?:,\\s*\\p{Lu}[\\p{L}.]{1,15}){0,2}";
const PLACE_FIRST = new RegExp(`^(${PLACE})\\s*:\\s*([^:]{2,80})$`, 'u');
const PUBLISHER_FIRST = new RegExp(`^([^:]{2,80}?),\\s*(${PLACE})$`, 'u');
const EDITION = /(?:^|[\s.,(])((\d{1,2})(?:st|nd|rd|th)|[Ss]econd|[Tt]hird|[Ff]ourth|[Ff]ifth|[Rr]evised|[Nn]ew)\s+(?:ed|edn|edition|Aufl)\b\.?\)?/u;
const ORDINAL_WORDS: Record<string, string> = { second: '2', third: '3', fourth: '4', fifth: '5' };
/** "In: Smith, J. (ed.) Title", "In A. Smith & B. Lee (Eds.), Title": editors before a parenthesised "(eds.)". */
const EDITORS_PAREN = /^(.{2,200}?)\s*\((?:eds?|editors?|Hrsg|Hg|coords?)\.?\)\s*[,.:]?\s*/iu;
/** "In: Smith A, Lee B, editors. Title" (Vancouver). */
const EDITORS_WORD = /^(.{2,200}?),?\s+(?:eds?|editors?)\.?\s*[.:,]\s*/iu;
const EDITED_BY = /,?\s*(?:edited by|ed\. by|eds?\. by|hrsg\. v\.)\s+(.{2,200}?)(?=,\s*(?:pp?\.\s*)?\d|[.,]\s+\p{Lu}|\.?$)/iu;

/** A name's initial: "B.", "AB", "J.-P." standing alone. */
const HAS_INITIAL = /(?:^|[\s.])\p{Lu}(?:\.|\p{Lu}{0,2}(?=\s|$))/u;

/** A list of names only: capitalised words, initials, "and", "&" and commas; no sentence of its own. */
function namesOnly(s: string): boolean {
  return /^[\p{L}\s.,'’&;-]+$/u.test(s) && !/(?<![\p{L}'’])(?!(?:and|und|et|van|von|der|den|del|della|dos|das)\b)\p{Ll}{4,}/u.test(s);
}

function readNames(s: string): ParsedAuthor[] {
  return namesOnly(s) ? readAuthors(parseAuthors(s).authors) : [];
}

function editionOf(word: string, digits: string | undefined): string {
  return digits ?? ORDINAL_WORDS[word.toLowerCase()] ?? word;
}

/**
 * The publisher and place a tail holds ("New York: Springer", "Springer, Heidelberg", "Oxford University
 * Press"), or null when it reads as neither.
 */
function readImprint(tail: string): { publisher: string; place: string | null } | null {
  const t = tail.replace(/^[\s.,;:]+|[\s.,;:]+$/g, '');
  if (!t || /\d/.test(t)) return null;
  const placeFirst = PLACE_FIRST.exec(t);
  if (placeFirst) return { place: placeFirst[1]!.trim(), publisher: placeFirst[2]!.trim() };
  const publisherFirst = PUBLISHER_FIRST.exec(t);
  if (publisherFirst && PUBLISHER_WORD.test(publisherFirst[1]!)) return { publisher: publisherFirst[1]!.trim(), place: publisherFirst[2]!.trim() };
  if (PUBLISHER_WORD.test(t) && t.length <= 80 && !/\.\s/.test(t)) return { publisher: t, place: null };
  return null;
}

/**
 * The book or chapter that `rest` (the entry's text after its title) describes, or null when it reads as a
 * journal's source or as nothing this reader knows. `year` is set aside wherever it stands.
 */
export function readPublication(rest: string, year: string | null): Publication | null {
  let s = rest.replace(/^[\s.,;:”"’]+/u, '');
  if (year) s = s.replace(new RegExp(`(?:^|[\\s,;.:])\\(?${year}[a-z]?\\)?(?=[\\s.,;:]|$)`, 'g'), ' ');
  // A book's length, after the imprint: "Cincinnati: University of Cincinnati. 170 p.", "Springer; 2010. 320 pp."
  let numberOfPages: string | null = null;
  const length = /(?:^|[\s.,;])(\d{1,5})\s*(?:pp?|pages|S)\.?\s*$/u.exec(s);
  if (length) {
    numberOfPages = length[1]!;
    s = s.slice(0, length.index + 1);
  }
  let pages: ParsedPages | null = null;
  // "pp. 12–30", "(pp. 12–30)", or a bare range after a comma or colon that ends a part: "…, 12–30. Chicago: …".
  const pp = new RegExp(`\\(?\\b(?:pp?\\.?|pages?)\\s*${PAGES}\\)?|[,:]\\s*(\\d{1,5})\\s*${DASH}+\\s*(\\d{1,5})\\s*(?:\\.(?=\\s)|\\.?$)`, 'u').exec(s);
  if (pp) {
    pages = pp[1] ? expandPages(pp[1], pp[2] ?? null) : expandPages(pp[3]!, pp[4]!);
    s = `${s.slice(0, pp.index)}${pp[0].endsWith('.') ? '.' : ''} ${s.slice(pp.index + pp[0].length)}`;
  }
  let edition: string | null = null;
  const ed = EDITION.exec(s);
  if (ed) {
    edition = editionOf(ed[1]!, ed[2]);
    s = `${s.slice(0, ed.index)} ${s.slice(ed.index + ed[0].length)}`;
  }
  s = s.replace(/\s+/g, ' ').replace(/\s+([.,;:])/g, '$1').replace(/[,;:]\./g, '.').trim();
  const chapter = /^In\b:?\s+/i.exec(s);
  if (!chapter) {
    const imprint = readImprint(s);
    return imprint ? { kind: 'book', containerTitle: null, editors: [], edition, ...imprint, pages, numberOfPages } : null;
  }
  s = s.slice(chapter[0].length);
  let editors: ParsedAuthor[] = [];
  let bookTitle: string | null = null;
  const paren = EDITORS_PAREN.exec(s);
  const before = paren ?? EDITORS_WORD.exec(s);
  if (before) {
    // IEEE names the book first: "in Handbook of Things, B. Brown, Ed.": the names are the parts with initials.
    const chunks = before[1]!.split(/,\s*/);
    let k = paren ? 0 : chunks.length;
    while (k > 0 && HAS_INITIAL.test(chunks[k - 1]!)) k--;
    const names = k > 0 && k < chunks.length ? chunks.slice(k).join(', ') : before[1]!;
    if (namesOnly(names)) {
      editors = readNames(names);
      if (names !== before[1]) bookTitle = chunks.slice(0, k).join(', ');
      s = s.slice(before[0].length);
    }
  }
  const after = EDITED_BY.exec(s);
  if (after && namesOnly(after[1]!)) {
    // "edited by Anna Brown and Bob Green": given names first.
    editors = parseAuthors(after[1]!).authors.map((n) => {
      const m = /^(.+?)\s+((?:(?:van|von|de|der|da|del|di|du|le|la)\s+)*\S+)$/u.exec(n.trim());
      return m ? { family: m[2]!, given: m[1]! } : { family: n.trim(), given: null };
    });
    s = `${s.slice(0, after.index)}${s.slice(after.index + after[0].length)}`;
  }
  // The book's title runs to the imprint: the first part after a full stop or a comma that reads as one.
  const body = s.replace(/[\s.,;:]+$/, '');
  let containerTitle = body;
  let imprint: { publisher: string; place: string | null } | null = null;
  for (const cut of body.matchAll(/(?<!\b\p{Lu})[.,]\s+/gu)) {
    imprint = readImprint(body.slice(cut.index + cut[0].length));
    if (imprint) { containerTitle = body.slice(0, cut.index); break; }
  }
  containerTitle = containerTitle.replace(/^[\s.,;:]+|[\s.,;:]+$/g, '').trim();
  if (bookTitle) {
    imprint = readImprint(body) ?? imprint;
    containerTitle = bookTitle;
  }
  if (containerTitle.length < 2) return null;
  return { kind: 'chapter', containerTitle, editors, edition, publisher: imprint?.publisher ?? null, place: imprint?.place ?? null, pages, numberOfPages };
}
