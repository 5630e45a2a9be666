// Surface features of a reference list, reported as evidence with the detected style and used to
// decide the citation family: label form, author name form, year position, title quotes, volume and
// issue layout, "et al." use, and the in-text citation form the scan found.

import type { LabelForm, StyleEntry } from './entry.ts';

type NameForm = 'family-comma-initials' | 'initials-family' | 'family-initials' | 'family-comma-given' | 'mixed' | 'unknown';

export interface StyleFeatures {
  labelForm: LabelForm | 'mixed';
  nameForm: NameForm;
  yearPosition: 'after-authors' | 'after-authors-parenthesised' | 'end' | 'middle' | 'mixed';
  titleQuotes: boolean;
  volumeIssue: 'vol-no' | 'volume(issue)' | 'volume.issue' | 'volume:pages' | 'other';
  etAl: boolean;
  allCapsAuthors: boolean;
  inTextCitations: string | null;
}

function majority<T extends string>(values: T[], threshold = 0.6): T | 'mixed' {
  if (!values.length) return 'mixed';
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return n / values.length >= threshold ? best : 'mixed';
}

function nameFormOf(body: string): NameForm {
  if (/^\p{Lu}[\p{L}'’-]+, (?:\p{Lu}\.\s?){1,3}[,;&]/u.test(body)) return 'family-comma-initials';
  if (/^(?:\p{Lu}\.\s?-?){1,3}\s?\p{Lu}[\p{L}'’-]+[,;]/u.test(body)) return 'initials-family';
  if (/^\p{Lu}[\p{L}'’-]+ \p{Lu}{1,3}[,.:]/u.test(body)) return 'family-initials';
  if (/^\p{Lu}[\p{L}'’-]+, \p{Lu}\p{Ll}+/u.test(body)) return 'family-comma-given';
  return 'unknown';
}

export function listFeatures(entries: StyleEntry[], inTextCitations: string | null): StyleFeatures {
  const bodies = entries.map((e) => e.body);
  const names = bodies.map(nameFormOf).filter((n) => n !== 'unknown');
  const years = bodies.map((b): StyleFeatures['yearPosition'] => {
    const m = /(?:1[5-9]\d\d|20\d\d)[a-z]?/.exec(b);
    if (!m) return 'mixed';
    const before = b.slice(Math.max(0, m.index - 1), m.index);
    const rel = m.index / b.length;
    if (rel > 0.75) return 'end';
    if (rel < 0.45) return before === '(' ? 'after-authors-parenthesised' : 'after-authors';
    return 'middle';
  });
  const vi = bodies.map((b): StyleFeatures['volumeIssue'] => {
    if (/\bvol\.\s*\d/i.test(b)) return 'vol-no';
    if (/\d\s?\(\d+\)/.test(b)) return 'volume(issue)';
    if (/\b\d+\.\d+\s\(\d{4}\)/.test(b)) return 'volume.issue';
    if (/\d:\s?\d/.test(b)) return 'volume:pages';
    return 'other';
  });
  const nameForm = majority(names);
  const yearPosition = majority(years);
  const volumeIssue = majority(vi);
  return {
    labelForm: majority(entries.map((e) => e.labelForm)),
    nameForm: nameForm === 'mixed' ? (names.length ? 'mixed' : 'unknown') : nameForm,
    yearPosition,
    titleQuotes: bodies.filter((b) => /[“"‘]/.test(b)).length >= bodies.length / 3,
    volumeIssue: volumeIssue === 'mixed' ? 'other' : volumeIssue,
    etAl: bodies.some((b) => /\bet al\b/.test(b)),
    allCapsAuthors: bodies.filter((b) => /^\p{Lu}{3,}[, ]/u.test(b)).length >= bodies.length / 3,
    inTextCitations,
  };
}
