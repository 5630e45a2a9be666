// Pure scoring of one scan against one gold file. No I/O: the caller has already translated the engine's
// locations into gold coordinates (code points of the concatenated w:t text of word/document.xml paragraphs).
//
// Rules (bench/README.md has the prose version):
// - an engine match overlaps a gold mention when both sit in the same paragraph and their character
//   ranges intersect (gold mention text is exactly the JATS xref text, e.g. "2" of "Fig. 2", so spans
//   are not required to be equal);
// - the match is correct when its target's paragraph is the paragraph of one of the mention's rids
//   (gold references[].paragraphIndex for citations, gold targets[].paragraphIndex otherwise);
// - a gold mention is found when at least one counted engine match overlaps it with a correct target;
//   otherwise it is listed as an error once: wrong-target when a counted match sits on it, missed when none does;
// - engine matches are counted per engine kind (algorithm/listing -> other), except figure/table matches
//   sitting on a gold supplementary mention ("Table S1"), which are counted in the supplementary row;
// - DOI: every gold reference DOI must be overlapped by a 'doi' match in its paragraph whose doi equals
//   the gold DOI case-insensitively.

import { IDENTIFIER_KINDS } from '../../shared/identifiers.ts';
import { cpLength, GOLD_KINDS, type GoldDoc, type GoldKind, type GoldMention, type GoldReference } from './gold.ts';

export const DOCUMENT_PART = 'word/document.xml';

export type RowKind = GoldKind | 'doi';
export const ROW_KINDS: readonly RowKind[] = [...GOLD_KINDS, 'doi'];

interface ScoredLocation {
  part: string;
  paragraph: number;
  start: number;
  end: number;
}

/** The fields of a ReviewMatch the scorer reads (a ReviewMatch fits). */
export interface ScoredMatch {
  refId: string;
  kind: string;
  status: string;
  targetId: string;
  sourceText: string;
  location: ScoredLocation;
  label?: string;
  doi?: string;
}

/** The fields of a ReviewTarget the scorer reads (a ReviewTarget fits). */
export interface ScoredTarget {
  targetId: string;
  label: string;
  location: ScoredLocation;
}

export interface KindRow {
  kind: RowKind;
  /** Gold mentions (or gold DOIs) of this kind. */
  gold: number;
  /** Gold mentions covered by a correct match. */
  found: number;
  /** Counted engine matches assigned to this row. */
  engine: number;
  correct: number;
  wrongTarget: number;
  untagged: number;
}

export type ErrorType = 'missed' | 'wrong-target' | 'untagged';

export interface EngineBrief {
  refId: string;
  kind: string;
  status: string;
  start: number;
  end: number;
  sourceText: string;
  targetId: string;
  targetLabel: string | null;
  targetParagraph: number | null;
  doi?: string;
}

export interface ScoreError {
  type: ErrorType;
  kind: RowKind;
  paragraph: number;
  start: number;
  end: number;
  /** Gold mention text (missed) or engine source text (wrong-target, untagged). */
  text: string;
  /** What the gold expects: target labels with paragraph numbers. */
  expected: string[];
  /** The engine match in question (wrong-target, untagged) or the engine matches near a missed mention. */
  engine: EngineBrief[];
}

export interface ScoreOptions {
  /** Statuses of engine matches that count as proposed links. Default: ready, low_confidence. */
  countedStatuses?: readonly string[];
  /**
   * Gold mentions set aside (known gold defects, gold-defects.ts): not counted as gold, and an engine match
   * overlapping only set-aside mentions is not counted either.
   */
  setAside?: ReadonlySet<GoldMention>;
}

export interface DocScore {
  rows: Record<RowKind, KindRow>;
  errors: ScoreError[];
  /** Engine matches not counted, by status (held, unmatched, ...). */
  uncountedByStatus: Record<string, number>;
  /** Counted engine matches outside word/document.xml (footnotes, endnotes): gold does not cover them. */
  otherParts: number;
  /** Gold mentions whose rids have no paragraph: unreachable by construction. */
  goldWithoutTarget: number;
}

export const DEFAULT_COUNTED_STATUSES: readonly string[] = ['ready', 'low_confidence'];

function emptyRow(kind: RowKind): KindRow {
  return { kind, gold: 0, found: 0, engine: 0, correct: 0, wrongTarget: 0, untagged: 0 };
}

export function emptyRows(): Record<RowKind, KindRow> {
  const rows = {} as Record<RowKind, KindRow>;
  for (const k of ROW_KINDS) rows[k] = emptyRow(k);
  return rows;
}

/** Half-open ranges [aStart, aEnd) and [bStart, bEnd) intersect. Empty ranges intersect nothing. */
function rangesOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < aEnd && bStart < bEnd && aStart < bEnd && bStart < aEnd;
}

/** The row an engine match kind counts in, before the supplementary exception. */
function engineRowKind(kind: string): RowKind {
  switch (kind) {
    case 'citation':
    case 'figure':
    case 'table':
    case 'equation':
    case 'section':
    case 'appendix':
    case 'supplementary':
    case 'doi':
      return kind;
    default:
      return 'other';
  }
}

export function recall(row: KindRow): number | null {
  return row.gold === 0 ? null : row.found / row.gold;
}
export function strictPrecision(row: KindRow): number | null {
  return row.engine === 0 ? null : row.correct / row.engine;
}
export function taggedPrecision(row: KindRow): number | null {
  const d = row.correct + row.wrongTarget;
  return d === 0 ? null : row.correct / d;
}

/** Adds one row's counts into another. */
export function addRow(a: KindRow, b: KindRow): void {
  a.gold += b.gold;
  a.found += b.found;
  a.engine += b.engine;
  a.correct += b.correct;
  a.wrongTarget += b.wrongTarget;
  a.untagged += b.untagged;
}

export function addRows(into: Record<RowKind, KindRow>, from: Record<RowKind, KindRow>): void {
  for (const k of ROW_KINDS) addRow(into[k], from[k]);
}

interface GoldSpan {
  mention: GoldMention;
  start: number;
  end: number;
  found: boolean;
}

interface DoiSpan {
  ref: GoldReference;
  start: number;
  end: number;
  found: boolean;
}

function groupBy<T>(items: T[], key: (t: T) => number): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = m.get(k);
    if (list) list.push(it);
    else m.set(k, [it]);
  }
  return m;
}

export function scoreDocument(
  gold: GoldDoc,
  matches: readonly ScoredMatch[],
  targets: readonly ScoredTarget[],
  options: ScoreOptions = {},
): DocScore {
  const counted = new Set(options.countedStatuses ?? DEFAULT_COUNTED_STATUSES);
  const aside = options.setAside ?? new Set<GoldMention>();
  const rows = emptyRows();
  const errors: ScoreError[] = [];
  const uncountedByStatus: Record<string, number> = {};
  let otherParts = 0;

  // Gold side: rid -> paragraph and label.
  const ridParagraph = new Map<string, number>();
  const ridLabel = new Map<string, string>();
  for (const r of gold.references) {
    ridParagraph.set(r.id, r.paragraphIndex);
    ridLabel.set(r.id, r.label ?? ([r.firstAuthor, r.year].filter(Boolean).join(' ') || r.id));
  }
  for (const t of gold.targets) {
    if (t.paragraphIndex !== null && t.paragraphIndex !== undefined) ridParagraph.set(t.id, t.paragraphIndex);
    ridLabel.set(t.id, t.label ?? t.title ?? t.id);
  }
  const expectedOf = (m: GoldMention): string[] =>
    m.rid.map((rid) => {
      const p = ridParagraph.get(rid);
      return `${ridLabel.get(rid) ?? rid} (¶${p ?? '?'})`;
    });
  const expectedParagraphs = (m: GoldMention): number[] =>
    m.rid.map((rid) => ridParagraph.get(rid)).filter((p): p is number => p !== undefined);

  const asideSpans: GoldSpan[] = [];
  const spans: GoldSpan[] = gold.mentions.filter((mention) => {
    if (!aside.has(mention)) return true;
    asideSpans.push({ mention, start: mention.charOffset, end: mention.charOffset + cpLength(mention.text), found: false });
    return false;
  }).map((mention) => ({
    mention,
    start: mention.charOffset,
    end: mention.charOffset + cpLength(mention.text),
    found: false,
  }));
  let goldWithoutTarget = 0;
  for (const s of spans) {
    rows[s.mention.kind].gold++;
    if (expectedParagraphs(s.mention).length === 0) goldWithoutTarget++;
  }
  const spansByParagraph = groupBy(spans, (s) => s.mention.paragraphIndex);
  const asideByParagraph = groupBy(asideSpans, (s) => s.mention.paragraphIndex);

  const doiSpans: DoiSpan[] = [];
  for (const ref of gold.references) {
    if (!ref.doi) continue;
    const text = ref.doiText ?? ref.doi;
    const start = ref.doiOffset ?? 0;
    doiSpans.push({ ref, start, end: start + cpLength(text), found: false });
  }
  rows.doi.gold = doiSpans.length;
  const doiByParagraph = groupBy(doiSpans, (s) => s.ref.paragraphIndex);

  // Engine side.
  const targetById = new Map<string, ScoredTarget>();
  for (const t of targets) targetById.set(t.targetId, t);
  const brief = (m: ScoredMatch): EngineBrief => {
    const t = targetById.get(m.targetId);
    const b: EngineBrief = {
      refId: m.refId,
      kind: m.kind,
      status: m.status,
      start: m.location.start,
      end: m.location.end,
      sourceText: m.sourceText,
      targetId: m.targetId,
      targetLabel: t ? t.label : null,
      targetParagraph: t && t.location.part === DOCUMENT_PART ? t.location.paragraph : null,
    };
    if (m.doi !== undefined) b.doi = m.doi;
    return b;
  };
  const docMatchesByParagraph = groupBy(
    matches.filter((m) => m.location.part === DOCUMENT_PART),
    (m) => m.location.paragraph,
  );

  for (const m of matches) {
    // Identifiers (URLs, PMIDs, ...) are not in the gold: bench:checks measures them.
    if ((IDENTIFIER_KINDS as readonly string[]).includes(m.kind)) continue;
    if (!counted.has(m.status)) {
      uncountedByStatus[m.status] = (uncountedByStatus[m.status] ?? 0) + 1;
      continue;
    }
    if (m.location.part !== DOCUMENT_PART) {
      otherParts++;
      continue;
    }
    const { paragraph, start, end } = m.location;
    const b = brief(m);

    if (m.kind === 'doi') {
      const row = rows.doi;
      row.engine++;
      const over = (doiByParagraph.get(paragraph) ?? []).filter((s) => rangesOverlap(start, end, s.start, s.end));
      const want = (m.doi ?? '').toLowerCase();
      const hit = over.filter((s) => s.ref.doi!.toLowerCase() === want);
      if (hit.length > 0) {
        row.correct++;
        for (const s of hit) s.found = true;
      } else {
        const type: ErrorType = over.length > 0 ? 'wrong-target' : 'untagged';
        if (type === 'wrong-target') row.wrongTarget++;
        else row.untagged++;
        errors.push({ type, kind: 'doi', paragraph, start, end, text: m.sourceText, expected: over.map((s) => s.ref.doi!), engine: [b] });
      }
      continue;
    }

    const over = (spansByParagraph.get(paragraph) ?? []).filter((s) => rangesOverlap(start, end, s.start, s.end));
    if (over.length === 0 && (asideByParagraph.get(paragraph) ?? []).some((s) => rangesOverlap(start, end, s.start, s.end))) continue;
    let rowKind = engineRowKind(m.kind);
    if ((rowKind === 'figure' || rowKind === 'table') && over.length > 0 && over.every((s) => s.mention.kind === 'supplementary')) {
      rowKind = 'supplementary';
    }
    const row = rows[rowKind];
    row.engine++;
    if (over.length === 0) {
      row.untagged++;
      errors.push({ type: 'untagged', kind: rowKind, paragraph, start, end, text: m.sourceText, expected: [], engine: [b] });
      continue;
    }
    const good = b.targetParagraph === null ? [] : over.filter((s) => expectedParagraphs(s.mention).includes(b.targetParagraph!));
    if (good.length > 0) {
      row.correct++;
      for (const s of good) s.found = true;
    } else {
      row.wrongTarget++;
      errors.push({
        type: 'wrong-target',
        kind: rowKind,
        paragraph,
        start,
        end,
        text: m.sourceText,
        expected: over.flatMap((s) => expectedOf(s.mention)),
        engine: [b],
      });
    }
  }

  for (const s of spans) {
    if (s.found) {
      rows[s.mention.kind].found++;
      continue;
    }
    const near = (docMatchesByParagraph.get(s.mention.paragraphIndex) ?? [])
      .filter((m) => rangesOverlap(m.location.start, m.location.end, s.start, s.end))
      .map(brief);
    // A counted match sitting on the mention is already listed as wrong-target: missed means nothing counted here.
    if (near.some((b) => counted.has(b.status))) continue;
    errors.push({
      type: 'missed',
      kind: s.mention.kind,
      paragraph: s.mention.paragraphIndex,
      start: s.start,
      end: s.end,
      text: s.mention.text,
      expected: expectedOf(s.mention),
      engine: near,
    });
  }
  for (const s of doiSpans) {
    if (s.found) {
      rows.doi.found++;
      continue;
    }
    const near = (docMatchesByParagraph.get(s.ref.paragraphIndex) ?? [])
      .filter((m) => rangesOverlap(m.location.start, m.location.end, s.start, s.end))
      .map(brief);
    errors.push({
      type: 'missed',
      kind: 'doi',
      paragraph: s.ref.paragraphIndex,
      start: s.start,
      end: s.end,
      text: s.ref.doiText ?? s.ref.doi!,
      expected: [s.ref.doi!],
      engine: near,
    });
  }

  errors.sort((a, b) => a.paragraph - b.paragraph || a.start - b.start);
  return { rows, errors, uncountedByStatus, otherParts, goldWithoutTarget };
}
