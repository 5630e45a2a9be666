// Equations: display-equation labels as targets and "Eq. (3)" style mentions.
//
// Targets: a paragraph ending with a label "(3)", "(3a)", "(A5)", "(2.1)" set apart from the equation by a
// tab or two or more spaces (the corpus writes "equation    (n)"), or by one space when the paragraph
// holds OMML math or an "="; a table cell holding only "(3)" next to a cell with the equation; a SEQ
// Equation field. Keys: eq-3, eq-3a, eq-A5. Label "Eq. (3)". The bookmark covers the whole paragraph.
// Mentions: "Eq. (3)", "Eqs. 3–5", "eq. 30", "Equation 4", "Equations (3) and (4)", "Equations (4–9)",
// "Eqn. 2", "the characteristic equations 7–9". Bare "(3)", "(A1)", "(1)–(3)": see BareEquations.

import type { ModelParagraph } from '../../model/types.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';
import { allMatches, ownRx, parseItems, rx, WS, type ListItem, type XrefMention, type XrefTarget } from './grammar.ts';

const ENGLISH_WORDS = 'Eq(?:n|uation)?s?\\.?|EQ(?:N|UATION)?S?\\.?|eq(?:n)?s?\\.|equations?';
/** "Equação 6", "Ecuación (2)", "Gl. (3)", "Éq. 4", "式(4)": the words of the vocabulary's languages (labels/*.json). */
const otherWords = (v: Vocabulary) => v.labelWords('equation', new RegExp(`^(?:${ENGLISH_WORDS})$`));

const EQ_NUM = '(?:[A-Z](?=\\d))?\\d+(?:\\.\\d+)?[a-z]?';

function eqKey(token: string): string {
  return `eq-${token.replace(/^([A-Za-z]?)0+(?=\d)/, '$1')}`;
}

function hasMath(p: ModelParagraph): boolean {
  return p.pieces.some((x) => x.kind === 'math');
}

/** SEQ field identifiers of equations: English, and the equation words of every language ("SEQ Gleichung", "SEQ 式"). */
const SEQ_NAMES = new Set(['equation', 'eq', 'eqn', ...ALL_LANGUAGES.seqNames('equation')]);

function seqEquation(p: ModelParagraph): string | null {
  for (const f of p.fields) {
    if (f.type !== 'SEQ') continue;
    const id = (f.instruction.split(/\s+/)[1] ?? '').toLowerCase();
    if (!SEQ_NAMES.has(id)) continue;
    const v = p.text.slice(f.start, f.end).trim();
    if (/^\d+$/.test(v)) return v;
  }
  return null;
}

export function findEquationTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>): XrefTarget[] {
  const out: XrefTarget[] = [];
  const label = new RegExp(`(\\t|${WS}{2,}|${WS})\\((${EQ_NUM})\\)[\\s\\u00a0.,;]*$`);
  const alone = new RegExp(`^${WS}*\\((${EQ_NUM})\\)${WS}*$`);
  let prev: ModelParagraph | null = null;
  for (const p of paragraphs) {
    const before = prev;
    prev = p;
    if (excluded.has(p) || p.part !== 'word/document.xml') continue;
    const push = (num: string, strength: number): void => {
      out.push({ key: eqKey(num), type: 'equation', label: `Eq. (${num})`, paragraph: p, start: 0, end: p.text.length, number: num, labelEnd: 0, strength });
    };
    const seq = seqEquation(p);
    if (seq) {
      push(seq, 4);
      continue;
    }
    const m = label.exec(p.text);
    if (m) {
      const body = p.text.slice(0, m.index);
      const gap = m[1]!;
      const wide = gap === '\t' || gap.length >= 2;
      const mathy = hasMath(p) || /[=≈≤≥<>∑∫]/.test(body);
      // Prose ending in "(2)" ("... as in Smith (2)") is not an equation: the label must stand apart.
      if ((wide && (mathy || body.trim().length > 0)) || (mathy && body.trim().length > 0)) {
        if (!wide && !hasMath(p) && /[a-z]{3,}\s+[a-z]{3,}\s+[a-z]{3,}/.test(body.slice(-40))) continue;
        push(m[2]!, wide ? 2 : 1);
        continue;
      }
    }
    const a = alone.exec(p.text);
    if (a && p.inTable && before && before.inTable && (hasMath(before) || /=/.test(before.text))) push(a[1]!, 2);
  }
  return out;
}

/** Items written inside one pair of parentheses: "(4–9)", "(3, 4)". */
function parenthesisedList(text: string, at: number): ListItem[] {
  if (text[at] !== '(') return [];
  const items = parseItems(text, at + 1, { num: EQ_NUM, subpanels: false, parens: false });
  if (items.length < 2) return [];
  const last = items[items.length - 1]!;
  return text[last.number.end] === ')' ? items : [];
}

export function findEquationMentions(p: ModelParagraph, vocabulary: Vocabulary = ALL_LANGUAGES): XrefMention[] {
  const out: XrefMention[] = [];
  const re = ownRx(vocabulary, 'equationMention', () => `(?<![A-Za-z])(?:${ENGLISH_WORDS}|${otherWords(vocabulary)})(?![A-Za-z])${WS}*`, 'g');
  for (const m of allMatches(re, p.text)) {
    const at = m.index + m[0].length;
    let items = parseItems(p.text, at, { num: EQ_NUM, subpanels: false, parens: true });
    if (!items.length) items = parenthesisedList(p.text, at);
    if (!items.length) continue;
    items.forEach((it, i) => {
      out.push({
        kind: 'equation',
        paragraph: p,
        key: eqKey(it.token),
        number: it.number,
        numbersub: it.number,
        full: i === 0 ? { start: m.index, end: it.number.end } : it.number,
        confidence: 1,
      });
    });
    re.lastIndex = Math.max(re.lastIndex, items[items.length - 1]!.number.end);
  }
  return out;
}

/** Context that makes a bare "(3)" an equation even where citations are parenthesised numbers. */
const EQ_CONTEXT = /(?:equations?|eqs?\.?|eqns?\.?|systems?|relations?|models?|expressions?|formulae?|formulas?|identit(?:y|ies)|conditions?|constraints?|integrals?|inequalit(?:y|ies))[\s\u00a0]*(?:\(|$)/i;
/** Label nouns whose parenthesised number is their own, not an equation's. */
const OTHER_LABEL = /\b(?:fig(?:ure)?s?|tables?|tabs?|sections?|secs?|chapters?|steps?|panels?|refs?|references?|p|pp|no|nos|vol)\.?[\s\u00a0]*$/i;

/**
 * Bare equation references: "(A1)", "(1.2)", "(3)", "(1)–(3)" naming labels that the document's display
 * equations carry. Plain numbers in a document that cites with parenthesised numbers count only in an
 * equation's context ("the system (3)", "equations (1)–(3)"); a number inside a table of equations
 * counts too. The equation's own label is not a mention of it.
 */
export class BareEquations {
  private readonly labels = new Set<string>();
  private readonly own = new Set<ModelParagraph>();

  constructor(targets: readonly XrefTarget[], private readonly parenCitations: boolean) {
    for (const t of targets) { this.labels.add(t.key); this.own.add(t.paragraph); }
  }

  /** Bare mentions in `p`, except where `labelled` ("Eq. (3)") already reads the number. */
  mentions(p: ModelParagraph, labelled: readonly XrefMention[] = []): XrefMention[] {
    if (!this.labels.size || this.own.has(p) || p.text.indexOf('(') < 0) return [];
    const out: XrefMention[] = [];
    const enumerated: number[] = [];
    const listed = new Set<string>();
    const re = rx(`(?<![\\p{L}\\p{N}_)\\]])\\((?=${EQ_NUM}\\))`, 'gu');
    for (const m of allMatches(re, p.text)) {
      const items = parseItems(p.text, m.index, { num: EQ_NUM, subpanels: false, parens: true });
      if (!items.length || items.some((it) => !this.labels.has(eqKey(it.token)) || p.text[it.number.start] !== '(')) continue;
      if (labelled.some((l) => l.number.start < items[items.length - 1]!.number.end && items[0]!.number.start < l.number.end)) continue;
      const before = p.text.slice(Math.max(0, m.index - 40), m.index);
      if (OTHER_LABEL.test(before) || /(?:^|[\s(])\p{L}[\s\u00a0]*$/u.test(before) && !/\b(?:in|of|by|to|as|and|or|at|on|is)[\s\u00a0]*$/i.test(before)) continue;
      // "(3) The second step ..." or ": (1) it can ...": an enumeration at a sentence or list start.
      const after = p.text.slice(items[items.length - 1]!.number.end, items[items.length - 1]!.number.end + 3);
      if (/(?:^|[.!?:;])[\s\u00a0]*$/.test(before) && /^[\s\u00a0]+\p{L}/u.test(after)) {
        if (items.length === 1) listed.add(eqKey(items[0]!.token));
        continue;
      }
      const plain = items.every((it) => /^\d+$/.test(it.token));
      if (plain && this.parenCitations && !EQ_CONTEXT.test(before) && !p.inTable) continue;
      if (items.length === 1 && /^[\s\u00a0]+\p{Ll}/u.test(after)) enumerated.push(out.length);
      items.forEach((it) => {
        out.push({ kind: 'equation', paragraph: p, key: eqKey(it.token), number: it.number, numbersub: it.number, full: it.number, confidence: 0.8 });
      });
      re.lastIndex = Math.max(re.lastIndex, items[items.length - 1]!.number.end);
    }
    // "(1) nonoverlapping generations, (2) constant size": numbered statements, not equations.
    for (const i of enumerated) listed.add(out[i]!.key);
    if (listed.has('eq-1') && listed.has('eq-2')) return out.filter((_, i) => !enumerated.includes(i));
    return out;
  }
}
