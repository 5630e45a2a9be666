// Citation style detection: each entry of the reference list is parsed into fields, rendered with
// every bundled CSL style of the list's family, and compared with the text as written (normalised edit
// distance on the text and on its shape, median over entries). The best style wins when it is clearly
// ahead; otherwise detectedCslId is null and the candidates say what was close. No network.

import { bundledStyles, bundledStyleXml, dependentCount, type CitationFamily } from '../csl/catalog.ts';
import { rendererFor, type CslItem, type RenderedEntry } from '../csl/render.ts';
import { listFeatures, type StyleFeatures } from './features.ts';
import { parseEntry, stripTrailer, type LabelForm, type ParsedEntry } from './parse-entry.ts';
import { median, normaliseEntry, shape, similarity } from './similarity.ts';
import { decideByLineage } from './lineage.ts';
import { nameOrderAgreement, orderAgreement } from './order.ts';
import { formerLayout, formerLayoutKeys, formerLayoutXml } from './former-layouts.ts';

export interface StyleEntryInput {
  /** The entry's paragraph text (a typed label included). */
  text: string;
  /** The label Word numbering prints for it, when the number is not typed. */
  printedLabel?: string | null;
}

export interface StyleDetectionInput {
  entries: StyleEntryInput[];
  /** In-text citation form the scan found: number, superscript, author-year, off. */
  citeStyle?: string | null;
  /** Registry metadata for entries (same order as entries; null where none), used instead of parsed fields. */
  metadata?: Array<CslItem | null>;
}

export interface StyleCandidate {
  id: string;
  score: number;
}

export interface StyleDetection {
  family: 'numeric' | 'author-date' | 'note' | null;
  candidates: StyleCandidate[];
  evidence: {
    entriesCompared: number;
    features: StyleFeatures;
    /** Winner's lead over the best style that renders differently. */
    margin: number;
    reason: string;
    /**
     * Present when the answer's best rendering was a former layout of it (a detection-only profile of
     * the layout the style had when reference managers wrote many manuscripts): which, and what it is.
     */
    formerLayout?: { profile: string; answers: string; description: string };
  };
}

export interface StyleDetectionResult {
  detectedCslId: string | null;
  styleDetection: StyleDetection;
}

/** How many entries are rendered and compared (spread over the list). */
export const MAX_COMPARED = 8;
/** A winner needs at least this median similarity and this lead over the runner-up. */
const MIN_SCORE = 0.6;
const LABEL_WEIGHT = 0.03;
/** Weight of field-order agreement (robust to edition drift in punctuation and abbreviations). */
const ORDER_WEIGHT = 0.35;
/** Weight of the first author's name order ("Smith, J." or "J. Smith"), which editions keep. */
const NAME_ORDER_WEIGHT = 0.1;
const FIRST_ROUND_ENTRIES = 3;
const SHORTLIST = 8;
const CLOSE = 0.03;
const FINALISTS = 4;
const FINAL_ENTRIES = 30;

/** n entries spread over the list, the first three spread widest (they make the first round). */
function sample<T>(values: T[], n: number): T[] {
  if (values.length <= n) return values;
  const order = (n === 8 ? [0, 4, 7, 2, 6, 1, 5, 3] : []).filter((k) => k < n);
  const spread: T[] = [];
  for (let i = 0; i < n; i++) spread.push(values[Math.floor(((i + 0.5) * values.length) / n)]);
  return order.length === n ? order.map((k) => spread[k]) : spread;
}


function labelFormOfRendered(label: string): LabelForm {
  if (!label) return 'none';
  if (label.startsWith('[')) return 'brackets';
  if (label.startsWith('(')) return 'parens';
  if (label.endsWith('.')) return 'dot';
  return 'bare';
}

const INLINE_LABEL = /^(\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}\.?)\s+/;

/** A numeric style that prints its number inside the entry (no left margin, as AIP): label and body apart. */
function splitInlineLabel(r: RenderedEntry, numeric: boolean): { label: string; text: string } {
  if (r.label || !numeric) return { label: r.label, text: r.text };
  const m = INLINE_LABEL.exec(r.text);
  return m ? { label: m[1], text: r.text.slice(m[0].length) } : { label: '', text: r.text };
}

/** Numeric when most entries carry a label or the text cites by number. */
function familyOf(parsed: ParsedEntry[], citeStyle: string | null | undefined): 'numeric' | 'author-date' {
  const labelled = parsed.filter((p) => p.labelForm !== 'none').length;
  if (labelled >= parsed.length * 0.6) return 'numeric';
  if ((citeStyle === 'number' || citeStyle === 'superscript') && labelled > 0) return 'numeric';
  return 'author-date';
}

function candidateStyles(family: 'numeric' | 'author-date', citeStyle: string | null | undefined): string[] {
  // Former layouts (detection-only profiles, "former:ID") compete with the bundled styles of their family.
  const out: string[] = formerLayoutKeys().filter((k) => formerLayout(k)!.family === family);
  for (const s of bundledStyles().values()) {
    const f: CitationFamily = s.family;
    // A text that cites (Author, Year) in parentheses does not cite in footnotes: no note style.
    if (f === 'note' && citeStyle === 'author-year') continue;
    // MLA is categorised "author" in CSL (author-page citations): it belongs with the author-date lists.
    if (family === 'numeric' ? f === 'numeric' : f === 'author-date' || f === 'author' || f === 'note') out.push(s.id);
  }
  return out;
}

interface Scored {
  /** The id reported (a superseded edition or a former layout as its current style). */
  id: string;
  /** The style rendered: a bundled id, or a former layout's "former:ID". */
  rendered: string;
  score: number;
  /** The rendered texts, to group styles that render the sample identically. */
  signature: string;
  /** Each entry's own score (similarity, label, field order), in entry order. */
  perEntry: number[];
}

/** How a scored id is rendered: a bundled style, or a former layout (answered as the style it stands for). */
function profileOf(id: string): { key: string; xml: () => string; numeric: boolean; answers: string } {
  const former = formerLayout(id);
  if (former) return { key: id, xml: () => formerLayoutXml(id), numeric: former.family === 'numeric', answers: former.answers };
  return { key: `bundled:${id}`, xml: () => bundledStyleXml(id), numeric: bundledStyles().get(id)?.family === 'numeric', answers: id };
}

function scoreStyle(id: string, parsed: ParsedEntry[], items: CslItem[]): Scored | null {
  const profile = profileOf(id);
  let rendered: Map<string, RenderedEntry>;
  try {
    rendered = rendererFor(profile.key, profile.xml).render(items);
  } catch {
    return null;
  }
  const sims: number[] = [];
  let labelHits = 0;
  const texts: string[] = [];
  const orders: number[] = [];
  const numeric = profile.numeric;
  parsed.forEach((p, i) => {
    const r = rendered.get(items[i].id);
    const mine = normaliseEntry(p.body);
    const { label, text } = r ? splitInlineLabel(r, numeric) : { label: '', text: '' };
    const theirs = stripTrailer(normaliseEntry(text));
    texts.push(theirs);
    sims.push(0.5 * similarity(mine, theirs) + 0.5 * similarity(shape(mine), shape(theirs)));
    if (r && labelFormOfRendered(label) === p.labelForm) labelHits++;
    orders.push(r ? orderAgreement(mine, theirs, items[i]) + (NAME_ORDER_WEIGHT / ORDER_WEIGHT) * nameOrderAgreement(mine, theirs, items[i]) : 0);
  });
  const perEntry = sims.map((x, i) => x + ORDER_WEIGHT * orders[i]);
  const mean = sims.reduce((a, b) => a + b, 0) / Math.max(1, sims.length);
  const score = 0.7 * median(sims) + 0.3 * mean + LABEL_WEIGHT * (labelHits / Math.max(1, parsed.length))
    + ORDER_WEIGHT * (orders.reduce((a, b) => a + b, 0) / Math.max(1, orders.length));
  return { id: profile.answers, rendered: id, score, signature: texts.join('\n'), perEntry };
}

/** Among styles that render the sample identically, the one reported: the base id others extend, else the most used. */
function representative(ids: string[]): string {
  const base = ids.find((id) => ids.every((o) => o === id || o.startsWith(`${id}-`)));
  if (base) return base;
  return [...ids].sort((a, b) => dependentCount(b) - dependentCount(a) || a.length - b.length)[0];
}

interface Ranked {
  id: string;
  score: number;
  members: string[];
  /** The rendered styles that reach the score (a former layout among them when it matched). */
  best: string[];
  /** The best rendering's score per entry. */
  perEntry: number[];
}

const SAME_SCORE = 1e-9;

/** Groups identical renderings (each group once, at its best score), best first. */
function rank(scored: Scored[]): Ranked[] {
  const groups = new Map<string, Scored[]>();
  for (const s of scored) {
    const g = groups.get(s.signature);
    if (g) g.push(s);
    else groups.set(s.signature, [s]);
  }
  const byId = new Map<string, Ranked>();
  for (const g of groups.values()) {
    const score = Math.max(...g.map((s) => s.score));
    const top = g.find((s) => s.score >= score - SAME_SCORE)!;
    const r = { id: representative([...new Set(g.map((s) => s.id))]), score, members: g.map((s) => s.rendered), best: g.filter((s) => s.score >= score - SAME_SCORE).map((s) => s.rendered), perEntry: top.perEntry };
    const same = byId.get(r.id);
    if (!same) byId.set(r.id, r);
    else {
      const top = Math.max(same.score, r.score);
      const best = [...(same.score >= top - SAME_SCORE ? same.best : []), ...(r.score >= top - SAME_SCORE ? r.best : [])];
      byId.set(r.id, { id: r.id, score: top, members: [...same.members, ...r.members], best, perEntry: same.score >= r.score ? same.perEntry : r.perEntry });
    }
  }
  return [...byId.values()].sort((a, b) => b.score - a.score);
}

/** The parsed fields, with the registry's where it has them. */
function metadataOr(item: CslItem, meta: CslItem | null | undefined): CslItem {
  if (!meta) return item;
  const out: CslItem = { ...item };
  for (const [k, v] of Object.entries(meta)) if (k !== 'id' && v !== undefined && v !== null && v !== '') (out as unknown as Record<string, unknown>)[k] = v;
  return out;
}

/** Detects the style of a reference list. Pure apart from reading the bundled styles once. */
export function detectStyle(input: StyleDetectionInput): StyleDetectionResult {
  const usable = input.entries.map((e, i) => ({ e, i })).filter(({ e }) => e.text.trim().length >= 20);
  const parsedAll = usable.map(({ e, i }) => parseEntry(e.text, `e${i}`, e.printedLabel));
  const features = listFeatures(parsedAll, input.citeStyle ?? null);
  if (parsedAll.length === 0) {
    return { detectedCslId: null, styleDetection: { family: null, candidates: [], evidence: { entriesCompared: 0, features, margin: 0, reason: 'no reference entries' } } };
  }
  const family = familyOf(parsedAll, input.citeStyle);
  const picked = sample(usable.map((u, k) => ({ ...u, parsed: parsedAll[k] })), MAX_COMPARED);
  const parsed = picked.map((p) => p.parsed);
  const items = picked.map((p) => metadataOr(p.parsed.item, input.metadata?.[p.i]));

  // Two rounds: a few entries in every style of the family, then all sampled entries in the closest ones.
  const firstN = Math.min(FIRST_ROUND_ENTRIES, parsed.length);
  const first = candidateStyles(family, input.citeStyle)
    .map((id) => scoreStyle(id, parsed.slice(0, firstN), items.slice(0, firstN)))
    .filter((s): s is Scored => s !== null)
    .sort((a, b) => b.score - a.score);
  const shortlist = first.slice(0, SHORTLIST).map((s) => s.rendered);
  const scored = parsed.length > firstN
    ? shortlist.map((id) => scoreStyle(id, parsed, items)).filter((s): s is Scored => s !== null)
    : first.slice(0, SHORTLIST);
  // Superseded editions (apa-6th-edition) count as their current style.
  for (const s of scored) s.id = s.id.replace(/-\d+(?:st|nd|rd|th)-edition$/, '');
  let ranked = rank(scored);
  // The entries the leading scores were measured on (an ancestor not shortlisted is scored on them too).
  let finalParsed = parsed;
  let finalItems = items;
  // Close at the top: the leaders again on every entry of the list (up to FINAL_ENTRIES).
  if (usable.length > parsed.length && ranked.length > 1 && ranked[0].score - ranked[1].score < CLOSE) {
    const all = sample(usable.map((u, k) => ({ ...u, parsed: parsedAll[k] })), FINAL_ENTRIES);
    finalParsed = all.map((p) => p.parsed);
    finalItems = all.map((p) => metadataOr(p.parsed.item, input.metadata?.[p.i]));
    const finalists = ranked.slice(0, FINALISTS).flatMap((r) => r.members);
    const rescored = [...new Set(finalists)].map((id) => scoreStyle(id, finalParsed, finalItems)).filter((s): s is Scored => s !== null);
    for (const s of rescored) s.id = s.id.replace(/-\d+(?:st|nd|rd|th)-edition$/, '');
    ranked = [...rank(rescored), ...ranked.slice(FINALISTS)];
  }
  const best = ranked[0];
  const candidates = ranked.slice(0, 5).map((r) => ({ id: r.id, score: Math.round(r.score * 1000) / 1000 }));
  const decision = decideByLineage(ranked.slice(0, FINALISTS), (id) => scoreStyle(id, finalParsed, finalItems)?.score ?? null);
  const margin = decision.margin;
  let detected: string | null = null;
  let reason: string;
  if (!best) reason = 'no style could render the entries';
  else if (best.score < MIN_SCORE) reason = `best match ${best.id} is too far from the text (score ${best.score.toFixed(3)})`;
  else if (!decision.id) reason = decision.reason;
  else {
    detected = decision.id;
    reason = `${decision.reason} renders the entries closest to the text (median similarity ${best.score.toFixed(3)}, lead ${margin.toFixed(3)})`;
  }
  // A former layout of the answer rendered the entries best: say so (the list follows an older layout).
  const winner = detected ? ranked.find((r) => r.id === detected) : undefined;
  const former = winner?.best.map(formerLayout).find((f) => f !== null && f.answers === detected) ?? null;
  if (former) reason += `; matched ${former.description}, a former layout (detection-only profile ${former.id})`;
  const winnerFamily = detected ? bundledStyles().get(detected)?.family : null;
  return {
    detectedCslId: detected,
    styleDetection: {
      family: winnerFamily === 'note' ? 'note' : family,
      candidates,
      evidence: {
        entriesCompared: parsed.length,
        features,
        margin: Math.round(margin * 1000) / 1000,
        reason,
        ...(former ? { formerLayout: { profile: former.id, answers: former.answers, description: former.description } } : {}),
      },
    },
  };
}
