// The bibliography detector: finds the reference list of the main document and parses each entry
// (label, authors, year with suffix, title, DOI, URL). Entries become targets `bib-<n>`.

import { parseEntry, authorYearLabel } from './bibliography/entry.ts';
import { findReferenceRegion } from './bibliography/region.ts';
import { firstFamily } from '../../references/csl-json.ts';
import type { Bibliography, DetectContext } from './types.ts';

const REPEATED_AUTHORS = /^\s*(?:\[?\d+[.\])]\s*)?[_―—–-]{3,}\s*[.,]/;

export function detectBibliography(ctx: DetectContext): Bibliography | null {
  const main = ctx.model.paragraphs.filter((p) => p.part === 'word/document.xml');
  const region = findReferenceRegion(main);
  if (!region) return null;
  const entries = region.entries.map((p, i) => parseEntry(p, i + 1));
  // "______. Title, 2007." repeats the authors of the entry above (ABNT, Chicago's 3-em dash).
  const repeated = new Set(entries.filter((e, i) => i > 0 && REPEATED_AUTHORS.test(e.text)));
  const labelled = entries.filter((e) => e.labelNumber !== null).length;
  const numbered = labelled > 0 && labelled >= entries.length * 0.8;
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    if (prev && repeated.has(e)) Object.assign(e, { authors: prev.authors, surnames: prev.surnames, etAl: prev.etAl });
    if (numbered) {
      if (e.labelNumber === null) e.labelNumber = e.refIndex;
      e.number = String(e.labelNumber);
      e.label = `[${e.labelNumber}]`;
    } else {
      e.labelNumber = null;
      delete e.number;
      e.label = authorYearLabel(e);
    }
    e.authors = e.authors.slice(0, 50);
    // The packet shows the entry's record (the pane lists references by first author, year and title).
    e.firstAuthor = prev && repeated.has(e) ? prev.firstAuthor : firstFamily(e.record.item);
    const title = e.record.item.title ?? e.titleText;
    if (title) e.title = title;
  });
  return { entries, region: new Set(region.all), numbered };
}
