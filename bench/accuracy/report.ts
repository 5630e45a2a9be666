// Text output of the accuracy bench: the per-kind table, per-document lines and error listings.

import {
  ROW_KINDS,
  addRow,
  recall,
  strictPrecision,
  taggedPrecision,
  type DocScore,
  type EngineBrief,
  type ErrorType,
  type KindRow,
  type RowKind,
  type ScoreError,
} from './score.ts';
import type { ParagraphInfo } from './paragraphs.ts';
import type { LocationMismatch } from './corpus.ts';

const useColor = process.stdout.isTTY === true && !process.env.NO_COLOR;
const paint = (code: string) => (s: string) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);
export const bold = paint('1');
export const dim = paint('2');
export const red = paint('31');
const green = paint('32');
export const yellow = paint('33');
const cyan = paint('36');

/** Goals of issues 2 and 10 (precision goals are checked against tagged precision, see README). */
const GOALS: Partial<Record<RowKind, { precision?: number; recall?: number }>> = {
  citation: { precision: 0.99, recall: 0.97 },
  figure: { precision: 0.99, recall: 0.98 },
  table: { precision: 0.99, recall: 0.98 },
  equation: { recall: 0.95 },
  section: { recall: 0.95 },
  appendix: { recall: 0.95 },
  supplementary: { recall: 0.95 },
  doi: { recall: 1 },
};

const fmt = (x: number | null): string => (x === null ? '  -  ' : x.toFixed(3));
const pad = (s: string | number, n: number): string => String(s).padStart(n);

function goalMark(row: KindRow): string {
  const g = GOALS[row.kind];
  if (!g || row.gold === 0) return '';
  const r = recall(row);
  const p = taggedPrecision(row);
  const okR = g.recall === undefined || (r !== null && r >= g.recall - 1e-12);
  const okP = g.precision === undefined || p === null || p >= g.precision - 1e-12;
  const want = [g.precision !== undefined ? `P≥${g.precision}` : '', g.recall !== undefined ? `R≥${g.recall}` : ''].filter(Boolean).join(' ');
  return okR && okP ? green(`ok (${want})`) : red(`below goal (${want})`);
}

export function formatTable(rows: Record<RowKind, KindRow>): string {
  const lines: string[] = [];
  lines.push(
    bold(
      `${'kind'.padEnd(14)}${pad('gold', 6)}${pad('found', 7)}${pad('recall', 8)}  |${pad('engine', 7)}${pad('correct', 8)}${pad('wrong', 7)}${pad('untag', 7)}  |${pad('P strict', 9)}${pad('P tagged', 9)}  goal`,
    ),
  );
  const total: KindRow = { kind: 'other', gold: 0, found: 0, engine: 0, correct: 0, wrongTarget: 0, untagged: 0 };
  const line = (label: string, r: KindRow, mark: string) =>
    `${label.padEnd(14)}${pad(r.gold, 6)}${pad(r.found, 7)}${pad(fmt(recall(r)), 8)}  |${pad(r.engine, 7)}${pad(r.correct, 8)}${pad(r.wrongTarget, 7)}${pad(r.untagged, 7)}  |${pad(fmt(strictPrecision(r)), 9)}${pad(fmt(taggedPrecision(r)), 9)}  ${mark}`;
  for (const k of ROW_KINDS) {
    const r = rows[k];
    if (k === 'doi') lines.push(dim('-'.repeat(100)));
    lines.push(line(k, r, goalMark(r)));
    if (k !== 'doi') addRow(total, r);
  }
  lines.splice(ROW_KINDS.length, 0, line('all mentions', total, ''));
  return lines.join('\n');
}

/** One line per document: recall and tagged precision of the main kinds. */
export function formatDocLine(name: string, score: DocScore, extra: string): string {
  const part = (k: RowKind, label: string) => {
    const r = score.rows[k];
    if (r.gold === 0 && r.engine === 0) return `${label} ${dim('   -/-   ')}`;
    const rr = recall(r);
    const pp = taggedPrecision(r);
    const s = `${label} ${fmt(rr)}/${fmt(pp)}`;
    return goalMark(r).includes('below') ? yellow(s) : s;
  };
  return `${name.padEnd(34)} ${part('citation', 'cit')} ${part('figure', 'fig')} ${part('table', 'tab')} ${part('equation', 'eq')} ${part('section', 'sec')} ${part('doi', 'doi')}  ${dim(extra)}`;
}

function context(p: ParagraphInfo | undefined, start: number, end: number, width = 70): string {
  if (!p) return dim('(paragraph not found)');
  const cps = Array.from(p.text);
  const a = Math.max(0, start - width);
  const b = Math.min(cps.length, end + width);
  const before = (a > 0 ? '…' : '') + cps.slice(a, start).join('');
  const mid = cps.slice(start, end).join('');
  const after = cps.slice(end, b).join('') + (b < cps.length ? '…' : '');
  const mark = useColor ? bold(yellow(mid)) : `⟦${mid}⟧`;
  return `${before}${mark}${after}`.replace(/\n/g, ' ');
}

function describeEngine(e: EngineBrief): string {
  const target = e.kind === 'doi' ? `doi=${e.doi ?? '?'}` : e.targetId ? `→ ${e.targetLabel ?? e.targetId} (¶${e.targetParagraph ?? 'other part'})` : '→ (no target)';
  return `${e.kind} ${e.status} "${e.sourceText}" [${e.start}-${e.end}] ${target}`;
}

const TYPE_COLOR: Record<ErrorType, (s: string) => string> = { missed: red, 'wrong-target': yellow, untagged: cyan };

export function formatError(doc: string, err: ScoreError, paragraphs: readonly ParagraphInfo[]): string {
  const head = `${TYPE_COLOR[err.type](err.type.padEnd(12))} ${err.kind.padEnd(13)} ${doc} ¶${err.paragraph}:${err.start}-${err.end} "${err.text}"`;
  const lines = [head, `    ${context(paragraphs[err.paragraph], err.start, err.end)}`];
  if (err.expected.length > 0) lines.push(`    ${dim('gold:')}   ${err.expected.join('; ')}`);
  if (err.type === 'missed') {
    lines.push(`    ${dim('engine:')} ${err.engine.length === 0 ? 'no match here' : err.engine.map(describeEngine).join(' | ')}`);
  } else {
    lines.push(`    ${dim('engine:')} ${err.engine.map(describeEngine).join(' | ')}`);
  }
  return lines.join('\n');
}

export interface ErrorFilter {
  limit: number;
  kinds: RowKind[];
  types: ErrorType[];
}

export function selectErrors(errors: readonly ScoreError[], f: ErrorFilter): ScoreError[] {
  return errors.filter((e) => (f.kinds.length === 0 || f.kinds.includes(e.kind)) && (f.types.length === 0 || f.types.includes(e.type))).slice(0, f.limit);
}

export function formatMismatch(doc: string, m: LocationMismatch): string {
  return `${yellow('location')}     ${doc} ¶${m.paragraph}:${m.start}-${m.end} engine sourceText "${m.sourceText}" but document text there is "${m.docText}"`;
}
