// Style lineage: many CSL styles are adaptations of another one (`<link rel="template">`: the
// American Geophysical Union style of APA, Taylor & Francis Chicago of Chicago author-date, APS of
// AIP). A lineage is a root style with every bundled style adapted from it. Detection compares
// lists written years ago with today's renderings, and an adaptation often keeps an older layout of
// its root, so it can render a list slightly closer than the root itself: within a lineage the root
// is preferred unless the adaptation is clearly closer. Between lineages, a near tie is broken by
// reach (how many journal styles depend on the lineage), else left undecided.

import { bundledStyles, dependentCount, templateOf } from '../csl/catalog.ts';

/** A derived style is answered over its root only when it leads the root by more than this. */
const TEMPLATE_LEAD = 0.1;
/** Between lineages, the leader needs this lead; below it the tie is broken by reach. */
const MIN_MARGIN = 0.012;
/** Reach breaks a tie only when the wider lineage reaches at least this many times more journals. */
const REACH_RATIO = 2;

/** The styles a style was adapted from, nearest first (cycle-safe). */
function ancestors(id: string): string[] {
  const out: string[] = [];
  for (let t = templateOf(id); t && t !== id && !out.includes(t); t = templateOf(t)) out.push(t);
  return out;
}

function lineageRoot(id: string): string {
  const a = ancestors(id);
  return a.length ? a[a.length - 1] : id;
}

let reaches: Map<string, number> | null = null;

/** Journal styles reached by a lineage: its bundled styles and their dependents. */
function lineageReach(root: string): number {
  if (!reaches) {
    reaches = new Map();
    for (const id of bundledStyles().keys()) {
      const r = lineageRoot(id);
      reaches.set(r, (reaches.get(r) ?? 0) + 1 + dependentCount(id));
    }
  }
  return reaches.get(root) ?? 1 + dependentCount(root);
}

/** Author-date and author (MLA) lists are one family here; numeric and note are others. */
function familyGroup(id: string): string | null {
  const f = bundledStyles().get(id)?.family;
  return f === 'author' ? 'author-date' : f ?? null;
}

function sameFamily(a: string, b: string): boolean {
  const fa = familyGroup(a);
  return fa !== null && fa === familyGroup(b);
}

export interface RankedStyle {
  id: string;
  score: number;
  /** Each entry's score, in the same entry order for every style (optional). */
  perEntry?: number[];
}

/** An entry is rendered clearly closer when its score leads by this much. */
const ENTRY_LEAD = 0.01;

/**
 * True when a renders every entry at least as close as b and some entry clearly closer: evidence for
 * a, so a near tie is not left to reach (today's current-opinion against the former BMC layout it kept).
 */
function dominates(a: RankedStyle, b: RankedStyle): boolean {
  const x = a.perEntry;
  const y = b.perEntry;
  if (!x || !y || x.length !== y.length || !x.length) return false;
  return x.every((v, i) => v >= y[i] - 1e-9) && x.some((v, i) => v > y[i] + ENTRY_LEAD);
}

export interface LineageDecision {
  /** The style answered, or null when lineages tie. */
  id: string | null;
  /** Lead of the answer's lineage over the best other lineage. */
  margin: number;
  reason: string;
}

/**
 * Picks the answer from styles ranked best first. scoreOf scores a style not in the ranking on the
 * same entries (an ancestor that was not shortlisted), null when it cannot render them.
 */
export function decideByLineage(ranked: RankedStyle[], scoreOf: (id: string) => number | null, leads: { template: number; margin: number } = { template: TEMPLATE_LEAD, margin: MIN_MARGIN }): LineageDecision {
  if (!ranked.length) return { id: null, margin: 0, reason: 'no style could render the entries' };
  const byRoot = new Map<string, RankedStyle>();
  for (const r of ranked) {
    const root = lineageRoot(r.id);
    const best = byRoot.get(root);
    if (!best || r.score > best.score) byRoot.set(root, r);
  }
  const lineages = [...byRoot].map(([root, best]) => ({ root, best })).sort((a, b) => b.best.score - a.best.score);
  let chosen = lineages[0];
  let tieNote = '';
  const others = (root: string): number => Math.max(-Infinity, ...lineages.filter((l) => l.root !== root).map((l) => l.best.score));
  if (lineages.length > 1 && chosen.best.score - lineages[1].best.score < leads.margin) {
    const close = lineages.filter((l) => chosen.best.score - l.best.score < leads.margin);
    const dominant = close.find((l) => close.every((o) => o === l || dominates(l.best, o.best)));
    if (dominant) return withinLineage(dominant, ranked, scoreOf, others(dominant.root), leads.template, `; near tie with ${close.filter((l) => l !== dominant).map((l) => l.best.id).join(', ')} broken by the entries (it renders each at least as close, some closer)`);
    const byReach = [...close].sort((a, b) => lineageReach(b.root) - lineageReach(a.root));
    const [wide, next] = byReach;
    if (lineageReach(wide.root) < REACH_RATIO * lineageReach(next.root)) {
      return {
        id: null,
        margin: chosen.best.score - lineages[1].best.score,
        reason: `no clear winner: ${close.map((l) => l.best.id).join(', ')} render the entries about equally well`,
      };
    }
    chosen = wide;
    tieNote = `; near tie with ${close.filter((l) => l !== wide).map((l) => l.best.id).join(', ')} broken by reach (${lineageReach(wide.root)} journal styles)`;
  }
  return withinLineage(chosen, ranked, scoreOf, others(chosen.root), leads.template, tieNote);
}

/** The answer within the chosen lineage: its root (or a nearer ancestor) unless the adaptation is clearly closer. */
function withinLineage(chosen: { root: string; best: RankedStyle }, ranked: RankedStyle[], scoreOf: (id: string) => number | null, otherBest: number, templateLead: number, tieNote: string): LineageDecision {
  const leader = chosen.best;
  const scores = new Map<string, number | null>(ranked.map((r) => [r.id, r.score]));
  let answer = leader.id;
  for (const a of ancestors(leader.id)) {
    // An adaptation may change the citation family (springer-vancouver-author-date of the numeric
    // nlm-citation-sequence): a root of another family never answers for it.
    if (!sameFamily(a, leader.id)) break;
    if (!scores.has(a)) scores.set(a, scoreOf(a));
    const s = scores.get(a);
    if (s != null && s >= leader.score - templateLead) answer = a;
  }
  const margin = leader.score - otherBest;
  const via = answer !== leader.id ? ` (adapted as ${leader.id}, which renders it ${(leader.score - (scores.get(answer) ?? 0)).toFixed(3)} closer)` : '';
  return { id: answer, margin: Number.isFinite(margin) ? margin : leader.score, reason: `${answer}${via}${tieNote}` };
}
