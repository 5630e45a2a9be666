// The numbers of a reference entry's source: volume, issue and pages in the layouts styles print them
// ("25:211-20", "6(2), 70-84", "vol. 12, no. 3, pp. 45-67", "60.3 (2014): 12-20", "26 (1938) 199"), short page
// ranges expanded. Pure string functions; parse.ts reads an entry with them.

export interface ParsedPages {
  first: string;
  /** Last page, short ranges expanded (1425-37 → 1437); null for a single page. */
  last: string | null;
}

export const DASH = '[-–—‐‑]';
/** A page: "101", "e123", "S255", "A155", an article number with its page ("575.e3", "A155.3"). */
const PAGE = '(?:[A-Za-z]{0,2}\\d+[A-Za-z]?(?:\\.[a-z]?\\d{1,4})?|[ivxlc]{1,7}(?=\\s*[-–—‐‑]\\s*[ivxlc]))';
/** A range's last page: the first's shape, or Roman numerals ("ix–xiv"). */
const LAST_PAGE = '(?:[A-Za-z]{0,2}\\d+[A-Za-z]?(?:\\.[a-z]?\\d{1,4})?|[ivxlc]{1,7}(?![A-Za-z\\d]))';
const YEAR = '(?:1[5-9]|20)\\d\\d';
export const PAGES = `(${PAGE})(?:\\s*${DASH}+\\s*(${LAST_PAGE}))?`;

/** "1425-37" → { first: 1425, last: 1437 }; "e123" → { first: e123, last: null }. */
export function expandPages(first: string, last: string | null | undefined): ParsedPages {
  if (!last) return { first, last: null };
  const f = /^([A-Za-z]*)(\d+)([A-Za-z]?)$/.exec(first);
  const l = /^([A-Za-z]*)(\d+)([A-Za-z]?)$/.exec(last);
  if (f && l && !l[1] && l[2]!.length < f[2]!.length) {
    const full = f[2]!.slice(0, f[2]!.length - l[2]!.length) + l[2]!;
    return { first, last: `${f[1]}${full}${l[3]}` };
  }
  return { first, last };
}


export const MONTH_OR_SEASON = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\\.?|Spring|Summer|Autumn|Fall|Winter';

export interface NumbersHit {
  start: number;
  end: number;
  volume: string | null;
  issue: string | null;
  pages: ParsedPages | null;
}

// Tried in order over the text after the title; the first hit whose volume is not the year wins.
const NUMBER_PATTERNS: { re: RegExp; v?: number; i?: number; p?: number }[] = [
  // ACM 8, 2 (Mar. 2012), 63-67; 94, (Dec. 2016), 342-352; 4, 4 (2010), 1-10
  // (a month in the parentheses or pages after them: AIP's 88, 2451 (2000) is a volume and a page)
  { re: new RegExp(`\\b(\\d{1,5}),\\s*(\\w{1,6})?\\s*\\((?=${MONTH_OR_SEASON}|${YEAR}\\),\\s*[A-Za-z]{0,2}\\d)(?:(?:${MONTH_OR_SEASON})\\s+(?:\\d{1,2},?\\s+)?)?${YEAR}\\)(?:,\\s*${PAGES})?`, 'gu'), v: 1, i: 2, p: 3 },
  // MLA 60.3 (2014): 12-20, 15.S2 (2009), 120.1-3 (1997)
  { re: new RegExp(`\\b(\\d{1,5})\\.(\\w{1,4}(?:${DASH}\\d{1,3})?)\\s*\\(\\d{4}\\)\\s*:?\\s*(?:pp?\\.?\\s*)?(?:${PAGES})?`, 'g'), v: 1, i: 2, p: 3 },
  // Chicago 12, no. 3 (2004): 101-19, with a month or season (Spring 2004), or no issue: 26 (1938): 199
  { re: new RegExp(`\\b(\\d{1,5})(?:\\s*,\\s*no\\.\\s*(\\w{1,6}))?\\s*\\((?:\\p{L}+\\.?\\s+(?:\\d{1,2},?\\s+)?)?(?:1[5-9]|20)\\d\\d\\)\\s*:\\s*${PAGES}`, 'gu'), v: 1, i: 2, p: 3 },
  // Chicago with the issue's date apart: 15 (3) (January): 184-91, 478 (7369) (October 1): 349-55, 161 (February): 211-21
  { re: new RegExp(`\\b(\\d{1,5})(?:\\s*\\(([^()]{1,12})\\))?\\s*\\((?:${MONTH_OR_SEASON})(?:\\s+\\d{1,2})?(?:,?\\s+(?:1[5-9]|20)\\d\\d)?\\)\\s*:\\s*${PAGES}`, 'gu'), v: 1, i: 2, p: 3 },
  // Chicago's issue date with no volume: "Project Management Series (August 15): 287-314"
  { re: new RegExp(`\\((?:${MONTH_OR_SEASON})(?:\\s+\\d{1,2})?\\)\\s*:\\s*${PAGES}`, 'gu'), p: 1 },
  // 87(Pt 3):489-99, 6(2), 70-84, 27(1):e123
  { re: new RegExp(`\\b(\\d{1,5})\\s*\\(([^()]{1,20})\\)\\s*[:,]\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, i: 2, p: 3 },
  // PLOS's "163 (4) 643–657": a page range after the issue with no separator (a range, so that "45 (10) 2013" is not read so)
  { re: new RegExp(`\\b(\\d{1,5})\\s*\\(([^()]{1,20})\\)\\s+(${PAGE})\\s*${DASH}+\\s*(${LAST_PAGE})(?![\\d(])`, 'g'), v: 1, i: 2, p: 3 },
  // Elsevier 26 (1938) 199
  { re: new RegExp(`\\b(\\d{1,5})\\s*\\((?:1[5-9]|20)\\d\\d\\)\\s*,?\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, p: 2 },
  // vol. 12, no. 3, pp. 45-67; MLA's vol. 12, no. 3, 2004, pp. 45-67 (the date, with a month or season, between;
  // "pp. 1870" is a page, not a month and a year)
  { re: new RegExp(`\\bvol(?:ume)?\\.?\\s*(\\d{1,5})(?:\\s*,?\\s*(?:no|issue|nr)\\.?\\s*(\\w{1,6}))?(?:\\s*,\\s*(?:(?!pp?\\.|pages?\\s)\\p{L}+\\.?\\s+)?(?:1[5-9]|20)\\d\\d)?(?:\\s*,?\\s*(?:pp?\\.?|pages?)\\s*${PAGES})?`, 'giu'), v: 1, i: 2, p: 3 },
  // A supplement or part as the issue: 19 Suppl 2:ii215-25, 19 (Suppl. 1), 12 Pt 3:45-60
  { re: new RegExp(`\\b(\\d{1,5})\\s+((?:Suppl(?:ement)?|Pt|Part)\\.?(?:\\s*\\d{1,3})?)\\s*[:,]\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, i: 2, p: 3 },
  // LNCS as PLOS prints it: 6044/2010: 426-440 (the volume, the year of the volume)
  { re: new RegExp(`\\b(\\d{1,5})\\/${YEAR}\\s*[:,]\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, p: 2 },
  // A volume in Roman numerals (old journals): "LIX:2089", "LIX (1912) 2089"
  { re: new RegExp(`\\b([IVXLC]{2,7})\\s*(?::|\\(${YEAR}\\))\\s*${PAGES}`, 'g'), v: 1, p: 2 },
  // 312:1027-1030, 6:521-31; PLOS's "109: : 53–81" (an empty issue between the colons)
  { re: new RegExp(`\\b(\\d{1,5})\\s*:(?:\\s*:)?\\s*${PAGES}`, 'g'), v: 1, p: 2 },
  // 19, 147-151 (Harvard/ACS/AIP)
  { re: new RegExp(`\\b(\\d{1,5})\\s*,\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, p: 2 },
  // 45 (10) without pages, 27(1).
  { re: /\b(\d{1,5})\s*\(([^()]{1,12})\)/g, v: 1, i: 2 },
  // Pages with no volume, after the year (a chapter, a proceedings paper): "Book 2017, 46–66", "Book 2013:62–70",
  // "Book (2016): 103–116", "Book. (1974), 826–835", "Book (1961) 292–293", "2015 Jan;402–13", "Book (2014) 91"
  { re: new RegExp(`\\(${YEAR}\\)\\s*[,:;]?\\s*(?:pp?\\.?\\s*)?${PAGES}(?![\\d.,]*\\s*\\()`, 'gu'), p: 1 },
  { re: new RegExp(`\\b${YEAR}(?:\\s+(?:${MONTH_OR_SEASON})(?:\\s+\\d{1,2})?)?\\s*[,:;]\\s*(?:pp?\\.?\\s*)?(${PAGE})\\s*${DASH}+\\s*(${LAST_PAGE})(?!\\s*\\()`, 'gu'), p: 1 },
  // A volume alone after the year, at the end (ACS, BMC): "Physical Review Letters 2012, 109."
  { re: new RegExp(`\\b${YEAR},\\s*(\\d{1,5})\\s*\\.?\\s*$`, 'u'), v: 1 },
  // Pages alone: "p. 18A–19A", "pp. 351–370", "P. 313" (ISO 690, a book's chapter)
  { re: new RegExp(`(?<![\\p{L}])[Pp]p?\\.\\s*${PAGES}`, 'gu'), p: 1 },
  // A volume alone before the year, at the end (Elsevier, LNCS without pages): "ChemInform. 20 (1989).", "Chemie. 4, (1891)."
  { re: new RegExp(`(?<![\\d.]|${DASH})\\b(\\d{1,5}),?\\s*\\(${YEAR}\\)\\.?\\s*$`, 'u'), v: 1 },
  // A page range alone before the year, at the end (LNCS without a volume): "Chem. Commun. 333–334 (1993)."
  { re: new RegExp(`(?<![\\d,]\\s?)\\s(${PAGE})\\s*${DASH}+\\s*(${LAST_PAGE})\\s*\\(${YEAR}\\)\\.?\\s*$`, 'u'), p: 1 },
  // A page range alone after a colon, at the end (BMC without a volume): "Innovation :17–20."
  { re: new RegExp(`(?<=\\p{L})\\s*:\\s*(${PAGE})\\s*${DASH}+\\s*(${LAST_PAGE})\\.?\\s*$`, 'u'), p: 1 },
];

export function findNumbers(rest: string, year: string | null): NumbersHit | null {
  for (const { re, v, i, p } of NUMBER_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(rest); m; re.lastIndex = m.index + 1, m = re.exec(rest)) {
      const volume = v ? m[v] ?? null : null;
      if (volume && (volume === year || (volume.length === 4 && /^(1[5-9]|20)\d\d$/.test(volume) && !/[:(]/.test(m[0].slice(volume.length, volume.length + 3))))) continue;
      const issue = i ? m[i]?.trim() ?? null : null;
      if (issue && /^(1[5-9]|20)\d\d$/.test(issue)) continue;
      const first = p ? m[p] ?? null : null;
      if (first && first === year) continue;
      const pages = first ? expandPages(first, m[p! + 1] ?? null) : null;
      return { start: m.index, end: m.index + m[0].length, volume, issue, pages };
    }
  }
  return null;
}
