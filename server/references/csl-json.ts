// CSL-JSON, citeproc's input (citation-js uses it as its one canonical shape): the fields a reference
// record and a registry work are both expressed in. A subset of the schema, the fields the product reads.

interface CslJsonName {
  family?: string;
  given?: string;
  /** A corporate or otherwise unsplittable name ("World Health Organization"). */
  literal?: string;
}

type CslJsonDate = { 'date-parts': Array<Array<number | string>> } | { literal: string };

export interface CslJsonItem {
  id: string;
  /** CSL item type: article-journal, book, chapter, paper-conference, ... */
  type: string;
  author?: CslJsonName[];
  editor?: CslJsonName[];
  issued?: CslJsonDate;
  title?: string;
  'container-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  publisher?: string;
  'publisher-place'?: string;
  edition?: string;
  'number-of-pages'?: string;
  DOI?: string;
  URL?: string;
  /** The a/b letter that tells one author's works of a year apart, as printed ("2020a"). */
  'year-suffix'?: string;
}

/** The family name (or the literal name) of an item's first author, or null. */
export function firstFamily(item: Pick<CslJsonItem, 'author'>): string | null {
  const a = item.author?.[0];
  return a ? a.family ?? a.literal ?? null : null;
}
