// Turns one reference paragraph into a BibEntry (a bibliography target).

import type { ModelParagraph } from '../../model/types.ts';
import { findDois } from '../../../references/doi-text.ts';
import { readReference } from '../../../references/record.ts';
import type { BibEntry } from '../types.ts';
import { authorBlockEnd, findTitle, findUrl, findYear, parseAuthors, parseLabel } from '../../../references/fields.ts';

export function parseEntry(paragraph: ModelParagraph, refIndex: number): BibEntry {
  const text = paragraph.text;
  const printed = parseLabel(text);
  const numberingText = paragraph.numbering && /\d/.test(paragraph.numbering.text) ? paragraph.numbering.text.trim() : null;
  const labelText = numberingText ?? printed.text;
  const labelNumber = numberingText ? Number(/\d+/.exec(numberingText)![0]) : printed.number;
  const bodyStart = numberingText ? text.length - text.trimStart().length : printed.bodyStart;
  const body = text.slice(bodyStart);

  const yearHit = findYear(body);
  const authorEnd = authorBlockEnd(body, yearHit);
  let { authors, surnames, etAl } = parseAuthors(body.slice(0, authorEnd));
  // No author before the year: an edited volume "2010. In: Grown C, Valodia I (Eds). ...".
  const editors = surnames.length ? null : /\bIn:?\s+([^.()]{3,200}?)\s*\((?:eds?|Hrsg)\.?\)/i.exec(body);
  if (editors) ({ authors, surnames, etAl } = parseAuthors(editors[1]!));
  const titleFrom = yearHit && yearHit.start <= authorEnd + 3 ? yearHit.end + (body[yearHit.end] === ')' ? 1 : 0) : authorEnd;
  const doi = findDois(text)[0]?.doi ?? null;

  const entry: BibEntry = {
    key: `bib-${refIndex}`,
    type: 'bibliography',
    label: '',
    paragraph,
    start: 0,
    end: text.length,
    refIndex,
    labelNumber,
    authors,
    surnames,
    year: yearHit?.year ?? null,
    baseYear: yearHit?.base ?? null,
    yearSuffix: yearHit?.suffix ?? null,
    titleText: findTitle(body, titleFrom),
    doi,
    url: findUrl(text),
    text,
    printedLabel: labelText,
    etAl: etAl || surnames.length > 2,
    record: readReference(text, `bib-${refIndex}`),
  };
  if (labelNumber !== null) entry.number = String(labelNumber);
  return entry;
}

/** "Smith et al. 2020", "Smith and Jones 2020", "Smith 2020". */
export function authorYearLabel(entry: BibEntry): string {
  const s = entry.surnames;
  const who = s.length === 0 ? entry.text.slice(0, 30).trim() : entry.etAl || s.length > 2 ? `${s[0]} et al.` : s.length === 2 ? `${s[0]} and ${s[1]}` : s[0]!;
  return entry.year ? `${who} ${entry.year}` : who;
}
