// Turns one reference paragraph into a BibEntry (a bibliography target).

import type { ModelParagraph } from '../../model/types.ts';
import { findDois } from '../../../references/doi-text.ts';
import { readReference } from '../../../references/record.ts';
import type { BibEntry } from '../types.ts';
import { findUrl, parseLabel } from '../../../references/fields.ts';

export function parseEntry(paragraph: ModelParagraph, refIndex: number): BibEntry {
  const text = paragraph.text;
  const printed = parseLabel(text);
  const numberingText = paragraph.numbering && /\d/.test(paragraph.numbering.text) ? paragraph.numbering.text.trim() : null;
  const labelText = numberingText ?? printed.text;
  const labelNumber = numberingText ? Number(/\d+/.exec(numberingText)![0]) : printed.number;

  // One reader: the names, year and title are the record's (server/references/record.ts).
  const record = readReference(text, `bib-${refIndex}`);
  const read = record.parsed;
  // No author before the year: an edited volume "2010. In: Grown C, Valodia I (Eds). ...": its editors stand in.
  const names = read.authors.length ? read.authors : read.editors;
  const authors = names.map((a) => (a.given ? `${a.family}, ${a.given}` : a.family));
  const surnames = names.map((a) => a.family);
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
    year: read.year ? read.year + (read.yearSuffix ?? '') : null,
    baseYear: read.year,
    yearSuffix: read.yearSuffix,
    titleText: read.title,
    doi,
    url: findUrl(text),
    text,
    printedLabel: labelText,
    etAl: read.etAl || surnames.length > 2,
    record,
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
