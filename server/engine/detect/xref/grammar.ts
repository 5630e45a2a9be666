// Shared mention grammar for cross-references: number tokens, sub-panel letters, lists and ranges,
// and the three link spans of every mentioned number.
//
// Link modes (HyperlinkSettings figures/tables/equations/...; documented here once):
//   number    - only the number token of each item: "2" in "Fig. 2b", "S1" in "Table S1" and in "S1 Fig",
//               "(3)" in "Eq. (3)" (the parentheses belong to an equation's label), and for compound eLife
//               labels the span from the figure number to the last number ("1—figure supplement 2").
//   numbersub - the number plus its sub-panel letters written against it: "2b", "2A–C", "2H,L,P,T", "5(a)".
//               Kinds without sub-panels (sections, appendices) treat it as number.
//   full      - the label word(s) through the end of the first item's numbersub span ("Fig. 2b",
//               "Supplementary Figure 3", "S1 Fig", "Eq. (3)"); later items of a list or range keep their
//               numbersub span ("Figs. 2 and 3" → "Figs. 2" and "3").
//   off       - nothing is reported for the kind.
// Every number in a list or range is its own match: "Figures 2–4" → 2 and 4; "Figs. 2 and 3" → 2 and 3.

import type { MatchKind } from '../../../../shared/contract.ts';
import type { ModelParagraph } from '../../model/types.ts';
import type { TargetCandidate } from '../types.ts';
import { connectorWords } from '../labels/vocabulary.ts';

export type XrefModeSetting = 'number' | 'numbersub' | 'full' | 'off';

export interface Span {
  start: number;
  end: number;
}

/** One mentioned number, with the spans each link mode would use. */
export interface XrefMention {
  kind: MatchKind;
  paragraph: ModelParagraph;
  /** Key of the wanted target (e.g. "fig-2", "tab-S1", "eq-3", "sec-2.1", "app-A"). */
  key: string;
  number: Span;
  numbersub: Span;
  full: Span;
  /** Confidence of the reading itself (1 for label + number, lower for name-only section mentions). */
  confidence: number;
  /** Keys of other plausible targets (section names shared by several headings). */
  alternatives?: string[];
  /** The target itself when the detector already chose it (sections named by title). */
  direct?: XrefTarget;
  /** "Figure 3 of Smith et al. (2019)", "Table 2 in [14]": names another work's float; held, never linked. */
  otherWork?: boolean;
  /** Names its section by title ("see Discussion"): linked directly only when `sections` is `full`. */
  byTitle?: boolean;
  /** A reading that is a mention only when the document has its target ("período suplementar 2" is prose without one): never proposed unmatched. */
  needsTarget?: boolean;
}

/** A target found by a detector, with the normalised key it answers to. */
export interface XrefTarget extends TargetCandidate {
  /** End of the caption label in the paragraph (mentions before it are the label itself). */
  labelEnd: number;
  /** Higher wins when several paragraphs claim the same key (styled caption over plain text). */
  strength: number;
}

/** White space inside a mention: ordinary and non-breaking spaces, thin spaces. */
export const WS = '[\\s\\u00a0\\u2009\\u202f]';
/** Dashes used in ranges and eLife compound labels. */
export const DASH = '[-\\u2010\\u2011\\u2012\\u2013\\u2014\\u2212]';

/** A number token: optional single capital prefix (S1, A2), digits, optional ".n" parts (2.1). */
const NUM = '(?:[A-Z](?=\\d))?\\d+(?:\\.\\d+)*';

/**
 * Sub-panel letters attached to a number: "b", "A–C", "H,L,P,T", "(a)", "a,b". A letter after a comma and
 * a space ("S1A, B, and C") is a panel of its own (labelled.ts continues the mention with it).
 */
const SUB_ONE = '(?:[a-zA-Z](?![a-zA-Z0-9])|\\([a-zA-Z]\\))';
export const SUB = `${SUB_ONE}(?:(?:${WS}?${DASH}${WS}?|,(?:${WS}(?=\\())?|${WS}?&${WS}?)${SUB_ONE})*`;

/** Words joining list items and range ends: English, and those of the other languages (labels/*.json: "e", "und", "a", "bis"). */
const AND = `and|${connectorWords('and')}`;
const TO = `to|${connectorWords('to')}`;
/** Separator between two items of a list or the two ends of a range. */
const SEP_LIST = `(?:${WS}*[,;]${WS}*(?:(?:${AND})${WS}+|&${WS}*)?|${WS}+(?:${AND}|&)${WS}+)`;
const SEP_RANGE = `(?:${WS}*${DASH}${WS}*|${WS}+(?:${TO})${WS}+)`;
const SEP_LIST_RE = new RegExp(SEP_LIST, "y");
/**
 * A footnote mark typed as superscript digits right after a number ("Figura 02⁸") is no part of it: the item
 * ends where superscript starts after plain digits, and the list ends with it.
 */
export function cutAtSuperscript(p: ModelParagraph, items: ListItem[]): ListItem[] {
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const { start, end } = it.number;
    const first = p.pieces.find((x) => x.kind === 'text' && x.start <= start && start < x.end);
    if (!first || first.superscript) continue;
    const sup = p.pieces.find((x) => x.kind === 'text' && x.superscript && x.start > start && x.start < end);
    if (!sup || !/^\d+$/.test(p.text.slice(start, sup.start))) continue;
    const cut = { start, end: sup.start };
    return [...items.slice(0, i), { token: p.text.slice(start, sup.start), number: cut, numbersub: cut, rangeEnd: it.rangeEnd }];
  }
  return items;
}

/** The further numbers of a caption naming two or three floats ("Figuras 7 e 8.", "Figures 3, 4 and 5:"). */
const CAPTION_MORE_RE = new RegExp(`^((?:${SEP_LIST}\\d+){1,2})(?=${WS}*[.:|]|${WS}*${DASH}${WS})`);

/** After a caption's first number: the numbers of the other floats it captions, and the text they take. */
export function captionMoreNumbers(after: string): { numbers: string[]; length: number } | null {
  const m = CAPTION_MORE_RE.exec(after);
  return m ? { numbers: m[1]!.match(/\d+/g)!, length: m[1]!.length } : null;
}
const SEP_RANGE_RE = new RegExp(SEP_RANGE, "y");

export interface ListItem {
  /** The number token as written ("2", "S1", "2.1", "A5"). */
  token: string;
  number: Span;
  numbersub: Span;
  /** Whether this item ends a range begun by the item before it. */
  rangeEnd: boolean;
  /** Text between the number and the end of the item (eLife "—figure supplement 2"), already parsed. */
  extra?: string[];
}

export interface ItemGrammar {
  /** Pattern of one number token (default NUM). */
  num?: string;
  /** Whether sub-panel letters may follow the number. */
  subpanels: boolean;
  /** Whether the number may be wrapped in parentheses: "(3)". */
  parens: boolean;
  /** Optional suffix parsed after the number (eLife "—figure supplement 2"); group 1.. go to extra. */
  suffix?: string;
}

/** The sticky regex of one list item of a grammar, compiled once per grammar shape. */
function itemRegex(g: ItemGrammar): RegExp {
  const key = `${g.num ?? ''}\u0000${g.parens ? 1 : 0}${g.subpanels ? 1 : 0}\u0000${g.suffix ?? ''}`;
  let re = ITEM_CACHE.get(key);
  if (!re) {
    const num = g.num ?? NUM;
    const body = g.parens ? `(?:\\((${num})\\)|(${num}))` : `()(${num})`;
    const sub = g.subpanels ? `(${SUB})?` : '()';
    const suffix = g.suffix ? `(?:${g.suffix})?` : '';
    re = new RegExp(`${body}${sub}${suffix}(?![\\w\\u00b0%])`, 'y');
    ITEM_CACHE.set(key, re);
  }
  return re;
}
const ITEM_CACHE = new Map<string, RegExp>();

/**
 * Parses a list of items starting exactly at `from` in `text`. Returns the items, or [] when no item
 * starts there. Separators: commas, "and", "&", semicolons only before another bare number; ranges with
 * dashes or "to".
 */
export function parseItems(text: string, from: number, g: ItemGrammar): ListItem[] {
  const item = itemRegex(g);
  const sepList = SEP_LIST_RE;
  const sepRange = SEP_RANGE_RE;
  const items: ListItem[] = [];
  let pos = from;
  let rangeNext = false;
  for (;;) {
    item.lastIndex = pos;
    const m = item.exec(text);
    if (!m) break;
    const wrapped = Boolean(m[1]);
    const token = m[1] || m[2] || '';
    const numStart = pos;
    const numEnd = wrapped ? pos + token.length + 2 : pos + token.length;
    const subText = m[3] ?? '';
    const extra = m.slice(4).filter((x): x is string => x !== undefined);
    const subEnd = numEnd + subText.length;
    items.push({
      token,
      number: { start: numStart, end: numEnd },
      numbersub: { start: numStart, end: extra.length ? pos + m[0].length : subEnd },
      rangeEnd: rangeNext,
      extra: extra.length ? extra : undefined,
    });
    // Compound label (eLife "1—figure supplement 2B"): the number runs to the suffix's last number.
    if (extra.length) items[items.length - 1]!.number.end = pos + m[0].length - (extra[1]?.length ?? 0);
    pos += m[0].length;
    sepRange.lastIndex = pos;
    const r = sepRange.exec(text);
    if (r) {
      pos += r[0].length;
      rangeNext = true;
      continue;
    }
    sepList.lastIndex = pos;
    const l = sepList.exec(text);
    if (l) {
      // A semicolon continues a list only before another bare number ("Figs 2; 3" is rare: stop there).
      if (l[0].includes(';')) break;
      pos += l[0].length;
      rangeNext = false;
      continue;
    }
    break;
  }
  return items;
}

const REGEXP_CACHE = new Map<string, RegExp>();

/** A compiled regex, shared across paragraphs (callers reset lastIndex; no re-entrant use of one pattern). */
/**
 * A regex compiled once per owner object (e.g. a kind's configuration) and name: the source is only
 * built on the first call, so hot loops pay neither string building nor hashing of long sources.
 */
export function ownRx(owner: object, name: string, build: () => string, flags = ''): RegExp {
  let byName = OWNED_CACHE.get(owner);
  if (!byName) { byName = new Map(); OWNED_CACHE.set(owner, byName); }
  let re = byName.get(name);
  if (!re) { re = rx(build(), flags); byName.set(name, re); }
  return re;
}
const OWNED_CACHE = new WeakMap<object, Map<string, RegExp>>();

export function rx(source: string, flags = ''): RegExp {
  const k = `${flags}/${source}`;
  let re = REGEXP_CACHE.get(k);
  if (!re) {
    re = new RegExp(source, flags);
    REGEXP_CACHE.set(k, re);
  }
  return re;
}

/** Finds every match of a global regex, with index and groups. */
export function* allMatches(re: RegExp, text: string): Generator<RegExpExecArray> {
  const gate = prefilterOf(re);
  if (gate && !gate.test(text)) return;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    if (m[0].length === 0) re.lastIndex++;
  }
}

/**
 * The pattern without its leading lookbehinds ("(?<![\\p{L}])Appendix..."): it matches wherever the whole one
 * does (and more), and V8 runs it several times faster, because a leading lookbehind, tried at every offset,
 * defeats its quick first-character scan (0.87 → 0.13 ms over a PLOS manuscript's paragraphs for the
 * appendix label). A paragraph it cannot match is skipped with one test. Null when there is no leading
 * lookbehind, or the rest refers back to a group.
 */
function prefilterOf(re: RegExp): RegExp | null {
  let gate = PREFILTERS.get(re);
  if (gate === undefined) {
    const rest = withoutLeadingLookbehinds(re.source);
    gate = rest !== null && rest !== re.source && !/\\(?:[1-9]|k<)/.test(rest) ? new RegExp(rest, re.flags.replace(/[gy]/g, '')) : null;
    PREFILTERS.set(re, gate);
  }
  return gate;
}
const PREFILTERS = new WeakMap<RegExp, RegExp | null>();

/** A source without the lookbehind groups it starts with; null when one does not close. */
function withoutLeadingLookbehinds(source: string): string | null {
  let s = source;
  while (s.startsWith('(?<!') || s.startsWith('(?<=')) {
    const end = groupEnd(s);
    if (end < 0) return null;
    s = s.slice(end + 1);
  }
  return s;
}

/** Offset of the parenthesis closing the group that opens `source`, skipping escapes and character classes; -1 if none. */
function groupEnd(source: string): number {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Start offsets of a paragraph's text ignoring leading white space. */
export function leadingSpace(text: string): number {
  const m = /^[\s\u00a0]*/.exec(text);
  return m ? m[0].length : 0;
}

/** Whether the pieces covering [start, end) are all bold (ignoring white space). */
export function isBold(p: ModelParagraph, start: number, end: number): boolean {
  let any = false;
  for (const piece of p.pieces) {
    if (piece.end <= start || piece.start >= end) continue;
    const t = p.text.slice(Math.max(start, piece.start), Math.min(end, piece.end));
    if (!t.trim()) continue;
    if (!piece.bold) return false;
    any = true;
  }
  return any;
}

/** Whether the paragraph's style is a caption style ("Caption", "caption", "Figure Caption", ...). */
export function isCaptionStyle(p: ModelParagraph): boolean {
  const n = `${p.styleName ?? ''} ${p.styleId ?? ''}`;
  return /caption|legend/i.test(n);
}

/** Normalises a number token for keys: "S1" stays, "01" → "1", "2.1." → "2.1". */
export function normNumber(token: string): string {
  return token
    .replace(/\.+$/, '')
    .split('.')
    .map((part) => part.replace(/^([A-Za-z]?)0+(?=\d)/, '$1'))
    .join('.');
}
