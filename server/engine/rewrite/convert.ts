// Converting in-text citations between the numeric and the author-date form (issue 19 item 4): each citation
// as written becomes one cluster of entry keys, the renderer (citeproc) writes every cluster with the list,
// and each cluster's new text replaces the old one: "[3–5]" → "(Okafor et al., 2019a; Lee, 2020)", a
// superscript "⁶" → " (Lee, 2020)", "(Lee, 2020; Okafor, 2019)" → "[1, 2]", narrative "Lee (2020)" →
// "Lee [1]" (the names kept and linked with the number). Where a citation holds more than its items (a "see", a page), each item is replaced in place by
// its own citation without the outer brackets ("(see Lee, 2020, p. 4)" → "(see 1, p. 4)"). Pure.

import { causeOf } from '../../../shared/causes.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import type { BibEntry, MatchCandidate } from '../detect/types.ts';
import type { ModelParagraph } from '../model/types.ts';
import { piecesIn } from '../model/queries.ts';
import type { RewriteCitation } from '../citation-style-hooks.ts';
import { entriesByNumber, type CitationEdit, type CitationGroup } from './citations.ts';

/** One citation as written: the span its new text replaces, and the entries it names in written order. */
export interface SourceCluster {
  paragraph: ModelParagraph;
  start: number;
  end: number;
  keys: string[];
  replaces: MatchCandidate[];
  /** Narrative ("Lee et al. (2020)"): the author names written before the year, kept before the new citation. */
  names: string | null;
  /** Replaced inside its parenthesis (other words share it): written without the style's outer brackets. */
  bare: boolean;
  /** How a numeric citation is set off as written: "superscript", "[]", "()" or "" (numericClusters). */
  form?: string;
  /** Why the citation cannot be written anew without losing words (a page inside its brackets). */
  lossy?: ReasonCode;
  /** Replaced in place (bare): what its parenthesis holds beside the items ("see", "p. 4"). */
  beside?: string;
}

const REF_WORD = /\b(?:Refs?\.|[Rr]eferences?)[\s\u00a0]+$/;

/** Numeric citation groups as clusters: the brackets go with them ("[3–5]"), a "Refs." before them too. */
export function numericClusters(groups: CitationGroup[], entries: BibEntry[]): { clusters: SourceCluster[]; blocked: ReasonCode[] } {
  const byNumber = entriesByNumber(entries);
  const clusters: SourceCluster[] = [];
  const blocked: ReasonCode[] = [];
  for (const g of groups) {
    const t = g.paragraph.text;
    const missing = g.numbers.filter((n) => !byNumber.has(n));
    if (missing.length) { blocked.push(causeOf('citationNamesNone', { text: t.slice(Math.max(0, g.start - 30), g.end + 1).trim(), numbers: missing.join(', ') })); continue; }
    let start = g.start, end = g.end;
    const open = t[start - 1], close = t[end];
    const superscript = piecesIn(g.paragraph, start, end).some((p) => p.superscript && p.end > p.start);
    let form = superscript ? 'superscript' : '';
    let lossy: ReasonCode | undefined;
    if ((open === '[' && close === ']') || (open === '(' && close === ')')) { start--; end++; form ||= open + close; }
    else if (open === '[' || open === '(' || close === ']' || close === ')') {
      // "[6, p. 4]", "[see 3]": the brackets hold more than the numbers, which a citation written anew would lose.
      const o = open === '[' || open === '(' ? open : close === ']' ? '[' : '(';
      const from = o === open ? start - 1 : t.lastIndexOf(o, start);
      const to = t.indexOf(o === '[' ? ']' : ')', end);
      form ||= o + (o === '[' ? ']' : ')');
      lossy = causeOf('citationHoldsMore', { text: t.slice(Math.max(0, from), to >= 0 ? to + 1 : end + 1).trim() });
    } else {
      const word = REF_WORD.exec(t.slice(0, start));
      if (word) start -= word[0].length;
    }
    // "[12, p. 5]" read as one match: the page goes with the number.
    if (!lossy && g.items.some((it) => !/^\d+$/.test(t.slice(it.match.start, it.match.end)))) lossy = causeOf('citationLosesPage', { text: t.slice(start, end).trim() });
    clusters.push({ paragraph: g.paragraph, start, end, keys: [...new Set(g.numbers.map((n) => byNumber.get(n)!.key))], replaces: g.items.map((it) => it.match), names: null, bare: false, form, ...(lossy ? { lossy } : {}) });
  }
  return { clusters, blocked };
}

/** The parenthesis around [start, end) in the text, or null. */
function parenAround(text: string, start: number, end: number): [number, number] | null {
  const open = text.lastIndexOf('(', start);
  if (open < 0 || text.slice(open, start).includes(')')) return null;
  const close = text.indexOf(')', end);
  if (close < 0 || text.slice(end, close).includes('(')) return null;
  return [open, close + 1];
}

/** Author-date citations as clusters: the items of one parenthesis together; a narrative one alone, its names kept. */
export function authorDateClusters(matches: MatchCandidate[], paragraphOrder: Map<ModelParagraph, number>): { clusters: SourceCluster[]; blocked: ReasonCode[] } {
  const cites = matches.filter((m) => m.kind === 'citation');
  cites.sort((a, b) => (paragraphOrder.get(a.paragraph) ?? 0) - (paragraphOrder.get(b.paragraph) ?? 0) || a.start - b.start);
  const clusters: SourceCluster[] = [];
  const blocked: ReasonCode[] = [];
  const byParen = new Map<string, MatchCandidate[]>();
  const order: string[] = [];
  for (const m of cites) {
    const t = m.paragraph.text;
    const written = t.slice(m.start, m.end);
    if (!m.targetKey) { blocked.push(causeOf('citationNoEntry', { text: written })); continue; }
    const inner = written.indexOf('(');
    if (inner > 0 && written.endsWith(')')) {
      clusters.push({ paragraph: m.paragraph, start: m.start, end: m.end, keys: [m.targetKey], replaces: [m], names: written.slice(0, inner), bare: false });
      continue;
    }
    const paren = parenAround(t, m.start, m.end);
    const id = paren ? `${paragraphOrder.get(m.paragraph)}:${paren[0]}` : `${paragraphOrder.get(m.paragraph)}@${m.start}`;
    if (!byParen.has(id)) { byParen.set(id, []); order.push(id); }
    byParen.get(id)!.push(m);
  }
  for (const id of order) {
    const ms = byParen.get(id)!;
    const p = ms[0]!.paragraph;
    const paren = parenAround(p.text, ms[0]!.start, ms[ms.length - 1]!.end);
    // Only the items and their separators inside the parenthesis (a title's opening quote that the match left out,
    // '(“Zinc Signaling, 2018; Lee, 2020)', included): the whole of it is the citation.
    let rest = paren ? p.text.slice(paren[0] + 1, paren[1] - 1) : 'x';
    if (paren) for (const m of [...ms].reverse()) rest = rest.slice(0, m.start - paren[0] - 1) + rest.slice(m.end - paren[0] - 1);
    if (paren && /^[\s;,“”"‘’']*$/.test(rest)) {
      clusters.push({ paragraph: p, start: paren[0], end: paren[1], keys: [...new Set(ms.map((m) => m.targetKey!))], replaces: ms, names: null, bare: false });
    } else {
      const beside = rest.replace(/[\s;,]+/g, ' ').trim();
      for (const m of ms) clusters.push({ paragraph: p, start: m.start, end: m.end, keys: [m.targetKey!], replaces: [m], names: null, bare: true, beside });
    }
  }
  clusters.sort((a, b) => (paragraphOrder.get(a.paragraph) ?? 0) - (paragraphOrder.get(b.paragraph) ?? 0) || a.start - b.start);
  return { clusters, blocked };
}

/** Why a cluster's text cannot be replaced (inside a field or a link already there), or null. */
function heldWhy(c: SourceCluster, text: string): ReasonCode | null {
  const held = piecesIn(c.paragraph, c.start, c.end).find((p) => p.hold || (p.kind !== 'text' && p.kind !== 'tab'));
  if (!held) return null;
  return held.hold === 'existing-hyperlink' ? causeOf('citationConvertInLink', { text }) : causeOf('citationConvertInside', { text, hold: held.hold ?? held.kind });
}

/**
 * The replacement of each cluster by the style's citation, or why a cluster cannot be replaced. Into an author
 * style (MLA, `to` "author"): a narrative citation keeps its names, linked, and drops its year ("Lee et al. (2020)"
 * → "Lee et al.", as MLA names the author in the sentence); a citation with a page beside its items is refused, as
 * MLA writes the page inside the citation ("(Lee 4)") and the conversion carries no locators.
 */
export function conversionEdits(clusters: SourceCluster[], rendered: RewriteCitation[], to?: string): { edits: CitationEdit[]; blocked: ReasonCode[] } {
  const edits: CitationEdit[] = [];
  const blocked: ReasonCode[] = [];
  clusters.forEach((c, i) => {
    const r = rendered[i];
    const written = c.paragraph.text.slice(c.start, c.end);
    if (!r || !r.text) { blocked.push(causeOf('citationNotRendered', { text: written })); return; }
    if (c.lossy) { blocked.push(c.lossy); return; }
    const why = heldWhy(c, written);
    if (why) { blocked.push(why); return; }
    if (to === 'author' && c.bare && /\d/.test(c.beside ?? '')) {
      const paren = parenAround(c.paragraph.text, c.start, c.end) ?? [c.start, c.end];
      blocked.push(causeOf('citationAuthorPage', { text: c.paragraph.text.slice(paren[0], paren[1]) }));
      return;
    }
    if (to === 'author' && c.names !== null) {
      const names = c.names.replace(/[\s\u00a0]+$/, '');
      if (names) edits.push({ paragraph: c.paragraph, start: c.start, end: c.end, replaces: c.replaces, pieces: [{ text: names, targetKey: c.keys[0]! }], plain: true });
      else blocked.push(causeOf('citationNoAuthor', { text: written }));
      return;
    }
    // Segments cut at the items' places; each item's text links to its entry.
    let text = r.text;
    let segments = r.segments;
    let items = r.items;
    if (c.bare) {
      const m = /^[([]?([\s\S]*?)[)\]]?$/.exec(text)!;
      const cut = text.indexOf(m[1]!);
      text = m[1]!;
      segments = sliceSegments(r.segments, cut, cut + text.length);
      items = items.map((x) => (x ? { ...x, start: x.start - cut, end: x.end - cut } : null));
    }
    const superscript = segments.some((s) => s.superscript);
    let start = c.start;
    const before = c.paragraph.text.slice(0, c.start);
    const pieces: CitationEdit['pieces'] = [];
    if (c.names !== null) {
      // The names stay, linked with the citation: "Lee et al. (2020)" → "Lee et al. [1]", or "Lee et al.¹".
      const names = superscript ? c.names.replace(/[ \u00a0]+$/, '') : c.names;
      if (names) pieces.push({ text: names, targetKey: c.keys[0]! });
    } else if (superscript) start -= /[ \u00a0]*$/.exec(before)![0].length; // "moss (Lee, 2020)" → "moss¹"
    else if (before && !/[\s([]$/.test(before)) pieces.push({ text: ' ' }); // "moss⁶" → "moss (Lee, 2020)", "moss [6]"
    const cuts = new Set([0, text.length]);
    for (const x of items) if (x) { cuts.add(x.start); cuts.add(x.end); }
    const bounds = [...cuts].sort((a, b) => a - b);
    for (let k = 0; k + 1 < bounds.length; k++) {
      const a = bounds[k]!, b = bounds[k + 1]!;
      const owner = items.find((x) => x && x.start === a && x.end === b);
      for (const s of sliceSegments(segments, a, b)) pieces.push({ text: s.text, ...(owner ? { targetKey: owner.key } : {}), ...(s.superscript ? { superscript: true } : {}), ...(s.italic ? { italic: true } : {}) });
    }
    edits.push({ paragraph: c.paragraph, start, end: c.end, replaces: c.replaces, pieces, plain: true });
  });
  return { edits, blocked };
}

function sliceSegments<S extends { text: string }>(segments: S[], from: number, to: number): S[] {
  const out: S[] = [];
  let at = 0;
  for (const s of segments) {
    const a = Math.max(from, at), b = Math.min(to, at + s.text.length);
    if (b > a) out.push({ ...s, text: s.text.slice(a - at, b - at) });
    at += s.text.length;
  }
  return out;
}
