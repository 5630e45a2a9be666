// One reference string → its fields: authors, year, title, container, volume, issue, pages, DOI and
// URL. Tolerant of the common styles (Vancouver, APA, Harvard, Chicago, MLA, ACS, AIP, Elsevier with
// or without titles). Pure string functions, shared by the resolver (matching) and the CSL rewrite
// (rendering parsed entries in another style). Fields it cannot find are null, never guessed.

import { findDois } from './doi-text.ts';
import { findIssueDate, findMonthDay } from './dates.ts';
import { authorBlockEnd, findYear, parseAuthors, parseLabel, type YearHit } from './fields.ts';
import { extendOverMiddleInitials, INITIALS_FIRST_LIST, namesRunToYear, notAName, readAuthors, type ParsedAuthor } from './names.ts';
import { DASH, expandPages, findNumbers, MONTH_OR_SEASON, PAGES, type ParsedPages } from './numbers.ts';
import { readPublication } from './publication.ts';

export interface ParsedReference {
  /** The text as given. */
  text: string;
  /** Label, DOIs, URLs, PubMed/PMID notes removed; short page ranges expanded; spacing collapsed. */
  cleaned: string;
  authors: ParsedAuthor[];
  etAl: boolean;
  /** Four-digit publication year, or null. */
  year: string | null;
  /** Suffix letter of an author-year year ("a" in 2020a), or null. */
  yearSuffix: string | null;
  /** Month (1–12) and day printed beside the year ("Feb. 2006", "2015 Jan 12"), or null. */
  month: number | null;
  day: number | null;
  title: string | null;
  containerTitle: string | null;
  volume: string | null;
  issue: string | null;
  pages: ParsedPages | null;
  /** A book or a book's chapter: its kind, editors, edition, publisher and place (publication.ts); null otherwise. */
  kind: 'book' | 'chapter' | null;
  editors: ParsedAuthor[];
  edition: string | null;
  publisher: string | null;
  publisherPlace: string | null;
  /** A book's length as printed ("170 p."), or null. */
  numberOfPages: string | null;
  /** DOI written in the reference (lower case), or null. */
  doi: string | null;
  url: string | null;
  /** Every number in the cleaned text, in order (years, volumes, pages, numbers in the title). */
  numbers: string[];
}

/** Label, DOIs, URLs, PubMed notes and access dates removed; page ranges "1425-37" expanded. */
function cleanReference(text: string): { cleaned: string; doi: string | null; url: string | null } {
  let s = text.replace(/\s+/g, ' ').trim();
  const label = parseLabel(s);
  s = s.slice(label.bodyStart);
  const dois = findDois(s);
  const doi = dois[0]?.doi.toLowerCase() ?? null;
  for (const d of [...dois].reverse()) s = `${s.slice(0, d.start)} ${s.slice(d.end)}`;
  let url: string | null = null;
  s = s.replace(/\b(?:https?:\/\/|www\.)[^\s<>"]+/gi, (m) => {
    if (!url && !/doi\.org\//i.test(m)) url = m.replace(/[.,;:)\]]+$/, '');
    return ' ';
  });
  s = s
    .replace(/\b(?:doi|DOI)\s*:?\s*(?=[\s.,;]|$)/g, ' ')
    .replace(/\[?\b(?:PubMed|PMID|PMCID|PMC|Medline|CrossRef|Google Scholar|Web of Science)\b(?:\s*(?:ID)?\s*:?\s*(?:PMC)?\d+)?\]?\s*\.?/gi, ' ')
    .replace(/\b(?:Available (?:from|at|online)|Accessed|Retrieved|Cited|Epub(?: ahead of print)?)\b[^.;]*[.;]?/gi, ' ')
    // No date, as styles print it: "(n.d.)", "n.d.", "[no date]"; and MLA's no page, "n. pag."
    // (lower case only: "N. D. Smith" is a name's initials)
    .replace(/[([]?\b(?:n\.\s?d\.|[Nn]o date\b|n\.\s?pag\.)[)\]]?\.?/g, ' ')
    // the separator the date stood between, left twice: "AKASHI, M, [no date], Title" → "AKASHI, M, Title"
    .replace(/([,;])(?:\s*,)+/g, '$1')
    .replace(new RegExp(`\\b(\\d{2,})\\s*${DASH}+\\s*(\\d+)\\b`, 'g'), (m, a: string, b: string) => {
      const p = expandPages(a, b);
      return Number(p.last) > Number(a) ? `${a}-${p.last}` : m;
    })
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return { cleaned: s, doi, url };
}

/** The title: a quoted title wins; otherwise the sentence after the author block and year. */
function findTitleSpan(body: string, from: number): { start: number; end: number } | null {
  // A quotation that opens the title, or that only names end before ("and K. Lee, “Title,”"); not one inside a
  // title ("Il Problema del “Denti de Cani„ in Sardegna", "David Hanson: Robots that “show emotion.”").
  const quoted = /[“"‘]([^”"’]{2,}?)[.,]?[”"’]/u.exec(body.slice(from));
  const before = quoted ? body.slice(from, from + quoted.index) : '';
  if (quoted && (/^[\s.,;:)]*$/.test(before) || (quoted[1]!.length >= 8 && namesOnly(before) && /[.,]\s*$/.test(before)))) {
    const start = from + quoted.index + 1;
    return { start, end: start + quoted[1]!.length };
  }
  const lead = /^[\s.,;:)]+/.exec(body.slice(from));
  const start = from + (lead ? lead[0].length : 0);
  const rest = body.slice(start);
  // A sentence ends at ". " (or "? ", "! ") not after an initial or a short abbreviation.
  // Nor after "Vol.", "No.", "pp.", "eds.", "vs.": "Analytical Chemistry, Vol. 31".
  const m = /^(.{3,}?(?:[^\s.A-Z]|[A-Z0-9]{2}))(?<!\b(?:[Vv]ol|[Nn]os?|[Pp]p?|[Ee]ds?|[Ee]dn|vs|[Dd]r|[Ss]t|[Jj]r|[Ff]ig|[Cc]f))([.?!])(?:\s|$)/u.exec(rest);
  const end = start + (m ? m[1]!.length + (m[2] === '.' ? 0 : 1) : rest.length);
  return end - start >= 3 ? { start, end } : null;
}

/** A segment that reads as "Journal 1996, 30, 1117–1121" rather than a title (styles without titles). */
function looksLikeSourceOnly(segment: string, year: string | null): boolean {
  if (!/\d/.test(segment)) return false;
  // "The Lancet [online], Vol. 155, no. 3990": a volume's number is the source's.
  if (/\b[Vv]ol(?:ume)?\.\s*\d{1,5}\s*(?:,|$)/.test(segment)) return true;
  const words = segment.match(/\p{L}+/gu) ?? [];
  if (!year) return false;
  const hasNumbersBlock = new RegExp(`\\b${year}\\b\\s*[,;)]?\\s*\\d`).test(segment) || new RegExp(`\\d\\s*\\(${year}\\)`).test(segment);
  // However long the journal's name, a segment that ends on its numbers ("… Nations Health 30, 527 (1940)") is the source.
  const endsOnNumbers = new RegExp(`(?:\\d\\s*\\(${year}\\)|\\b${year}\\s*,\\s*\\d{1,5}\\s*,\\s*${PAGES}|\\(${year}\\)\\s*${PAGES})\\s*$`).test(segment);
  return hasNumbersBlock && (words.length <= 8 || endsOnNumbers);
}

/** A year right after the author block ("Heine, H. 1882. Ueber …"), before any later one ("… 252, 7 (1882), 441"). */
function yearAfter(cleaned: string, at: number): YearHit | null {
  const m = /^[\s.,]{0,3}(\(?)((?:1[5-9]|20)\d\d)([a-z])?(?=[.,;:)]|\s*$)/u.exec(cleaned.slice(at));
  if (!m) return null;
  const start = at + m[0].length - m[2]!.length - (m[3]?.length ?? 0);
  return { start, end: start + m[2]!.length + (m[3]?.length ?? 0), year: m[2]! + (m[3] ?? ''), base: m[2]!, suffix: m[3] ?? null };
}

/** A list of names only: capitalised words, initials, "and", "&", commas; no lower-case word of four letters or more. */
function namesOnly(s: string): boolean {
  return /^[\p{L}\s.,'’&;-]+$/u.test(s) && !/(?<![\p{L}'’])(?!(?:and|und|et|van|von|der|den|del|della|dos|das)\b)\p{Ll}{4,}/u.test(s);
}

/** A word of a sentence, not of a journal's name: lower case, four letters or more, not a joining word ("of the", "für die"). */
const PROSE_WORD = /(?<![\p{L}'’-])(?!(?:and|for|the|with|from|into|upon|und|der|die|das|des|dem|für|del|della|dei|les|van|von|zur|zum)(?![\p{L}'’-]))\p{Ll}{4,}(?![\p{L}'’-])/u;

/**
 * A title of several sentences runs on past the full stop the title was cut at: "An experimental study of … Oxytricha.
 * I. Study of the normal animal, with an account of cannibalism. Journal of Experimental Zoology 29: 473–513". `seg` is
 * the text between that cut and the source's numbers; a sentence of it that reads as prose (lower-case words a
 * journal's name does not hold) is the title's, and so is a part number after it ("DNA of ciliated protozoa. VIII.").
 * Returns where the title now ends in `seg` and where the journal starts, or null when no part reads so.
 */
function titleRunOn(seg: string): { titleEnd: number; journalStart: number } | null {
  const breaks = [...seg.matchAll(/([.?!])\s+(?=[\p{Lu}\d])/gu)];
  let cut = -1;
  let from = 0;
  breaks.forEach((b, k) => {
    if (PROSE_WORD.test(seg.slice(from, b.index))) cut = k;
    from = b.index + b[0].length;
  });
  if (cut < 0) return null;
  const partAfter = (k: number) => seg.slice(breaks[k]!.index + breaks[k]![0].length, breaks[k + 1]!.index);
  while (cut + 1 < breaks.length && /^(?:[IVXLC]+|\d{1,2})$/.test(partAfter(cut))) cut++;
  const b = breaks[cut]!;
  return { titleEnd: b.index + (b[1] === '.' ? 0 : 1), journalStart: b.index + b[0].length };
}

/** A journal's own second part after a comma: "Progress in Computational Fluid Dynamics, An International Journal". */
const JOURNAL_PART = /^(?:An?\s+International|Part|Section|Series|Ser\.|[A-Z](?::|\s|$))/u;

/**
 * Elsevier prints the journal after the title with a comma and its numbers after a full stop: "The subtleties of
 * scientific writing, Journal of Small Animal Practice. 53 (2012) 311–312". The journal is the part after the last
 * comma (not one after an abbreviation: "J. Chem. Soc., Perkin Trans."), with a part of its own before it. Returns
 * where the title ends and the journal starts in `title`, or null when the title has no such comma.
 */
function journalAfterComma(title: string): { titleEnd: number; journalStart: number } | null {
  const cuts = [...title.matchAll(/(?<!\.),\s+(?=\p{Lu})/gu)];
  let k = cuts.length - 1;
  if (k < 0) return null;
  while (k > 0 && JOURNAL_PART.test(title.slice(cuts[k]!.index + cuts[k]![0].length))) k--;
  const cut = cuts[k]!;
  const journal = title.slice(cut.index + cut[0].length);
  // A journal's name: its words of four letters or more are capitalised.
  if (PROSE_WORD.test(journal) || cut.index < 3) return null;
  return { titleEnd: cut.index, journalStart: cut.index + cut[0].length };
}

/**
 * Springer's LNCS and basic styles and BMC end the names at a colon: "Wilkins, E., Radford, W.: Title.",
 * "Treiber E, Nadziakiewicz HC: Title.", "Smith, J., et al.: Title.". The names end on initials or "et al.".
 */
const COLON_NAMES = /^(.{2,400}?(?:\b\p{Lu}{1,3}\.?|\bet al\.|&NA;)):\s/u;

export function parseReference(text: string): ParsedReference {
  const { cleaned, doi, url } = cleanReference(text);
  let yearHit = findYear(cleaned);
  const year = yearHit ? yearHit.base : null;
  let authorEnd = authorBlockEnd(cleaned, yearHit);
  if (yearHit && namesRunToYear(cleaned, authorEnd, yearHit)) authorEnd = yearHit.start - (cleaned[yearHit.start - 1] === '(' ? 1 : 0);
  authorEnd = extendOverMiddleInitials(cleaned, authorEnd, yearHit);
  // authorBlockEnd reads "M. Besnard" as the end of a block ("Initial. Capital"): a whole initials-first list goes on.
  const initialsFirst = INITIALS_FIRST_LIST.exec(cleaned);
  if (initialsFirst && initialsFirst[0].length > authorEnd && (!yearHit || yearHit.start >= initialsFirst[0].length)) authorEnd = initialsFirst[0].length;
  const colon = COLON_NAMES.exec(cleaned);
  // (only where the block read so far runs to the colon or past it: "A. Smith, Spectrochimica Acta Part A: …" ends earlier)
  if (colon && authorEnd >= colon[1]!.length && (!yearHit || yearHit.start > colon[1]!.length) && namesOnly(colon[1]!)) authorEnd = colon[1]!.length;
  // MLA and Chicago: "Davis, H. Ted, and Stuart A. Rice. “Title.”": only names stand between the block and a quoted title.
  const quote = /[“"]/u.exec(cleaned.slice(authorEnd));
  if (quote && quote.index > 0 && (!yearHit || yearHit.start > authorEnd + quote.index) && namesOnly(cleaned.slice(authorEnd, authorEnd + quote.index))) {
    authorEnd += quote.index;
  }
  // Names hold no quotation mark: a block read past one ran into a quoted title in capitals ("FRAGOSO, ÉLCIO. “O PONTO …”").
  const quoteIn = /[“"]/u.exec(cleaned.slice(0, authorEnd));
  if (quoteIn && quoteIn.index > 0) authorEnd = quoteIn.index;
  // An entry that opens on a quoted title has no authors (IEEE, ACS: “Troubleshooting forum,” Plastics, …).
  if (/^\s*[“"‘]/u.test(cleaned)) authorEnd = 0;
  // "&NA;" is a registry's mark for a missing name: no author ("&NA;: Subject Index to Volume 16. Medical Care. …").
  const missingName = /^&NA;\s*[:.,]\s*/.exec(cleaned);
  if (missingName) authorEnd = missingName[0].length;
  let parsedAuthors = missingName ? { authors: [], surnames: [], etAl: false } : parseAuthors(cleaned.slice(0, authorEnd));
  // A name holds no lower-case word of four letters or more ("Annual report of the city gardens committee" is a title).
  const read = readAuthors(parsedAuthors.authors);
  const isName = (a: ParsedAuthor) => a.family.length > 1 && a.family.length < 60 && !/(?:^|\s)(?!(?:della|dello|delle|degli|zur|zum|von|van|der|den|des|dos|das|ten|ter)\s)\p{Ll}{4,}(?:\s|$)/u.test(a.family) && !notAName(a);
  const authors = read.filter(isName);
  // A block none of whose names is a name is the title, first: "Characterization of cancer stem cells. Nature …";
  // so is one whose first "name" cannot be one: "NOTES AND ANNOUNCEMENTS, Language Learning. 27 (1977) 221–224",
  // "News at a glance, Science. 360 (2018) 244–246".
  if ((!authors.length && parsedAuthors.authors.length) || (read[0] && !isName(read[0]))) {
    authors.length = 0;
    authorEnd = 0;
    parsedAuthors = { authors: [], surnames: [], etAl: false };
  }
  // An edited book (APA, Harvard): "Smith, J. (Ed.). (2010). The big handbook.": the names are its editors.
  const edited = authors.length ? /^\s*[,.]?\s*\((?:[Ee]ds?|[Ee]ditors?|Hrsg|Hg)\.?\)\.?/u.exec(cleaned.slice(authorEnd)) : null;
  if (edited) authorEnd += edited[0].length;
  // "Heine, H. 1882. Title. Journal. 252, 7 (1882), 441": the year after the names, not the later one in parentheses.
  const early = yearAfter(cleaned, authorEnd);
  if (early && yearHit && early.base === yearHit.base && early.start < yearHit.start) yearHit = early;
  const titleFrom = yearHit && yearHit.start <= authorEnd + 3 ? yearHit.end + (cleaned[yearHit.end] === ')' ? 1 : 0) : authorEnd;
  let span = findTitleSpan(cleaned, titleFrom);
  let title = span ? cleaned.slice(span.start, span.end).trim() : null;
  if (title && looksLikeSourceOnly(title, year)) { title = null; span = null; }
  // A title-only entry's date and a separator left by a link word removed: "IUCN Red List (2016).", "PLoS; Available from:".
  const tail = title && span ? new RegExp(`(?:\\s*\\(${year ?? '(?!)'}[a-z]?\\)|,\\s*${year ?? '(?!)'}[a-z]?)?[\\s;,:]*$`).exec(title) : null;
  if (title && span && tail && tail[0] && tail.index > 0) { title = title.slice(0, tail.index); span = { start: span.start, end: span.start + tail.index }; }
  // ACS without a title, at the end of the entry: "Whiteman, P. Oxford Handbooks Online 2012." (the source and its year).
  const yearLast = title && span && year && /^[\s.]*$/.test(cleaned.slice(span.end)) ? new RegExp(`\\s+${year}[a-z]?$`).exec(title) : null;
  if (title && span && yearLast && yearLast.index > 0) { title = title.slice(0, yearLast.index); span = { start: span.start, end: span.start + yearLast.index }; }
  // "2010. In: Grown C, Valodia I (Eds). Taxation …": no title of its own, the book follows.
  if (title && /^In\b:?\s/.test(title)) { title = null; span = null; }
  // APA prints a book's edition after its title: "The book of things (2nd ed.)".
  const titleEdition = title ? /\s*\((\d{1,2})(?:st|nd|rd|th) edn?\.?\)$/.exec(title) : null;
  if (title && span && titleEdition) { title = title.slice(0, titleEdition.index); span = { start: span.start, end: span.start + titleEdition.index }; }
  const afterTitle = span ? span.end + 1 : titleFrom;
  const rest = cleaned.slice(afterTitle);
  const nums = findNumbers(rest, year);
  let publication = nums?.volume ? null : readPublication(rest, year);
  // Elsevier's and IEEE's books and chapters run on with commas: "The Book of Things, Springer, Berlin, 2010",
  // "Chapter, in: A. Brown (Eds.), Handbook, Elsevier, Amsterdam, 2010: pp. 12–30".
  if (!publication && !nums && title && span) {
    for (const cut of title.matchAll(/,\s+/g)) {
      const book = readPublication(title.slice(cut.index + cut[0].length) + rest, year);
      if (book) { publication = book; title = title.slice(0, cut.index); span = { start: span.start, end: span.start + cut.index }; break; }
    }
  }
  let containerTitle: string | null = null;
  // The source runs to its numbers, or to the year (not one that opens it: "2017 14th International Conference …").
  const containerEnd = nums ? nums.start : (() => {
    const lead = (/^[\s.,;:]*/.exec(rest)?.[0].length ?? 0) + 1;
    const y = year ? rest.slice(lead).search(new RegExp(`\\b${year}\\b`)) : -1;
    return y >= 0 ? y + lead : rest.length;
  })();
  // The title's later sentences read into the journal: they go back to the title.
  const runOn = nums?.volume && title && span && !publication ? titleRunOn(rest.slice(0, containerEnd)) : null;
  if (runOn && span) {
    span = { start: span.start, end: afterTitle + runOn.titleEnd };
    title = cleaned.slice(span.start, span.end).trim();
  }
  const container = rest
    .slice(runOn?.journalStart ?? 0, containerEnd)
    .replace(/^\s*In\b:?\s*/i, '')
    .replace(new RegExp(`\\(\\s*(?:(?:${MONTH_OR_SEASON})\\s+(?:\\d{1,2},?\\s+)?)?(?:1[5-9]|20)\\d\\d[a-z]?\\s*\\)`, 'gu'), ' ')
    .replace(new RegExp(`(?:\\s|^)(?:(?:${MONTH_OR_SEASON})\\s*)?(?:1[5-9]|20)\\d\\d[a-z]?(?:\\s+(?:${MONTH_OR_SEASON})(?:\\s+\\d{1,2})?)?[\\s.,;:]*$`, 'u'), ' ')
    .replace(/\b(?:vol(?:ume)?|no|pp?)\.?\s*$/i, '')
    .replace(/^[\s.,;:”"’]+|[\s.,;:(“"‘]+$/g, '')
    // ISO 690's "Title, 1904. Scientific American": the year closes the title's sentence, not the journal's name.
    .replace(new RegExp(`^${year ?? '(?!)'}[a-z]?\\.\\s+`), '')
    .trim();
  if (container.length >= 2 && /\p{L}{2}/u.test(container)) containerTitle = container;
  // Elsevier: "Title, Journal. 53 (2012) 311–312": nothing between the title and the numbers, the journal in the title.
  const elsevier = !containerTitle && !publication && nums && title && span && /^[\s.,;:]*$/.test(rest.slice(0, nums.start)) ? journalAfterComma(title) : null;
  if (elsevier && title && span) {
    containerTitle = title.slice(elsevier.journalStart).trim();
    title = title.slice(0, elsevier.titleEnd).trim();
    span = { start: span.start, end: span.start + elsevier.titleEnd };
  }
  if (publication) containerTitle = publication.containerTitle;
  // The month and day beside the year: in the source, or beside the year the entry is dated by (not in its title).
  const atYear = year && yearHit ? findMonthDay(cleaned, year, Math.max(0, yearHit.start - 16)) : null;
  const date = year ? findMonthDay(cleaned, year, afterTitle) ?? (atYear && atYear.start <= yearHit!.start && atYear.end >= yearHit!.end ? atYear : null) ?? findIssueDate(cleaned, afterTitle) : null;
  return {
    text,
    cleaned,
    authors: edited ? [] : authors,
    etAl: parsedAuthors.etAl || /…|\.\.\./.test(cleaned.slice(0, authorEnd)),
    year,
    yearSuffix: yearHit?.suffix ?? null,
    month: date?.month ?? null,
    day: date?.day ?? null,
    title,
    containerTitle,
    volume: nums?.volume ?? null,
    issue: nums?.issue ?? null,
    pages: publication?.pages ?? nums?.pages ?? null,
    kind: publication?.kind ?? null,
    editors: edited ? [...authors, ...(publication?.editors ?? [])] : publication?.editors ?? [],
    edition: publication?.edition ?? titleEdition?.[1] ?? null,
    publisher: publication?.publisher ?? null,
    publisherPlace: publication?.place ?? null,
    numberOfPages: publication?.numberOfPages ?? null,
    doi,
    url,
    numbers: cleaned.match(/\d+/g) ?? [],
  };
}
