// The month and day of a reference entry's date, where the entry prints them beside its year: "Feb. 2006"
// (IEEE), "(Mar. 2012)" (ACM), "2015 Jan", "2017 Nov 27" (Vancouver), "1 August 2005" (ISO 690), "(2019, June 12)"
// (APA). English month names; a season is not a month. Pure string functions; parse.ts reads an entry with them.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const DAY = '([1-9]|[12]\\d|3[01])';

export interface EntryDate {
  month: number;
  /** Day of the month, or null. */
  day: number | null;
  start: number;
  end: number;
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

interface DatePattern {
  re: RegExp;
  month: number;
  day: number;
}

/** The patterns of one year, compiled once: a scan reads hundreds of entries of a few dozen years, and compiling
 * three Unicode expressions per entry was 1.8 % of a scan's CPU (the corpus's plos-pcbi-1004082.messy profile).
 * Bounded: emptied past MAX_YEARS distinct years. The expressions have no g or y flag, so sharing them is safe. */
const patternsByYear = new Map<string, readonly DatePattern[]>();
const MAX_YEARS = 512;

function datePatterns(year: string): readonly DatePattern[] {
  let patterns = patternsByYear.get(year);
  if (patterns) return patterns;
  patterns = [
    // "1 August 2005", "Feb. 2006", "Aug. 12, 2005", "(Mar. 2012)"
    { re: new RegExp(`(?<![\\p{L}\\d])(?:${DAY}\\s+)?${MONTH}\\s+(?:${DAY},?\\s+)?${year}(?!\\d)`, 'u'), month: 2, day: 1 },
    // "2015 Jan", "2017 Nov 27", "2016 Apr 15;"
    { re: new RegExp(`(?<!\\d)${year}\\s+${MONTH}(?:\\s+${DAY})?(?![\\p{L}\\d])`, 'u'), month: 1, day: 2 },
    // "(2019, June 12)"
    { re: new RegExp(`\\(${year},\\s+${MONTH}(?:\\s+${DAY})?\\)`, 'u'), month: 1, day: 2 },
  ];
  if (patternsByYear.size >= MAX_YEARS) patternsByYear.clear();
  patternsByYear.set(year, patterns);
  return patterns;
}

/**
 * The month (and day) printed beside `year` in `text` at or after `from`, or null. The year must be the entry's
 * own: a month beside another year (a date in a title) is not the entry's date.
 */
export function findMonthDay(text: string, year: string, from = 0): EntryDate | null {
  const rest = text.slice(from);
  let best: EntryDate | null = null;
  for (const { re, month, day } of datePatterns(year)) {
    const m = re.exec(rest);
    if (!m || (best && best.start <= from + m.index)) continue;
    // In "1 August 2005" the day is the first group; in "Aug. 12, 2005" the third.
    const d = m[day] ?? (month === 2 ? m[3] : undefined);
    best = { month: monthNumber(m[month]!), day: d ? Number(d) : null, start: from + m.index, end: from + m.index + m[0].length };
  }
  return best;
}

/**
 * Chicago's issue date after the volume, with no year in it: "ChemInform 29 (31) (June 20): 1–5", "Series (August 15):
 * 287–314". The month and day of `text` at or after `from`, or null.
 */
export function findIssueDate(text: string, from = 0): EntryDate | null {
  const m = new RegExp(`\\(${MONTH}(?:\\s+${DAY})?\\)\\s*:`, 'u').exec(text.slice(from));
  if (!m) return null;
  return { month: monthNumber(m[1]!), day: m[2] ? Number(m[2]) : null, start: from + m.index, end: from + m.index + m[0].length };
}
