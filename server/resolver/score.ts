// Re-scoring one registry candidate against a parsed reference, field by field, in the manner of
// Crossref's search-based matcher: how much of the candidate's title the reference contains, the
// first author, the year (±1 counts half), volume, issue, first page, container title or its
// abbreviation; numbers in the reference the candidate does not explain count against it; notices
// (corrections, errata, retractions) and preprint or chapter twins of an article are penalised.
// Every feature is null when either side lacks the field, so that absent data neither helps nor hurts.

import type { ParsedReference } from '../references/parse.ts';
import { fold, tokens } from '../references/text.ts';
import { containerTitle, firstAuthor, noticeLabel, workFullTitle, workTitle, workYear, type CrossrefWork } from './work.ts';

const STOP = new Set(['the', 'of', 'and', 'in', 'a', 'an', 'on', 'for', 'to', 'with', 'by', 'at', 'from', 'as', 'or', 'is', 'its', 'de', 'la', 'le', 'et', 'der', 'die', 'und']);
/** Words by which a reference cites a notice itself ("Correction to:", "Retraction note"). */
const NOTICE_WORDS = /\b(?:correction|corrigendum|erratum|errata|retraction|retracted|expression of concern|addendum)\b/i;

/** The reference prepared once for scoring many candidates. */
export interface PreparedReference {
  parsed: ParsedReference;
  tokens: string[];
  tokenSet: Set<string>;
  /** Tokens of the part before the title (the author block), for first-author checks. */
  leadSet: Set<string>;
  /** Numbers of the reference (numeric tokens and page-like tokens such as e1234, s255). */
  numbers: string[];
  /** Two and three adjacent tokens glued ("cro ssbridge" → "crossbridge"): words split by OCR or line breaks. */
  joined: Set<string>;
  length: number;
  mentionsNotice: boolean;
}

export function prepareReference(parsed: ParsedReference): PreparedReference {
  const toks = tokens(parsed.cleaned);
  const titleAt = parsed.title ? fold(parsed.cleaned).indexOf(fold(parsed.title).slice(0, 12)) : -1;
  const head = parsed.cleaned.slice(0, Math.max(40, Math.floor(parsed.cleaned.length * 0.4)));
  const leadText = titleAt > head.length ? parsed.cleaned.slice(0, titleAt) : head;
  return {
    parsed,
    tokens: toks,
    tokenSet: new Set(toks),
    leadSet: new Set(tokens(leadText)),
    joined: new Set(toks.flatMap((t, i) => (i + 1 < toks.length ? [t + toks[i + 1], ...(i + 2 < toks.length ? [t + toks[i + 1] + toks[i + 2]] : [])] : []))),
    numbers: toks.filter((t) => /^[a-z]{0,2}\d+[a-z]?$/.test(t) && /\d/.test(t)),
    length: parsed.cleaned.length,
    mentionsNotice: NOTICE_WORDS.test(parsed.cleaned),
  };
}

function editDistanceAtMost1(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { i++; j++; continue; }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else { i++; j++; }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Whether the reference has the token, exactly or (five letters and more) with one typo. */
function hasToken(ref: PreparedReference, t: string, within: Set<string> = ref.tokenSet): boolean {
  if (within.has(t)) return true;
  if (t.length < 5) return false;
  for (const r of within) if (r.length >= 4 && editDistanceAtMost1(r, t)) return true;
  // Glued words in the reference ("pressurelowering"), or OCR splits ("equat ions", "ofSema ntic").
  for (const r of within) if (r.length > t.length + 2 && r.includes(t)) return true;
  if (within === ref.tokenSet) {
    if (ref.joined.has(t)) return true;
    for (const r of ref.joined) if (r.length > t.length && r.includes(t)) return true;
  }
  return false;
}

/** Share of the title's words the reference contains (stop words weigh a fifth). */
function titleCoverage(ref: PreparedReference, title: string): { coverage: number; words: number } {
  const toks = tokens(title);
  let total = 0;
  let found = 0;
  for (const t of toks) {
    const w = STOP.has(t) ? 0.2 : 1;
    total += w;
    if (hasToken(ref, t)) found += w;
  }
  return { coverage: total ? found / total : 0, words: toks.filter((t) => !STOP.has(t)).length };
}

/**
 * Share of the candidate's title words (stop words aside) the reference lacks, when they are not
 * simply an omitted subtitle (everything after the first colon, question mark or full stop): a label
 * before the title ("Editorial: …", "Reply to …") or a longer title ("…, and: Another Book") marks
 * another work with the same words.
 */
function titleExtra(ref: PreparedReference, title: string): number {
  const boundary = title.search(/[:?.]\s/);
  const head = tokens(boundary > 0 ? title.slice(0, boundary) : title).filter((t) => !STOP.has(t));
  const tail = boundary > 0 ? tokens(title.slice(boundary)).filter((t) => !STOP.has(t)) : [];
  const headMissing = head.filter((t) => !hasToken(ref, t)).length;
  const tailMissing = tail.filter((t) => !hasToken(ref, t)).length;
  const total = head.length + tail.length;
  if (!total) return 0;
  // The whole tail missing and the head found: a subtitle the reference leaves out.
  if (headMissing === 0 && (tailMissing === tail.length || tailMissing === 0)) return 0;
  return (headMissing + tailMissing) / total;
}

/** Share of the reference's parsed title words that the candidate's title contains. */
function reverseCoverage(ref: PreparedReference, title: string): number | null {
  const refTitle = ref.parsed.title;
  if (!refTitle) return null;
  const mine = tokens(refTitle).filter((t) => !STOP.has(t));
  if (mine.length < 3) return null;
  const theirs = new Set(tokens(title));
  const fake: PreparedReference = { ...ref, tokenSet: theirs };
  return mine.filter((t) => hasToken(fake, t, theirs)).length / mine.length;
}

function containerSimilarity(ref: PreparedReference, names: string[]): number | null {
  let best: number | null = null;
  for (const name of names) {
    const toks = tokens(name).filter((t) => !STOP.has(t));
    if (!toks.length) continue;
    let hit = 0;
    for (const c of toks) {
      if (hasToken(ref, c)) { hit++; continue; }
      // Abbreviation: a reference token that starts the container word ("J" journal, "Coll" college).
      let abbr = false;
      for (const r of ref.tokenSet) {
        if (r.length >= 1 && !/\d/.test(r) && c.startsWith(r) && (r.length >= 3 || (r.length <= 2 && r === c.slice(0, r.length)))) { abbr = true; break; }
      }
      if (abbr) hit += 0.8;
    }
    const s = hit / toks.length;
    best = best === null ? s : Math.max(best, s);
  }
  return best;
}

function parsedTitleIsContainer(parsedTitle: string, names: string[]): boolean {
  const mine = tokens(parsedTitle).filter((t) => !STOP.has(t) && !/\d/.test(t));
  if (!mine.length) return true;
  const theirs = new Set(names.flatMap((n) => tokens(n)));
  const prefixOf = (t: string) => [...theirs].some((c) => c.startsWith(t));
  return mine.filter((t) => theirs.has(t) || prefixOf(t)).length / mine.length >= 0.7;
}

export interface CandidateFeatures {
  doi: string;
  /** Registry score / reference length. */
  scoreRatio: number;
  title: number | null;
  /** Share of the reference's own title found in the candidate's (null: no reliable parsed title). */
  titleReverse: number | null;
  titleWords: number;
  /** Share of the candidate's title words the reference lacks, beyond an omitted subtitle. */
  titleExtra: number;
  author: number | null;
  year: number | null;
  volume: number | null;
  issue: number | null;
  page: number | null;
  container: number | null;
  /** Numbers in the reference the candidate does not explain. */
  unexplained: number;
  notice: boolean;
  /** Candidate type does not fit the reference (chapter or preprint for a journal citation). */
  typeMismatch: boolean;
}

function numberTokens(s: string | undefined | null): string[] {
  return s ? tokens(s).filter((t) => /\d/.test(t)) : [];
}

function pageTokens(page: string | undefined): string[] {
  if (!page) return [];
  const [first, last] = page.split(/[-–]/).map((p) => fold(p.trim()));
  const out = [first!].filter(Boolean);
  if (last) {
    out.push(last);
    // "1201-1203" is also cited as "1201-3".
    if (first && last.length === first.length) for (let k = 1; k < last.length; k++) if (first.slice(0, k) === last.slice(0, k)) out.push(last.slice(k));
  }
  return out;
}

export function scoreCandidate(ref: PreparedReference, w: CrossrefWork): CandidateFeatures {
  const p = ref.parsed;
  const title = workTitle(w);
  const full = workFullTitle(w);
  const cov = titleCoverage(ref, title);
  const covFull = full !== title ? titleCoverage(ref, full) : cov;
  let titleSim: number | null = Math.max(cov.coverage, covFull.coverage);
  if (!title) titleSim = null;
  // Styles without titles: the reference has no title to compare.
  else if (p.title === null && titleSim < 0.5) titleSim = null;
  let titleReverse = title ? reverseCoverage(ref, full) : null;
  const names = [containerTitle(w), ...(w['short-container-title'] ?? [])].filter((n): n is string => !!n);
  // What the parser took for a title is the candidate's journal (styles without titles: AIP, Elsevier).
  if (titleSim !== null && titleSim < 0.5 && p.title && names.length && parsedTitleIsContainer(p.title, names)) {
    titleSim = null;
    titleReverse = null;
  }

  const fa = firstAuthor(w);
  let author: number | null = null;
  if (fa) {
    const fam = tokens(fa.family ?? fa.name ?? '').filter((t) => t.length >= 2);
    if (fam.length) {
      if (fam.some((t) => hasToken(ref, t, ref.leadSet))) author = 1;
      else if (fam.some((t) => hasToken(ref, t))) author = 0.6;
      else {
        const others = (w.author ?? []).slice(1, 4).flatMap((a) => tokens(a.family ?? '')).filter((t) => t.length >= 3);
        author = others.some((t) => ref.leadSet.has(t)) ? 0.5 : 0;
      }
    }
  }

  const cy = workYear(w);
  let year: number | null = null;
  if (cy !== null) {
    const ry = p.year ? Number(p.year) : null;
    if (ry === cy || ref.tokenSet.has(String(cy))) year = 1;
    else if (ry !== null) year = Math.abs(ry - cy) === 1 ? 0.5 : 0;
  }

  const refNums = new Set(ref.numbers);
  const vol = w.volume ? fold(w.volume).trim() : '';
  const refHasVolumeLike = p.volume !== null || ref.numbers.filter((n) => n !== p.year).length > 0;
  const volume = vol ? (numberTokens(vol).some((t) => refNums.has(t)) || ref.tokenSet.has(vol) ? 1 : refHasVolumeLike ? 0 : null) : null;
  const iss = numberTokens(w.issue);
  const issue = iss.length ? (iss.some((t) => refNums.has(t)) ? 1 : p.issue !== null ? 0 : null) : null;
  const pages = pageTokens(w.page);
  const page = pages.length ? (ref.tokenSet.has(pages[0]!) ? 1 : p.pages !== null ? 0 : null) : null;

  const container = names.length ? containerSimilarity(ref, names) : null;

  const explained = new Set<string>([...numberTokens(title), ...numberTokens(full), ...names.flatMap(numberTokens), ...numberTokens(w.volume), ...iss, ...pages]);
  if (cy !== null) explained.add(String(cy));
  let unexplained = 0;
  for (const n of ref.numbers) {
    if (explained.has(n)) continue;
    // The reference's own year is judged by the year feature, not twice.
    if (p.year && n === p.year && cy !== null && Math.abs(Number(n) - cy) <= 1) continue;
    unexplained++;
  }

  // A notice matches only a reference that names that kind of notice ("withdrawal" in an ordinary
  // title, as in "withdrawal suppression", does not cite a withdrawal notice).
  const label = noticeLabel(w);
  const notice = label !== null && (label === 'update' ? !ref.mentionsNotice : !ref.tokenSet.has(tokens(label)[0]!));
  const type = w.type ?? '';
  const journalLike = p.volume !== null || p.pages !== null;
  const typeMismatch = (type === 'posted-content' && journalLike && page !== 1) || ((type === 'book-chapter' || type === 'book') && journalLike && (container ?? 0) < 0.5);

  return {
    doi: w.DOI.toLowerCase(),
    scoreRatio: (w.score ?? 0) / Math.max(1, ref.length),
    title: titleSim,
    titleReverse,
    titleWords: Math.max(cov.words, covFull.words),
    titleExtra: titleSim === null || titleSim < 0.5 ? 0 : Math.min(titleExtra(ref, title), full !== title ? titleExtra(ref, full) : 1),
    author,
    year,
    volume,
    issue,
    page,
    container,
    unexplained,
    notice,
    typeMismatch,
  };
}

const WEIGHTS = { title: 3, author: 1.5, year: 1.5, volume: 1, issue: 0.5, page: 1, container: 1 } as const;

/** One number for ranking candidates: the weighted mean of the known features, less the penalties. */
export function combinedScore(f: CandidateFeatures): number {
  let sum = 0;
  let weight = 0;
  for (const [k, w] of Object.entries(WEIGHTS) as [keyof typeof WEIGHTS, number][]) {
    const v = f[k];
    if (v === null) continue;
    sum += v * w;
    weight += w;
  }
  let s = weight ? sum / weight : 0;
  // Little evidence is weak evidence: fewer than about five weighted fields pull the score down.
  s *= Math.min(1, weight / 6);
  // A reference title with words the candidate's title lacks ("Care in the community" inside a longer
  // title). Next to nothing in common means the parsed title is wrong, not the candidate.
  if (f.titleReverse !== null && f.titleReverse >= 0.15) s -= 0.3 * (1 - f.titleReverse);
  s -= Math.min(0.4, 0.1 * f.unexplained);
  if (f.titleExtra > 0.15) s -= 0.5 * f.titleExtra;
  if (f.notice) s -= 0.5;
  if (f.typeMismatch) s -= 0.3;
  if (f.title !== null && f.title >= 0.7 && f.titleWords <= 2) s -= 0.15;
  return s;
}

/** How many of title, year, volume, first author and first page agree (Crossref's "at least 3"). */
export function agreements(f: CandidateFeatures): number {
  return [f.title !== null && f.title >= 0.7, f.year === 1, f.volume === 1, f.author !== null && f.author >= 0.7, f.page === 1].filter(Boolean).length;
}
