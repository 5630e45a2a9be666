// DOIs written in a text: doi:, DOI:, https://doi.org/, http://dx.doi.org/, and bare 10.xxxx/...
// Trailing punctuation that ends a sentence or a reference is trimmed. Pure string functions: the engine's
// DOI detector and the reference reader both find DOIs with them.
import { trimTrailing } from '../common/trailing.ts';

// A DOI is 10.<registrant>/<suffix>; the suffix runs until white space. Prefixes are optional.
// It may be glued to the word before it ("Energy10.1002/ep.13278", "Assess.10.1007/s10661", a lost
// space), but never to a number, so "110.1234/x" or "v2.10.1234/x" are not DOIs, except to the page
// range that ends a reference ("Nature 12:233–41.10.1038/nature01234"). Older Wiley SICI DOIs hold
// "<", ">", "(" and ")": "10.1002/(SICI)1097-0029(19990415)45:2<65::AID-JEMT2>3.0.CO;2-0".
const DOI_RE = /(?:(?:https?:\/\/)?(?:dx\.)?doi\.org\/|\bdoi:\s?|\bDOI:?\s?)?(?:(?<![0-9])(?<![0-9]\.)|(?<=\d[-\u2010\u2013]\d{1,6}\.))(10\.\d{4,9}\/[^\s"]+)/gi;

/** Trims sentence punctuation and unbalanced closing brackets from the end of a DOI. */
export function trimDoi(doi: string): string {
  return trimTrailing(doi, /[.,;:'"\u2019\u201d\]]+$/);
}

/** Finds DOIs in one string; offsets cover the visible DOI (with its URL prefix when written as a URL). */
export function findDois(text: string): { start: number; end: number; doi: string }[] {
  const out: { start: number; end: number; doi: string }[] = [];
  DOI_RE.lastIndex = 0;
  for (let m = DOI_RE.exec(text); m; m = DOI_RE.exec(text)) {
    const prefix = m[0].slice(0, m[0].length - m[1]!.length);
    const doi = trimDoi(m[1]!);
    if (!/^10\.\d{4,9}\/\S+/.test(doi)) continue;
    const isUrl = /doi\.org\//i.test(prefix);
    const start = isUrl ? m.index : m.index + prefix.length;
    const end = m.index + prefix.length + doi.length;
    out.push({ start, end, doi });
  }
  return out;
}
