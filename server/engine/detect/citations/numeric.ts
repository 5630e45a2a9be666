// Numeric citations in brackets ("[1]", "[1,2]", "[1–3]", "[2, 5-7]") and, for documents that cite
// that way, in parentheses ("(1)", "(4, 5)"). Each listed number is its own match. Intervals
// ("[0, 1]"), array indices ("x[1]"), years, equation labels and enumerations are not citations.

import type { ModelParagraph } from '../../model/types.ts';
import type { Bibliography, MatchCandidate } from '../types.ts';
import { citationMatch } from './match.ts';
import { parseNumberList, type NumberItem } from './number-list.ts';
import { resolveNumber } from './author-index.ts';

export interface NumericGroup {
  start: number;
  end: number;
  items: NumberItem[];
}

const MATH_BEFORE = /(?:[=∈∉<>≤≥±×·∪∩⊂⊆→←↦]|(?:^|\s)[*/+^_:])\s*$/;
const BRACKET_LABEL_BEFORE = /\b(?:Eqs?|Eqns?|Equations?|Figs?|Figures?|Tables?)\.?\s*$/;
/** Label nouns whose number in parentheses is their own ("Eq. (3)", "Fig. (2)", "p. (4)"), not a citation. */
const LABEL_BEFORE = /\b(?:(?:eqs?|equations?|eqns?|figs?|figures?|tables?|tabs?|sections?|secs?|chapters?|chap|appendix|panels?)\.?|(?:no|nos|vol|p|pp)\.)\s*$/i;

function groupsIn(text: string, open: '[' | '('): NumericGroup[] {
  const close = open === '[' ? ']' : ')';
  const re = open === '[' ? /\[([^[\]()]{1,120})\]/g : /\(([^()[\]]{1,120})\)/g;
  const out: NumericGroup[] = [];
  for (const m of text.matchAll(re)) {
    const items = parseNumberList(m[1]!, true, open === '[');
    if (!items) continue;
    const start = m.index;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(end, end + 3);
    if (MATH_BEFORE.test(before) || BRACKET_LABEL_BEFORE.test(before)) continue;
    // Array index or function argument: "x[1]", "f(2)", "M1[3]".
    if (/[\p{L}\p{N}_)\]'′]$/u.test(before)) {
      const word = /[\p{L}\p{N}_]+$/u.exec(before)?.[0] ?? '';
      // Glued to "et al" ("Okafor et al[12, 13]") or a word: a citation; to a short symbol or an index: not.
      const etAl = /\bet[\s\u00a0]+al\.?$/.test(before);
      if (!etAl && (open === '(' || word.length <= 2 || /\d|_/.test(word))) continue;
    }
    if (/^\s*[=^_×·*∈<>≤≥]|^[\p{L}\p{N}]/u.test(after)) continue;
    if (items.some((it) => it.n >= 1000)) continue;
    // A citation list never repeats a number: "(1,1)", "[2, 2]" are coordinates or model orders.
    if (new Set(items.map((it) => it.n)).size !== items.length && (open === '(' || items.length === 2)) continue;
    if (text[end - 1] !== close) continue;
    out.push({ start, end, items: items.map((it) => ({ ...it, start: it.start + start + 1, end: it.end + start + 1, endWithPages: it.endWithPages + start + 1 })) });
  }
  return out;
}

export function bracketGroups(p: ModelParagraph): NumericGroup[] {
  if (p.text.indexOf('[') < 0) return [];
  return groupsIn(p.text, '[');
}

/** Parenthesised numeric groups that read as citations (used only when the document cites that way). */
export function parenGroups(p: ModelParagraph, maxNumber: number): NumericGroup[] {
  if (p.text.indexOf('(') < 0) return [];
  const text = p.text;
  const groups = groupsIn(text, '(').filter((g) => {
    if (LABEL_BEFORE.test(text.slice(Math.max(0, g.start - 40), g.start))) return false;
    if (g.items.some((it) => it.n > maxNumber)) return false;
    const before = text.slice(Math.max(0, g.start - 40), g.start);
    if (LABEL_BEFORE.test(before)) return false;
    // A display-equation label: the group ends the paragraph after a tab or wide space.
    if (/^\s*$/.test(text.slice(g.end)) && /(?:\t|\s{2,})$/.test(before)) return false;
    // At the start of a paragraph or cell: a citation when it stands alone ("(41)" as a cell's content) or
    // before punctuation; before words it numbers a statement ("(2) Dust events ...").
    if (/^\s*$/.test(before) && !/^\s*(?:[.,;:)\]]|$)/.test(text.slice(g.end))) return false;
    // In tables, "12 (3)" is a count and its share.
    if (p.inTable && /\d[\d.,%]*\s*$/.test(before)) return false;
    if (/[;:]\s*$/.test(before) && g.items.length === 1) return false;
    // After a variable with an index ("x1 (2)", "AR1 (3)"): an argument. A short word or symbol before
    // ("NO (12)", "R (27)") does not decide: the document cites in parentheses and the number is in the list.
    const word = /([\p{L}\p{N}′']+)\s*$/u.exec(before)?.[1];
    if (word && /^\p{L}+\d+$/u.test(word) && word.length <= 3) return false;
    if (word && /^\p{Ll}$/u.test(word) && !/^[a]$/.test(word)) return false; // "x (1)", "f (2)": arguments
    // A short symbol the paragraph also applies to a letter ("xi (j)" ... "xi (1)"): a function argument.
    if (word && word.length <= 3 && new RegExp(`(?<![\\p{L}\\p{N}])${word}[\\s\\u00a0]*\\(\\p{L}\\)`, 'u').test(text)) return false;
    // Enumerated statements: ". (2) Dust events ...".
    if (g.items.length === 1 && /(?:^|[.!?:;])\s*$/.test(before) && /^\s+\p{L}/u.test(text.slice(g.end, g.end + 3))) return false;
    return true;
  });
  // Enumerations "(1) first ..., (2) second ...": single numbers 1, 2 followed by a lower-case word.
  const enumerated = groups.filter((g) => g.items.length === 1 && /^\s+\p{L}/u.test(text.slice(g.end, g.end + 3)));
  const ns = new Set(enumerated.map((g) => g.items[0]!.n));
  if (ns.has(1) && ns.has(2)) return groups.filter((g) => !enumerated.includes(g));
  return groups;
}

/** "Ref. 2", "Refs. 3–5", "reference 12": numbers after the word reference. */
export function refWordGroups(p: ModelParagraph, maxNumber: number): NumericGroup[] {
  const out: NumericGroup[] = [];
  for (const m of p.text.matchAll(/\b(?:Refs?\.|[Rr]eferences?)[\s\u00a0]+(\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)(?![\d.,]?\d|\s*[-–]?\s*\p{L})/gu)) {
    const numStart = m.index + m[0].length - m[1]!.length;
    const items = parseNumberList(m[1]!, false);
    if (!items || items.some((it) => it.n > maxNumber)) continue;
    out.push({ start: m.index, end: m.index + m[0].length, items: items.map((it) => ({ ...it, start: it.start + numStart, end: it.end + numStart, endWithPages: it.endWithPages + numStart })) });
  }
  return out;
}

export function groupMatches(p: ModelParagraph, groups: NumericGroup[], bib: Bibliography | null, includePages: boolean): MatchCandidate[] {
  const out: MatchCandidate[] = [];
  for (const g of groups) {
    for (const it of g.items) {
      const res = resolveNumber(bib, it.n);
      out.push(citationMatch(p, it.start, includePages ? it.endWithPages : it.end, res));
    }
  }
  return out;
}
