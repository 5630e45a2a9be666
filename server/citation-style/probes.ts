// The made-up works every candidate style is rendered on once (profiles.ts): journal articles with 1 to
// 21 authors and each common set of volume / issue / pages, books and book chapters. Every probe has its
// own first author and year, and a render call holds probes with distinct first authors only, so no
// style's disambiguation ("2011a", added given names) or repeated-author dash ("———.") shows.

import type { CslItem, CslName } from '../csl/render.ts';

type ProbeKind = 'article' | 'book' | 'chapter';

export interface Probe {
  id: string;
  kind: ProbeKind;
  authors: number;
  /** For articles: which of volume (v), issue (n) and pages (p) it has. */
  fields: string;
  item: CslItem;
}

/** Author counts of the probes: an entry with another count is compared with the nearest. */
const AUTHOR_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 11, 21] as const;
/** Volume, issue, pages: the article field sets probed. */
const ARTICLE_FIELDS = ['vnp', 'vp', 'vn', 'p', 'v'] as const;
const BOOK_AUTHORS = [1, 2, 3, 5];
const CHAPTER_AUTHORS = [1, 2, 3];

const FAMILIES = ['Abbott', 'Barker', 'Carver', 'Dalton', 'Easton', 'Fowler', 'Garner', 'Hadley', 'Ingram', 'Jarvis', 'Keller', 'Lawson', 'Mercer', 'Norris', 'Oakley', 'Parker', 'Quinton', 'Rowley', 'Sutton', 'Tanner', 'Upton', 'Vaughan', 'Walton', 'Yardley', 'Zeller'];
const GIVEN = ['John Alan', 'Mary', 'Peter Karl', 'Susan', 'Daniel', 'Helen Ruth', 'Thomas', 'Laura', 'Michael James', 'Anna'];
export const PROBE_TITLE = 'Growth of moss on the north walls of old stone churches';
export const PROBE_CONTAINER = 'Journal of Applied Plant Ecology';
export const PROBE_BOOK = 'Handbook of Urban Plant Ecology';
export const PROBE_VOLUME = '61';
export const PROBE_ISSUE = '4';
export const PROBE_FIRST_PAGE = '1093';

function authors(first: number, n: number): CslName[] {
  return Array.from({ length: n }, (_, k) => {
    const j = (first + k) % FAMILIES.length;
    return { family: FAMILIES[j]!, given: GIVEN[(first + k) % GIVEN.length]! };
  });
}

let cached: Probe[] | null = null;

/** Every probe, in a fixed order (profiles are keyed by it). */
export function probes(): Probe[] {
  if (cached) return cached;
  const out: Probe[] = [];
  const add = (kind: ProbeKind, n: number, fields: string, extra: Partial<CslItem>): void => {
    const i = out.length;
    const item: CslItem = {
      id: `p${i}`,
      type: kind === 'article' ? 'article-journal' : kind,
      author: authors(i, n),
      title: PROBE_TITLE,
      issued: { 'date-parts': [[1950 + i]] },
      ...extra,
    };
    out.push({ id: item.id, kind, authors: n, fields, item });
  };
  for (const n of AUTHOR_COUNTS) {
    for (const f of ARTICLE_FIELDS) {
      add('article', n, f, {
        'container-title': PROBE_CONTAINER,
        ...(f.includes('v') ? { volume: PROBE_VOLUME } : {}),
        ...(f.includes('n') ? { issue: PROBE_ISSUE } : {}),
        ...(f.includes('p') ? { page: `${PROBE_FIRST_PAGE}-1120` } : {}),
      });
    }
  }
  for (const n of BOOK_AUTHORS) add('book', n, '', { publisher: 'Riverside Press', 'publisher-place': 'Boston' });
  for (const n of CHAPTER_AUTHORS) {
    add('chapter', n, 'p', {
      'container-title': PROBE_BOOK,
      editor: [{ family: 'Whitaker', given: 'Robert' }],
      page: `${PROBE_FIRST_PAGE}-1120`,
      publisher: 'Riverside Press',
      'publisher-place': 'Boston',
    });
  }
  cached = out;
  return out;
}

/** The probes rendered together: distinct first authors within a batch. */
export function probeBatches(): CslItem[][] {
  const all = probes().map((p) => p.item);
  const out: CslItem[][] = [];
  for (let k = 0; k < all.length; k += FAMILIES.length) out.push(all.slice(k, k + FAMILIES.length));
  return out;
}

/** The nearest of the given counts. */
function nearest(counts: readonly number[], n: number): number {
  return counts.reduce((a, b) => (Math.abs(b - n) < Math.abs(a - n) ? b : a));
}

const forCache = new Map<string, Probe[]>();

/**
 * The probes an entry is compared with, each with the probed author count nearest the entry's: a journal
 * article (volume or pages after a container) with the articles of every set of volume / issue / pages;
 * anything else with the books and chapters and the articles too (the reader may miss a journal).
 */
export function probesFor(item: CslItem): Probe[] {
  const n = Math.max(1, item.author?.length ?? 1);
  const kinds = item.type === 'article-journal' ? 'a' : 'abc';
  const key = `${n}:${kinds}`;
  const hit = forCache.get(key);
  if (hit) return hit;
  const article = nearest(AUTHOR_COUNTS, n);
  const book = nearest(BOOK_AUTHORS, n);
  const chapter = nearest(CHAPTER_AUTHORS, n);
  const out = probes().filter((p) => kinds.includes(p.kind[0]!) && p.authors === (p.kind === 'article' ? article : p.kind === 'book' ? book : chapter));
  forCache.set(key, out);
  return out;
}

/** The probe's given names as initials ("John Alan" → "J. A."), to read a style that prints given names as written. */
export function givenAsInitials(text: string, probe: Probe): string {
  let out = text;
  for (const a of probe.item.author ?? []) {
    if (!a.given || !out.includes(a.given)) continue;
    out = out.split(a.given).join(a.given.split(' ').map((g) => `${g[0]}.`).join(' '));
  }
  return out;
}
