// Citation style detection: each entry of the reference list is read into one record (CSL-JSON and where
// each field stands, server/references/record.ts), reduced to its template (the layout with the contents
// taken out, template.ts) and compared with the templates of every candidate style rendered once on
// made-up works of the same kind (profiles.ts, cached on disk): no style is rendered at scan time. The
// closest style wins when it is clearly ahead (lineage rules, lineage.ts); its probability is calibrated
// (calibration.ts) and below a threshold the answer is "unknown" (detectedCslId null) with the candidates.
// The citation form (numeric, author-date, note) is decided apart from the style id. No network.

import { bundledStyles, dependentCount, type CitationFamily } from '../csl/catalog.ts';
import type { CslItem } from '../csl/render.ts';
import { listFeatures, type StyleFeatures } from './features.ts';
import { styleEntry, type StyleEntry } from './entry.ts';
import { median } from './similarity.ts';
import { decideByLineage } from './lineage.ts';
import { formerLayout, formerLayoutKeys } from './former-layouts.ts';
import { styleProfiles, type StyleProfile } from './profiles.ts';
import { probes, probesFor } from './probes.ts';
import { templateOf, templateSimilarity } from './template.ts';
import { calibrate, citationFormOf, CLEAR, type CitationForm, type StyleConfidence } from './calibration.ts';
import { CONFIRM_ENTRIES, itemsToRender, renderScore } from './confirm.ts';

interface StyleEntryInput {
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
  /**
   * The confirming round (rendering the finalists): when the templates leave it unsure (auto, the default),
   * never, or always (bench/style-calibration.ts fits each round's calibration on every list).
   */
  confirm?: 'auto' | 'never' | 'always';
  /** Footnotes and endnotes of the manuscript that read like citations (a note style cites there). */
  noteCitations?: number;
}

export type StyleCandidate = {
  id: string;
  score: number;
};

/** The packet's styleDetection as detection fills it (shared/contract.ts StyleDetectionReport, typed further). */
export type StyleDetection = {
  /** The citation form of the list (numeric, author-date, note), decided apart from the style id. */
  family: CitationForm | null;
  /** How the form was decided. */
  citationForm: { form: CitationForm | null; basis: string };
  /** The closest styles, best first (score: mean template similarity, not a probability). */
  candidates: StyleCandidate[];
  /** The calibrated probability that the answer (or, when unknown, the best candidate) is the list's style. */
  confidence: StyleConfidence;
  evidence: {
    entriesCompared: number;
    /** How the answer was reached: templates alone, or the finalists rendered on the entries (unsure on templates). */
    round: 'template' | 'rendered';
    features: StyleFeatures;
    /** Winner's lead over the best style of another lineage. */
    margin: number;
    reason: string;
    /**
     * Present when the answer's best rendering was a former layout of it (a detection-only profile of
     * the layout the style had when reference managers wrote many manuscripts): which, and what it is.
     */
    formerLayout?: { profile: string; answers: string; description: string };
  };
};

export interface StyleDetectionResult {
  detectedCslId: string | null;
  styleDetection: StyleDetection;
}

/** How many entries are compared at most (spread over the list). */
const MAX_COMPARED = 20;
/** First stage: every candidate style on this many entries; the SHORTLIST closest go on to all compared entries. */
const FIRST_STAGE_ENTRIES = 5;
const SHORTLIST = 12;
const LABEL_WEIGHT = 0.08;
/**
 * Lineage rules on the template scale: an adaptation is answered over its root when it leads by more
 * than `template`; between lineages a lead under `margin` is a near tie (lineage.ts).
 */
const LEADS = { template: 0.02, margin: 0.008 };
/** Styles rendered in the confirming round: the members of the leading groups. */
const FINALISTS = 4;
/** At most this many styles rendered in the confirming round. */
const MAX_RENDERED = 10;

/** n entries spread over the list. */
function sample<T>(values: T[], n: number): T[] {
  if (values.length <= n) return values;
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(values[Math.floor(((i + 0.5) * values.length) / n)]!);
  return out;
}

/** Numeric when most entries carry a label or the text cites by number. */
function familyOf(entries: StyleEntry[], citeStyle: string | null | undefined): 'numeric' | 'author-date' {
  const labelled = entries.filter((p) => p.labelForm !== 'none').length;
  if (labelled >= entries.length * 0.6) return 'numeric';
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
  /** The profile scored: a bundled id, or a former layout's "former:ID". */
  rendered: string;
  score: number;
  /** The probe templates compared, to group styles that lay the entries out identically. */
  signature: string;
  /** Each entry's own score, in entry order. */
  perEntry: number[];
}

/** One entry as compared: its record, its template and the probes of its kind. */
interface Compared {
  entry: StyleEntry;
  template: string;
  probes: number[];
}

const probeIndex = (): Map<string, number> => new Map(probes().map((p, i) => [p.id, i]));

/** Similarity of two templates, memoised per detection (styles share many probe templates). */
type Similar = (a: string, b: string) => number;

function memoSimilarity(): Similar {
  const memo = new Map<string, number>();
  return (a, b) => {
    const key = `${a}\u0000${b}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = templateSimilarity(a, b);
      memo.set(key, v);
    }
    return v;
  };
}

/** The entries' templates against one style's profile: each entry's best probe of its kind. */
function scoreProfile(profile: StyleProfile, compared: Compared[], similar: Similar): Scored {
  const sims: number[] = [];
  const chosen: string[] = [];
  let labelHits = 0;
  for (const c of compared) {
    let best = -1;
    let at = c.probes[0] ?? 0;
    let template = '';
    for (const k of c.probes) {
      for (const t of profile.templates[k] ?? []) {
        const sim = similar(c.template, t);
        if (sim > best) {
          best = sim;
          at = k;
          template = t;
        }
      }
    }
    sims.push(Math.max(0, best));
    chosen.push(template);
    if (profile.labels[at] === c.entry.labelForm) labelHits++;
  }
  const mean = sims.reduce((a, b) => a + b, 0) / Math.max(1, sims.length);
  const score = 0.7 * median(sims) + 0.3 * mean + LABEL_WEIGHT * (labelHits / Math.max(1, compared.length));
  const former = formerLayout(profile.key);
  return { id: former ? former.answers : profile.key, rendered: profile.key, score, signature: chosen.join('\n'), perEntry: sims };
}

/** Among styles that lay the sample out identically, the one reported: the base id others extend, else the most used. */
function representative(ids: string[]): string {
  const base = ids.find((id) => ids.every((o) => o === id || o.startsWith(`${id}-`)));
  if (base) return base;
  return [...ids].sort((a, b) => dependentCount(b) - dependentCount(a) || a.length - b.length)[0]!;
}

interface Ranked {
  id: string;
  score: number;
  members: string[];
  /** The profiles that reach the score (a former layout among them when it matched). */
  best: string[];
  /** The best profile's score per entry. */
  perEntry: number[];
}

const SAME_SCORE = 1e-9;

/** Groups identical layouts (each group once, at its best score), best first. */
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
      const hi = Math.max(same.score, r.score);
      const best = [...(same.score >= hi - SAME_SCORE ? same.best : []), ...(r.score >= hi - SAME_SCORE ? r.best : [])];
      byId.set(r.id, { id: r.id, score: hi, members: [...same.members, ...r.members], best, perEntry: same.score >= r.score ? same.perEntry : r.perEntry });
    }
  }
  return [...byId.values()].sort((a, b) => b.score - a.score);
}

/** The record's fields, with the registry's where it has them (the full author list chooses the probes). */
function metadataOr(item: CslItem, meta: CslItem | null | undefined): CslItem {
  if (!meta) return item;
  const out: CslItem = { ...item };
  for (const [k, v] of Object.entries(meta)) if (k !== 'id' && v !== undefined && v !== null && v !== '') (out as unknown as Record<string, unknown>)[k] = v;
  return out;
}

const EDITION = /-\d+(?:st|nd|rd|th)-edition$/;

/**
 * The positions of the entries detection compares, spread over the list: only they are read, and only their
 * metadata counts (a long list costs no more than MAX_COMPARED entries). The resolver resolves these first so
 * that detection can run while the other references wait for the registry.
 */
export function comparedEntryIndices(entries: ReadonlyArray<{ text: string }>): number[] {
  const usable = entries.map((e, i) => ({ e, i })).filter(({ e }) => e.text.trim().length >= 20);
  return sample(usable, MAX_COMPARED).map(({ i }) => i);
}

/** Detects the style of a reference list. Pure apart from reading the style profiles (built once, cached on disk). */
export function detectStyle(input: StyleDetectionInput): StyleDetectionResult {
  const all = comparedEntryIndices(input.entries).map((i) => {
    const e = input.entries[i]!;
    return { i, entry: styleEntry(e.text, `e${i}`, e.printedLabel) };
  });
  const entries = all.map((a) => a.entry);
  const features = listFeatures(entries, input.citeStyle ?? null);
  const labelled = entries.filter((p) => p.labelForm !== 'none').length;
  const form = citationFormOf({ entries: entries.length, labelled, citeStyle: input.citeStyle ?? null, noteCitations: input.noteCitations ?? 0 });
  if (entries.length === 0) {
    return {
      detectedCslId: null,
      styleDetection: { family: form.form, citationForm: form, candidates: [], confidence: calibrate([], 0, 0, null, 'template'), evidence: { entriesCompared: 0, round: 'template', features, margin: 0, reason: 'no reference entries' } },
    };
  }
  const family = familyOf(entries, input.citeStyle);
  const index = probeIndex();
  const compared: Compared[] = all.map(({ i, entry }) => ({
    entry,
    template: templateOf(entry.body, entry.spans),
    probes: probesFor(metadataOr(entry.item, input.metadata?.[i])).map((p) => index.get(p.id)!),
  }));
  const profiles = styleProfiles();
  const similar = memoSimilarity();
  const scoreOf = (id: string): Scored | null => {
    const p = profiles.get(id);
    return p ? scoreProfile(p, compared, similar) : null;
  };
  // Two stages: every candidate on a few entries spread over the list, then the closest on all compared entries.
  const few = sample(compared, FIRST_STAGE_ENTRIES);
  const shortlist = candidateStyles(family, input.citeStyle)
    .map((id) => {
      const p = profiles.get(id);
      return p ? { id, score: scoreProfile(p, few, similar).score } : null;
    })
    .filter((s): s is { id: string; score: number } => s !== null)
    .sort((a, b) => b.score - a.score)
    .slice(0, SHORTLIST)
    .map((s) => s.id);
  const scored = shortlist.map(scoreOf).filter((s): s is Scored => s !== null);
  // Superseded editions (apa-6th-edition) count as their current style.
  for (const s of scored) s.id = s.id.replace(EDITION, '');
  let ranked = rank(scored);
  let decision = decideByLineage(ranked.slice(0, 8), (id) => scoreOf(id)?.score ?? null, LEADS);
  let confidence = calibrate(ranked.slice(0, 5), decision.margin, compared.length, decision.id ?? ranked[0]?.id ?? null, 'template');
  let round: 'template' | 'rendered' = 'template';
  let entriesCompared = compared.length;
  // Unsure on templates (or a near tie): the leading styles rendered on the list's own entries decide (FINALISTS groups).
  const confirm = input.confirm ?? 'auto';
  // A near tie between lineages is settled by tie rules on the templates: the entries themselves settle it instead.
  const nearTie = decision.margin < LEADS.margin;
  if (confirm !== 'never' && ranked.length > 1 && (confirm === 'always' || confidence.probability < CLEAR || nearTie)) {
    const picked = sample(all, CONFIRM_ENTRIES);
    const items = itemsToRender(picked.map(({ i, entry }) => metadataOr(entry.item, input.metadata?.[i])));
    const pickedEntries = picked.map((p) => p.entry);
    const finalists = [...new Set(ranked.slice(0, FINALISTS).flatMap((r) => r.members))].slice(0, MAX_RENDERED);
    const rendered = finalists.map((id) => renderScore(id, pickedEntries, items)).filter((r): r is Scored => r !== null);
    for (const r of rendered) r.id = r.id.replace(EDITION, '');
    if (rendered.length) {
      ranked = [...rank(rendered), ...ranked.slice(FINALISTS)];
      decision = decideByLineage(ranked.slice(0, FINALISTS), (id) => renderScore(id, pickedEntries, items)?.score ?? null);
      confidence = calibrate(ranked.slice(0, FINALISTS), decision.margin, pickedEntries.length, decision.id ?? ranked[0]?.id ?? null, 'rendered');
      round = 'rendered';
      entriesCompared = pickedEntries.length;
    }
  }
  const best = ranked[0];
  const candidates = ranked.slice(0, 5).map((r) => ({ id: r.id, score: Math.round(r.score * 1000) / 1000 }));
  const margin = decision.margin;
  let detected: string | null = null;
  let reason: string;
  if (!best) reason = 'no style could render the entries';
  else if (!decision.id) reason = decision.reason;
  else if (confidence.unknown) reason = `best match ${decision.id} is too uncertain (probability ${confidence.probability.toFixed(2)}, score ${best.score.toFixed(3)}, lead ${margin.toFixed(3)})`;
  else {
    detected = decision.id;
    const how = round === 'template' ? 'lays the entries out closest to the text (template similarity' : 'renders the entries closest to the text (confirmed by rendering the finalists; similarity';
    reason = `${decision.reason} ${how} ${best.score.toFixed(3)}, lead ${margin.toFixed(3)}, probability ${confidence.probability.toFixed(2)})`;
  }
  // A former layout of the answer matched best: say so (the list follows an older layout).
  const winner = detected ? ranked.find((r) => r.id === detected) : undefined;
  const former = winner?.best.map(formerLayout).find((f) => f !== null && f.answers === detected) ?? null;
  if (former) reason += `; matched ${former.description}, a former layout (detection-only profile ${former.id})`;
  const winnerFamily = detected ? bundledStyles().get(detected)?.family : null;
  const finalForm = winnerFamily === 'note' && form.form !== 'numeric' ? { form: 'note' as const, basis: `${form.basis}; the detected style ${detected} cites in notes` } : form;
  return {
    detectedCslId: detected,
    styleDetection: {
      family: finalForm.form,
      citationForm: finalForm,
      candidates,
      confidence,
      evidence: {
        entriesCompared,
        round,
        features,
        margin: Math.round(margin * 1000) / 1000,
        reason,
        ...(former ? { formerLayout: { profile: former.id, answers: former.answers, description: former.description } } : {}),
      },
    },
  };
}
