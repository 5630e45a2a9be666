// Cross-references: figures, tables, equations, sections, appendices, algorithms, listings and supplementary material.
// Each kind has its own small module under ./xref/; this entry module runs the enabled ones, resolves every
// mention to a target key and sets its status:
//   ready          - exactly one target answers to the key (or one clearly stronger: a styled caption over
//                    a plain paragraph that merely starts with the same label);
//   low_confidence - several equally plausible targets (two "Figure 2" captions, two "Methods" headings);
//   unmatched      - no target ("Figure 9" where the document has no Figure 9).
// The span linked follows the kind's mode (number, numbersub, full; see ./xref/grammar.ts). A caption's
// own label and a heading's own text are not mentions. Reference-list paragraphs (`excluded`) hold
// neither targets nor mentions. Mentions in footnotes and endnotes count; targets live in the body.

import type { ModelParagraph } from '../model/types.ts';
import { maxOf, minOf, pushAll } from './arrays.ts';
import type { DetectContext, MatchCandidate, TargetCandidate } from './types.ts';
import type { Vocabulary } from './labels/vocabulary.ts';
import type { Span, XrefMention, XrefModeSetting, XrefTarget } from './xref/grammar.ts';
import { captionTitle } from './xref/caption-title.ts';
import { isHeadingParagraph, readHeading, type Heading } from './xref/headings.ts';
import { TARGET_STAGES, XREF_KINDS, type MentionContext, type TargetContext, type XrefKind } from './xref/kinds.ts';
import { manuscriptLanguages } from './languages.ts';
import { explain } from '../../../shared/reasons.ts';

export interface CrossReferenceResult {
  targets: TargetCandidate[];
  matches: MatchCandidate[];
}

function modes(ctx: DetectContext): Record<XrefKind, XrefModeSetting> {
  return Object.fromEntries(XREF_KINDS.map((k) => [k.kind, k.mode(ctx.settings)])) as Record<XrefKind, XrefModeSetting>;
}

/** Keys of supplementary material: fig-S2, tab-S1, supp-file-3 (not eLife's figure supplements fig-1-s2). */
function isSupplementaryKey(key: string): boolean {
  return /^(?:fig|tab)-S\d/.test(key) || key.startsWith('supp-');
}

function spanFor(m: XrefMention, mode: XrefModeSetting): Span {
  if (mode === 'full') return m.full;
  if (mode === 'numbersub') return m.numbersub;
  return m.number;
}

/** Makes keys unique the way scan() does (second "fig-1" becomes "fig-1~2"), keeping the list order. */
function uniqueKeys(targets: XrefTarget[]): void {
  const seen = new Map<string, number>();
  for (const t of targets) {
    const n = (seen.get(t.key) ?? 0) + 1;
    seen.set(t.key, n);
    if (n > 1) t.key = `${t.key}~${n}`;
  }
}

interface Resolved {
  target: XrefTarget | null;
  status: 'ready' | 'low_confidence' | 'unmatched';
  alternatives: string[];
  /** Supplementary material without a caption of its own, resolved to the supplementary list. */
  fallback?: boolean;
}

export interface CrossReferenceOptions {
  /** The document cites with numbers in parentheses: a bare "(3)" is an equation only in an equation's context. */
  parenCitations?: boolean;
  /** The label words to read (detect() tells the manuscript's languages once); told here when absent. */
  vocabulary?: Vocabulary;
}

/** Body paragraphs of the supplementary list section: from its heading to the next heading. */
function supplementaryListSection(targets: readonly XrefTarget[], paragraphs: readonly ModelParagraph[], headings: ReadonlySet<ModelParagraph>): Set<ModelParagraph> {
  const out = new Set<ModelParagraph>();
  const list = targets.find((t) => t.key === 'supp-list');
  if (!list) return out;
  const body = paragraphs.filter((p) => p.part === 'word/document.xml');
  let i = body.indexOf(list.paragraph);
  // Back to the list's heading when the list is a paragraph under it (its name, its only entry).
  for (let k = i - 1; k >= Math.max(0, i - 4) && !headings.has(body[i]!); k--) {
    if (headings.has(body[k]!)) i = k;
  }
  for (let j = i; j < body.length; j++) {
    if (j > i && headings.has(body[j]!)) break;
    out.add(body[j]!);
  }
  return out;
}

/** Between a float and the file holding it: "Table S4 in File S1", "Tables S1 and S2 in S1 File", "Table S2 of Additional file 1". */
const CONTAINED = /^(?:(?:[\s\u00a0]*[,\u2013-][\s\u00a0]*|[\s\u00a0]+and[\s\u00a0]+)S?\d+[A-Za-z]?)*[\s\u00a0]+(?:in|of|from)[\s\u00a0]+(?:the[\s\u00a0]+)?$/;

/** The supplementary file mention right after a float mention that names the file holding it. */
function containerOf(m: XrefMention, mentions: readonly XrefMention[]): XrefMention | null {
  if (m.kind !== 'figure' && m.kind !== 'table') return null;
  const text = m.paragraph.text;
  for (const c of mentions) {
    if (c.paragraph !== m.paragraph || c.kind !== 'supplementary' || c.key === 'supp-list' || c.full.start <= m.numbersub.end) continue;
    if (c.full.start - m.numbersub.end > 60) break;
    if (CONTAINED.test(text.slice(m.numbersub.end, c.full.start))) return c;
  }
  return null;
}

/**
 * Runs every row's target finder, stage by stage (./xref/kinds.ts): each stage reads the paragraphs the
 * stages before it claimed; the heading stage reads the headings left, each row taking its own from the next.
 */
function findTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, vocabulary: Vocabulary): { found: XrefTarget[]; headings: Heading[] } {
  const found: XrefTarget[] = [];
  const claimed = new Set<ModelParagraph>();
  const ctx: TargetContext = { paragraphs, excluded, vocabulary, captions: new Set(), headings: [] };
  let headings: Heading[] = [];
  for (const stage of TARGET_STAGES) {
    if (stage === 'paragraph') ctx.captions = new Set(claimed);
    if (stage === 'heading') ctx.headings = headings = paragraphs.filter((p) => !excluded.has(p) && !claimed.has(p) && isHeadingParagraph(p)).map(readHeading);
    for (const row of XREF_KINDS) {
      if (row.stage !== stage) continue;
      const targets = row.targets(ctx);
      pushAll(found, targets);
      for (const t of targets) if (!row.claims || row.claims(t)) claimed.add(t.paragraph);
      if (stage === 'heading') ctx.headings = ctx.headings.filter((h) => !claimed.has(h.paragraph));
    }
  }
  return { found, headings };
}

export function detectCrossReferences(ctx: DetectContext, excluded: Set<ModelParagraph>, options: CrossReferenceOptions = {}): CrossReferenceResult {
  const mode = modes(ctx);
  const on = (k: XrefKind): boolean => mode[k] !== 'off';
  const paragraphs = ctx.model.paragraphs;
  // The label words of the languages the manuscript is written in (or the setting pins).
  const vocabulary = options.vocabulary ?? manuscriptLanguages(ctx.model, ctx.settings).vocabulary;

  // Targets of every kind (of kinds that are off too: their targets still shape the others'), stage by stage.
  const { found, headings } = findTargets(paragraphs, excluded, vocabulary);
  const all = found.filter((t) => on(t.type as XrefKind));
  const position = new Map(paragraphs.map((p, i) => [p, i]));
  all.sort((a, b) => position.get(a.paragraph)! - position.get(b.paragraph)! || a.start - b.start);

  // Several paragraphs may claim one key. The strongest claim wins; equal claims are ambiguous. Keys are
  // made unique the way scan() does it (fig-1, fig-1~2) and mentions resolve through the shared base key.
  const byKey = new Map<string, XrefTarget[]>();
  for (const t of all) {
    const list = byKey.get(t.key) ?? [];
    list.push(t);
    byKey.set(t.key, list);
  }
  // A weaker claim on a key than another paragraph's is no caption ("S6 Fig compares…" opening a body
  // paragraph while "S6 Fig." captions the figure): its label stays a mention.
  const weaker = new Set<XrefTarget>();
  for (const list of byKey.values()) {
    const best = maxOf(list.map((t) => t.strength));
    for (const t of list) if (t.strength < best) weaker.add(t);
  }
  uniqueKeys(all);
  // Equal claims (an appendix restarting equation numbers, a label typed twice): propose the target
  // nearest to the mention in the body, and leave the choice to review (low_confidence).
  // Numbering that restarts in an appendix ("(1)" in the body and again in Appendix A): a mention resolves
  // to the one in its own scope, body or appendix.
  const appendixStart = minOf(found.filter((t) => t.type === 'appendix' && t.paragraph.part === 'word/document.xml').map((t) => t.paragraph.index));
  const inAppendix = (p: ModelParagraph): boolean => p.part === 'word/document.xml' && p.index >= appendixStart;
  const resolve = (key: string, from: ModelParagraph): Resolved => {
    const list = byKey.get(key);
    if (!list?.length) return { target: null, status: 'unmatched', alternatives: [] };
    const best = maxOf(list.map((t) => t.strength));
    let top = list.filter((t) => t.strength === best);
    if (top.length > 1 && Number.isFinite(appendixStart)) {
      const scoped = top.filter((t) => inAppendix(t.paragraph) === inAppendix(from));
      if (scoped.length === 1) return { target: scoped[0]!, status: 'ready', alternatives: [] };
      if (scoped.length > 1) top = scoped;
    }
    if (top.length > 1 && from.part === 'word/document.xml') {
      const d = (t: XrefTarget): number => Math.abs(t.paragraph.index - from.index);
      top.sort((a, b) => d(a) - d(b) || a.paragraph.index - b.paragraph.index);
    }
    return { target: top[0]!, status: top.length > 1 ? 'low_confidence' : 'ready', alternatives: top.slice(1).map((t) => t.key) };
  };
  const resolveMention = (m: XrefMention): Resolved => {
    if (m.direct) return { target: m.direct, status: 'ready', alternatives: [] };
    const r = resolve(m.key, m.paragraph);
    // Supplementary material without a caption of its own in the manuscript: the supplementary list.
    // "§6a" where subsection 6a has no heading of its own: section 6.
    if (!r.target && /^sec-.*\d[a-z]$/.test(m.key)) {
      const parent = resolve(m.key.slice(0, -1), m.paragraph);
      if (parent.target) return parent;
    }
    // "Supporting Information S1" where the material is captioned "Data S1": the one supplementary item numbered 1.
    if (!r.target && m.key.startsWith('supp-')) {
      const n = m.key.slice(m.key.lastIndexOf('-'));
      const same = [...byKey.keys()].filter((k) => k.startsWith('supp-') && k !== 'supp-list' && k.endsWith(n) && !/\d$/.test(k.slice(0, -n.length)));
      if (same.length === 1) return resolve(same[0]!, m.paragraph);
    }
    // eLife "Figure 5—source data" without a number: the figure's one source data file (fig-5-sd1).
    if (!r.target && /-(?:sd|s|v|a)$/.test(m.key)) {
      const numbered = [...byKey.keys()].filter((k) => k.startsWith(m.key) && /^\d+$/.test(k.slice(m.key.length)));
      if (numbered.length === 1) return resolve(numbered[0]!, m.paragraph);
    }
    if (!r.target && isSupplementaryKey(m.key)) {
      const list = resolve('supp-list', m.paragraph);
      if (list.target) return { ...list, fallback: true };
    }
    return r;
  };
  const labelEnd = new Map<ModelParagraph, number>();
  for (const t of all) if (!weaker.has(t)) labelEnd.set(t.paragraph, Math.max(labelEnd.get(t.paragraph) ?? 0, t.labelEnd));
  const headingParagraphs = new Set(headings.map((h) => h.paragraph));
  const mentionContext: MentionContext = { vocabulary, on, targets: found, headingParagraphs, parenCitations: options.parenCitations === true };

  // Mentions: every kind that is on, in the table's order.
  const finders = XREF_KINDS.filter((k) => (k.runs ? k.runs(on) : on(k.kind))).map((k) => k.mentions(mentionContext));
  const mentions: XrefMention[] = [];
  for (const p of paragraphs) {
    if (excluded.has(p) || !p.text) continue;
    for (const find of finders) pushAll(mentions, find(p));
  }

  mentions.sort((a, b) => position.get(a.paragraph)! - position.get(b.paragraph)! || a.number.start - b.number.start);
  const inList = supplementaryListSection(all, paragraphs, headingParagraphs);
  const matches: MatchCandidate[] = [];
  const seen = new Set<string>();
  for (const m of mentions) {
    // supplementary: off leaves supplementary figures and tables ("Table S3", "S1 Fig") unlinked too.
    if (!on('supplementary') && isSupplementaryKey(m.key)) continue;
    let r = resolveMention(m);
    // "Table S4 in File S1": a table without a caption of its own is in the file named right after it.
    if (r.fallback) {
      const container = containerOf(m, mentions);
      if (container) {
        const c = resolveMention(container);
        if (c.target && !c.fallback) r = c;
      }
    }
    // The material as a whole ("Supplementary Material") is linked only to a list the document has; so is a
    // reading that is a mention only with its target ("período suplementar 2").
    if ((m.key === 'supp-list' || m.needsTarget) && !r.target) continue;
    // Inside the supplementary list, its entries' labels do not link back to the list.
    if (r.target?.key === 'supp-list' && inList.has(m.paragraph)) continue;
    const span = spanFor(m, mode[m.kind as XrefKind]);
    // A caption's own label, a heading naming itself, or supplementary material naming the paragraph it
    // sits in ("Download FIG S1" in the caption of Fig. S1, the list's only entry) is not a mention.
    if (span.start < (labelEnd.get(m.paragraph) ?? 0)) continue;
    if (r.target && r.target.paragraph === m.paragraph && (headingParagraphs.has(m.paragraph) || isSupplementaryKey(m.key))) continue;
    // "Figure 5—source data" naming no attachment the document has: not the figure either.
    if (!r.target && /-(?:sd|s|v|a)$/.test(m.key)) continue;
    const id = `${m.paragraph.part}#${m.paragraph.index}:${span.start}-${span.end}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const match: MatchCandidate = {
      kind: m.kind,
      paragraph: m.paragraph,
      start: span.start,
      end: span.end,
      status: r.status,
      confidence: r.status === 'ready' ? m.confidence : r.status === 'low_confidence' ? Math.min(0.5, m.confidence) : 0,
    };
    if (r.target) match.targetKey = r.target.key;
    if (r.status === 'unmatched') explain(match, 'noTarget', { kind: m.kind, key: m.key.replace(/^[a-z]+-/, '') });
    if (r.status === 'low_confidence') explain(match, 'severalTargets', { kind: m.kind, key: m.key });
    const alternatives = [...r.alternatives, ...(m.alternatives ?? [])];
    if (m.alternatives?.length && r.status === 'ready') {
      match.status = 'low_confidence';
      explain(match, 'severalSections');
    }
    if (alternatives.length) match.alternatives = alternatives;
    // A mention by title links directly only in full mode; otherwise it is proposed for review.
    if (m.byTitle && mode.section !== 'full' && match.status === 'ready') {
      match.status = 'low_confidence';
      match.confidence = Math.min(0.5, match.confidence);
      explain(match, 'sectionByTitle');
    }
    if (m.otherWork) {
      match.status = 'held';
      explain(match, 'otherWork', { kind: m.kind, key: m.key.replace(/^[a-z]+-/, '') });
    }
    matches.push(match);
  }

  const targets: TargetCandidate[] = all.map((t) => {
    const c: TargetCandidate = { key: t.key, type: t.type, label: t.label, paragraph: t.paragraph, start: t.start, end: t.end };
    if (t.number !== undefined) c.number = t.number;
    if (t.title !== undefined) c.title = t.title;
    // Captions (not equations, whose paragraph is the formula): the first sentence after the label.
    else if (t.type !== 'equation' && t.labelEnd > 0) {
      const title = captionTitle(t.paragraph.text.slice(0, t.end), t.labelEnd);
      if (title) c.title = title;
    }
    return c;
  });
  return { targets, matches };
}
