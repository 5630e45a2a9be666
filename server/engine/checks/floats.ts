// Checks of figures, tables, supplementary items, equations and the other numbered targets: mentions of a number
// that does not exist, items never mentioned, first mentions out of order, caption numbers that skip or repeat.
import type { CheckFinding, ReviewMatch, ReviewTarget } from '../../../shared/contract.ts';
import { atMention, atTarget, compareLocations, finding, quoted, targetNumber } from './mentions.ts';

const WORD: Record<string, string> = { figure: 'figure', table: 'table', equation: 'equation', supplementary: 'supplementary item', section: 'section', appendix: 'appendix', algorithm: 'algorithm', listing: 'listing' };
/** Kinds whose items a journal expects each to be mentioned, in order. */
const ORDERED_KINDS = new Set(['figure', 'table', 'supplementary']);
/** Equations are often numbered without being mentioned: a note, not a warning. */
const MENTION_EXPECTED: Record<string, 'warning' | 'note'> = { figure: 'warning', table: 'warning', supplementary: 'warning', equation: 'note', algorithm: 'note', listing: 'note' };

const RANGE_CAPTION = /^[\p{L}.\s]{0,12}S?\d+\s*[-\u2013]\s*[\p{L}.]{0,6}\s?S?\d+\b/u;

function display(t: ReviewTarget): string {
  return t.label;
}

function seriesRange(items: { n: number }[]): string {
  if (items.length === 0) return 'none';
  const ns = items.map((i) => i.n).sort((a, b) => a - b);
  return ns.length === 1 ? `${ns[0]}` : `${ns[0]}–${ns[ns.length - 1]}`;
}

export function floatChecks(matches: readonly ReviewMatch[], targets: readonly ReviewTarget[], mentions: Map<string, ReviewMatch[]>): CheckFinding[] {
  const out: CheckFinding[] = [];
  const floats = targets.filter((t) => t.type !== 'bibliography');
  const series = new Map<string, { t: ReviewTarget; n: number }[]>();
  for (const t of floats) {
    const num = targetNumber(t);
    // A caption for a range of items ("ESM5 - ESM8 are PDF versions of…", repeated for each) numbers none alone.
    if (!num || RANGE_CAPTION.test(t.text ?? '')) continue;
    const list = series.get(num.series) ?? [];
    list.push({ t, n: num.number });
    series.set(num.series, list);
  }

  const noneNoted = new Set<string>();
  for (const m of matches) {
    if (m.kind === 'citation' || m.kind === 'doi' || m.status !== 'unmatched') continue;
    const items = [...series.entries()].filter(([k]) => k.split(':')[0] === m.kind).flatMap(([, v]) => v);
    const what = WORD[m.kind] ?? m.kind;
    const plural = what === 'appendix' ? 'appendices' : `${what}s`;
    if (items.length === 0) {
      // No numbered item of the kind at all: figures uploaded apart, sections of a supporting file. Not decidable.
      if (noneNoted.has(m.kind)) continue;
      noneNoted.add(m.kind);
      out.push(finding('undecided', 'note', `“${quoted(m)}” is mentioned but the document has no numbered ${plural} (perhaps they are in another file), so ${what} mentions are not checked`, atMention(m)));
      continue;
    }
    // A mention numbered in another series than the document's items is not decidable either: "Tables S2 and S3"
    // when the supplementary tables are in another file, "Figure 1D–III" (panel parts in Roman numerals).
    const written = m.sourceText.replace(/[()]/g, '').trim();
    const otherSeries = /^S\d/i.test(written) ? !series.has(`${m.kind}:S`) && 'supplementary' : /^[IVXLC]+$/.test(written) ? 'roman' : false;
    if (otherSeries) {
      if (noneNoted.has(`${m.kind}:${otherSeries}`)) continue;
      noneNoted.add(`${m.kind}:${otherSeries}`);
      const why = otherSeries === 'roman' ? `the document's ${plural} are numbered ${seriesRange(items)}, so mentions in Roman numerals (panel parts?) are not checked` : `the document has no supplementary ${plural} (perhaps they are in another file), so S-numbered ${what} mentions are not checked`;
      out.push(finding('undecided', 'note', `“${quoted(m)}” is mentioned but ${why}`, atMention(m)));
      continue;
    }
    out.push(finding('mention-without-target', 'error', `“${quoted(m)}” is mentioned but the document has no ${what} ${m.sourceText.replace(/[()]/g, '')} (${plural}: ${seriesRange(items)})`, atMention(m)));
  }

  for (const t of floats) {
    if (mentions.has(t.targetId)) continue;
    const severity = MENTION_EXPECTED[t.type];
    if (!severity) continue;
    out.push(finding('target-not-mentioned', severity, `${display(t)} is never mentioned in the text`, atTarget(t), [t.targetId]));
  }

  for (const [key, items] of series) {
    const kind = key.split(':')[0]!;
    // Equations, sections and the rest restart their numbers in appendices and may be unnumbered: only figures,
    // tables and supplementary items are held to one numbering.
    if (!ORDERED_KINDS.has(kind)) continue;
    const sorted = [...items].sort((a, b) => a.n - b.n || compareLocations(a.t.location, b.t.location));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const cur = sorted[i]!;
      const sameParagraph = cur.t.location.part === prev.t.location.part && cur.t.location.paragraph === prev.t.location.paragraph;
      if (cur.n === prev.n && !sameParagraph) out.push(finding('caption-numbering', 'error', `${display(cur.t)} is numbered twice`, atTarget(cur.t), [prev.t.targetId, cur.t.targetId]));
      else if (cur.n > prev.n + 1) out.push(finding('caption-numbering', 'warning', `${WORD[kind] ?? kind} numbering skips from ${prev.n} to ${cur.n}`, atTarget(cur.t), [prev.t.targetId, cur.t.targetId]));
    }
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const cur = sorted[i]!;
      const a = mentions.get(prev.t.targetId)?.[0];
      const b = mentions.get(cur.t.targetId)?.[0];
      if (!a || !b || cur.n === prev.n) continue;
      if (compareLocations(b.location, a.location) < 0) out.push(finding('mention-order', 'warning', `${display(cur.t)} is first mentioned before ${display(prev.t)}`, atMention(b), [cur.t.targetId, prev.t.targetId]));
    }
  }
  return out;
}
