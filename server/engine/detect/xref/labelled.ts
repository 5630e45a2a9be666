// Labelled floats (figures, tables, algorithms, listings): captions as targets and "Fig. 2b" style mentions.
// One engine, configured per kind by figures.ts, tables.ts, algorithms.ts and listings.ts.

import type { ModelParagraph } from '../../model/types.ts';
import { SpanSet } from '../span-set.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';
import {
  allMatches,
  captionMoreNumbers,
  cutAtSuperscript,
  ownRx,
  DASH,
  isBold,
  isCaptionStyle,
  leadingSpace,
  normNumber,
  parseItems,
  SUB,
  WS,
  type ItemGrammar,
  type ListItem,
  type XrefMention,
  type XrefTarget,
} from './grammar.ts';

export interface LabelledKind {
  kind: 'figure' | 'table' | 'algorithm' | 'listing';
  /** Key prefix: fig, tab, alg, lst. */
  prefix: string;
  /** Word used in target labels: "Figure", "Table". */
  display: string;
  /** Label words in mentions (singular, plural, abbreviations), as a regex source. */
  words: string;
  /** Label words that may open a caption. */
  captionWords: string;
  /** SEQ field identifiers of the kind (lower case). */
  seqNames: string[];
  /** PLOS postfix word after "S1": "Figs?" ("S1 Fig"). */
  postfixWords?: string;
  /** eLife "Figure 1—figure supplement 2" and "Figure 1—source data 1" labels. */
  elifeSuffixes?: boolean;
  /** eLife appendix floats: "Appendix 1—figure 2" (the word after the dash). */
  appendixWord?: string;
  /**
   * The supplementary words of the manuscript's languages (labels/*.json `supplementary`), as a regex source:
   * before the label word ("Ergänzende Tabelle 2", "补充图2") or after it ("Figura suplementar 2", "Tabla
   * suplementaria 1"), they make it a supplementary float (fig-S2, tab-S1) as "Supplementary" does.
   */
  suppWords?: string;
}

const SUPP = `(?:[Ss]upplementa(?:ry|l)|SUPPLEMENTA(?:RY|L)|[Ss]uppl?\\.|[Ss]up\\.)`;
/** The English supplementary words: those of other languages that English reads already are left out of `suppWords`. */
export const SUPP_ENGLISH = new RegExp(`^${SUPP}$`);
/** Kana and Han (the patterns here have no u flag): a word of them is followed by the next without a space. */
const CJK = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff]';
/** Supplementary words before the label word (English, and the kind's languages': no space needed, "补充图2"). */
const suppBefore = (cfg: LabelledKind): string => (cfg.suppWords ? `(?:${SUPP}${WS}+|(?:${cfg.suppWords})(?:${WS}+|(?<=${CJK})))` : `${SUPP}${WS}+`);
/** Supplementary words after the label word, before its number ("Figura suplementar 2"); none in English. */
const suppAfter = (cfg: LabelledKind): string => (cfg.suppWords ? `(${WS}+(?:${cfg.suppWords})(?=${WS}*S?\\d))?` : '()');
/** After a label word: no further Latin letter, but an S-number may follow at once ("图S1", "TableS2"). */
const WORD_END = '(?!(?!S\\d)[A-Za-z])';
const ELIFE_SUFFIX = `((?:${WS}*${DASH}${WS}*(?:(?:[Ff]igure${WS}+)?[Ss]upplements?|[Ss]ource${WS}+data|[Vv]ideo|[Aa]nimation)${WS}+\\d+)+)(${SUB})?`;
/**
 * "2", "S1", "2.1", and Roman numerals "IV" (AIP, IEEE, APS tables and figures). A Roman label keeps its own
 * key (tab-IV): "Table IV" finds "TABLE IV", and a panel range "Figure 1D–II" finds no Figure 2.
 */
const NUM_FLOAT = '(?:(?:[A-Z](?=\\d))?\\d+(?:\\.\\d+)?|(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})(?![A-Za-z0-9]))';

/** " and B", ", B", ", and B" after "2A": a further panel of the same figure (letter case is not checked; "P = 0.03" is a variable). */
const CONTINUED_PANEL = /^(?:,?[\s\u00a0]+and|,)[\s\u00a0]+([A-Za-z])(?![\w\u00b0%])(?![\s\u00a0]*[=<>\u2264\u2265\u00b1])/;
/** The separator before a further number of the list after a panel letter: " and S3B", ", S8C", ", and 4". */
const CONTINUED_LIST = /^(?:,?[\s\u00a0]+and|,)[\s\u00a0]+(?=[A-Z]?\d)/;
/** A remark in parentheses, then the list goes on: " (STN96 data set) and ". */
const AFTER_REMARK = /^[\s\u00a0]*\([^()]{1,40}\)(?:,?[\s\u00a0]+and|,)[\s\u00a0]+(?=S\d)/;
/** " and Table S1D", ", Fig. 3": the next labelled mention after a panel letter. */
const NEXT_LABEL = /^(?:,?[\s\u00a0]+and|,)[\s\u00a0]+\p{Lu}[\p{L}.]*[\s\u00a0]*[A-Z]?\d/u;
/** "of Smith et al. (2019)", "in [14]", "in ref. 5", "in Ref. 10", "of Ref. [42]", "from Lee and Kim 2020": the figure of another work. */
const OTHER_WORK = /^[\s\u00a0]+(?:of|in|from)[\s\u00a0]+(?:(?:the[\s\u00a0]+)?(?:[Rr]efs?\.|[Rr]eferences?|paper|study|work|article)[\s\u00a0]*\[?\(?\d|\[\d|\(\d{1,3}\)|\p{Lu}[\p{L}'’-]+(?:[\s\u00a0]+et[\s\u00a0]+al\.?|[\s\u00a0]+(?:and|&)[\s\u00a0]+\p{Lu}[\p{L}'’-]+)?,?[\s\u00a0]*[([]?(?:1[89]|20)\d\d)/u;

/** Key tail from an eLife suffix: "—figure supplement 2—source data 1" → "-s2-sd1". */
function suffixKey(suffix: string): string {
  let out = '';
  for (const m of suffix.matchAll(/((?:figure\s+)?supplements?|source\s+data|video|animation)[\s\u00a0]+(\d+)/gi)) {
    const kind = m[1]!.toLowerCase();
    out += (kind.startsWith('source') ? '-sd' : kind === 'video' ? '-v' : kind === 'animation' ? '-a' : '-s') + m[2];
  }
  return out;
}

/** "figure" → "[Ff]igure": the first letter in either case. */
function ci(word: string): string {
  return `[${word[0]!.toUpperCase()}${word[0]!.toLowerCase()}]${word.slice(1)}`;
}

function suffixLabel(suffix: string): string {
  return suffix.replace(/^[\s\u00a0]*/, '').replace(/[\s\u00a0]+/g, ' ');
}

/**
 * Qualifier of a label: "Supplementary Figure 2" → S (fig-S2), eLife "Box figure 1" → box- (fig-box-1),
 * "Appendix Figure 2" / "Appendix Table 1" → app- (fig-app-2, tab-app-1): each its own target set,
 * never the main-text Figure 2.
 */
type Qualifier = '' | 'S' | 'box-' | 'app-';

function qualifierOf(box: string | undefined, supp: string | undefined): Qualifier {
  if (box) return /^Appendix/i.test(box) ? 'app-' : 'box-';
  return supp ? 'S' : '';
}

function mainToken(token: string, q: Qualifier): string {
  const n = normNumber(token);
  if (q === 'box-') return `box-${n}`;
  if (q === 'app-') return `app-${n}`;
  return q === 'S' && /^\d/.test(n) ? `S${n}` : n;
}

// ---------------------------------------------------------------------------------------------- targets

interface CaptionHead {
  key: string;
  label: string;
  number: string;
  labelEnd: number;
  /** Whether a terminator (". : | —") follows the label. */
  terminated: boolean;
  /** The numbers of the other floats one caption names ("Figuras 7 e 8."). */
  more?: string[];
}

/** "Figure 5—source data" without a number names an attachment of the figure, not the figure. */
const DANGLING = new RegExp(`^${WS}*${DASH}${WS}*(figure${WS}+supplement|source${WS}+data|video|animation)(s?${WS}*\\d)?`, 'i');

/** What may follow a caption label: punctuation, a dash that is not an attachment's, or the end. */
const TERMINATED = new RegExp(`^(?=${WS}*(?:[.:|]|${DASH}(?!${WS}*(?:figure|supplement|source|video|animation))|$))`);

function captionHead(cfg: LabelledKind, text: string, at: number): CaptionHead | null {
  const rest = text.slice(at);
  if (cfg.appendixWord) {
    const m = ownRx(cfg, 'appendixHead', () => `^Appendix${WS}+(\\d+|[A-Z])${WS}*${DASH}${WS}*${ci(cfg.appendixWord!)}${WS}+(\\d+)`).exec(rest);
    if (m) {
      const key = `${cfg.prefix}-app${m[1]}-${m[2]}`;
      return { key, label: `Appendix ${m[1]}—${cfg.appendixWord} ${m[2]}`, number: `app${m[1]}-${m[2]}`, labelEnd: at + m[0].length, terminated: TERMINATED.test(rest.slice(m[0].length)) };
    }
  }
  const suffix = cfg.elifeSuffixes ? `(?:${ELIFE_SUFFIX})?` : '()()';
  const main = ownRx(cfg, 'captionHead', () => `^(?:((?:Box|Appendix|APPENDIX)${WS}+)(?:${cfg.words})|(${suppBefore(cfg)})?(?:${cfg.captionWords})${suppAfter(cfg)})${WS}*(${NUM_FLOAT})${suffix}(?![\\w])`);
  const m = main.exec(rest);
  if (m) {
    const num = mainToken(m[4]!, qualifierOf(m[1], m[2] ?? m[3]));
    const tail = m[5] ? suffixKey(m[5]) : '';
    const after = rest.slice(m[0].length);
    const more = !tail && /^\d+$/.test(num) ? captionMoreNumbers(after) : null;
    return {
      key: `${cfg.prefix}-${num}${tail}`,
      label: `${cfg.display} ${num}${m[5] ? suffixLabel(m[5]) : ''}`.replace(/ ([\u2014\u2013-])/, '$1'),
      number: num + tail,
      labelEnd: at + m[0].length + (more?.length ?? 0),
      terminated: !!more || TERMINATED.test(after),
      ...(more ? { more: more.numbers } : {}),
    };
  }
  if (cfg.postfixWords) {
    const p = ownRx(cfg, 'postfixHead', () => `^(S\\d+)${WS}+(?:${cfg.postfixWords})\\.?(?![\\w])`).exec(rest);
    if (p) {
      const num = normNumber(p[1]!);
      return { key: `${cfg.prefix}-${num}`, label: `${cfg.display} ${num}`, number: num, labelEnd: at + p[0].length, terminated: true };
    }
  }
  return null;
}

/** A labelled kind built once per vocabulary (the words of the manuscript's languages), then reused. */
export function kindPerVocabulary(make: (vocabulary: Vocabulary) => LabelledKind): (vocabulary?: Vocabulary) => LabelledKind {
  const kinds = new Map<Vocabulary, LabelledKind>();
  return (vocabulary = ALL_LANGUAGES) => {
    let kind = kinds.get(vocabulary);
    if (!kind) {
      kind = make(vocabulary);
      kinds.set(vocabulary, kind);
    }
    return kind;
  };
}

/** The SEQ field of the kind in a paragraph, if any (captions inserted with Word's Insert Caption). */
function seqField(cfg: LabelledKind, p: ModelParagraph): { start: number; end: number; value: string } | null {
  for (const f of p.fields) {
    if (f.type !== 'SEQ') continue;
    const id = (f.instruction.split(/\s+/)[1] ?? '').toLowerCase();
    if (!cfg.seqNames.includes(id)) continue;
    const value = p.text.slice(f.start, f.end).trim();
    if (!/^\d+$/.test(value)) continue;
    return { start: f.start, end: f.end, value };
  }
  return null;
}

export function findLabelledTargets(cfg: LabelledKind, paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>): XrefTarget[] {
  const out: XrefTarget[] = [];
  for (const p of paragraphs) {
    if (excluded.has(p) || p.part !== 'word/document.xml') continue;
    const at = leadingSpace(p.text);
    const seq = seqField(cfg, p);
    const head = captionHead(cfg, p.text, at);
    const styled = isCaptionStyle(p);
    if (seq && (!head || head.labelEnd < seq.end || !head.key.endsWith(`-${seq.value}`))) {
      // Caption built from a SEQ field: the label is everything up to the field result.
      if (seq.start - at > 40) continue;
      const num = seq.value;
      out.push({
        key: `${cfg.prefix}-${num}`,
        type: cfg.kind,
        label: `${cfg.display} ${num}`,
        paragraph: p,
        start: 0,
        end: p.text.length,
        number: num,
        labelEnd: seq.end,
        strength: 4,
      });
      continue;
    }
    if (!head) continue;
    const bold = isBold(p, at, head.labelEnd);
    if (!head.terminated && !styled && !bold && !seq) continue;
    if (p.inTable && !styled && !bold && !head.terminated) continue;
    const strength = (styled || seq ? 3 : 0) + (bold ? 2 : 0) + (head.terminated ? 1 : 0);
    for (const [key, number, label] of [[head.key, head.number, head.label], ...(head.more ?? []).map((n) => [`${cfg.prefix}-${n}`, n, `${cfg.display} ${n}`])]) {
      out.push({ key: key!, type: cfg.kind, label: label!, paragraph: p, start: 0, end: p.text.length, number: number!, labelEnd: head.labelEnd, strength });
    }
  }
  return out;
}

// --------------------------------------------------------------------------------------------- mentions

function grammarFor(cfg: LabelledKind): ItemGrammar {
  return {
    num: NUM_FLOAT,
    subpanels: true,
    parens: false,
    suffix: cfg.elifeSuffixes ? ELIFE_SUFFIX : undefined,
  };
}

/** Keys for a parsed list; eLife supplement numbers after "figure supplements 1, 2" inherit the figure. */
function itemKeys(cfg: LabelledKind, items: ListItem[], q: Qualifier, appendix: string | null): string[] {
  const keys: string[] = [];
  let inherit: string | null = null;
  for (const it of items) {
    if (appendix) {
      keys.push(`${cfg.prefix}-app${appendix}-${normNumber(it.token)}`);
      continue;
    }
    const suffix = it.extra?.[0];
    if (suffix) {
      const tail = suffixKey(suffix);
      const key = `${cfg.prefix}-${mainToken(it.token, q)}${tail}`;
      keys.push(key);
      inherit = key.replace(/\d+$/, '');
      continue;
    }
    if (inherit && /^\d+$/.test(it.token)) {
      keys.push(`${inherit}${normNumber(it.token)}`);
      continue;
    }
    inherit = null;
    keys.push(`${cfg.prefix}-${mainToken(it.token, q)}`);
  }
  return keys;
}

function pushItems(cfg: LabelledKind, p: ModelParagraph, labelStart: number, items: ListItem[], keys: string[], out: XrefMention[]): void {
  items.forEach((it, i) => {
    out.push({
      kind: cfg.kind,
      paragraph: p,
      key: keys[i]!,
      number: it.number,
      numbersub: it.numbersub,
      full: i === 0 ? { start: labelStart, end: it.numbersub.end } : it.numbersub,
      confidence: 1,
    });
  });
}

/**
 * Whether a panel letter ends at `at` and is one: followed by no word ("B cells" is prose), or by a further
 * panel letter or number of the same list (", and C", " and S3B").
 */
function panelEnds(text: string, at: number, depth = 0): boolean {
  const rest = text.slice(at);
  if (!/^[\s\u00a0]*[A-Za-z]{2}/.test(rest)) return true;
  if (CONTINUED_LIST.test(rest) || NEXT_LABEL.test(rest)) return true;
  const next = depth < 8 ? CONTINUED_PANEL.exec(rest) : null;
  return next !== null && panelEnds(text, at + next[0].length, depth + 1);
}

/**
 * Panel letters continuing the last item of a list, each its own mention, and the numbers that may follow
 * them: "Figure 2A and B", "Fig. S1A, B, and C", "Fig. S2E and F and S3B", "Fig. S7E and F, S8C, and S9A
 * and B". Returns the end of the whole mention.
 */
function continuePanels(cfg: LabelledKind, p: ModelParagraph, items: ListItem[], keys: string[], q: Qualifier, out: XrefMention[]): number {
  const text = p.text;
  let last = items[items.length - 1]!;
  let key = keys[keys.length - 1]!;
  let end = last.numbersub.end;
  let lettered = /[A-Za-z)]$/.test(text.slice(last.number.end, last.numbersub.end));
  while (lettered) {
    const rest = text.slice(end);
    const panel = CONTINUED_PANEL.exec(rest);
    if (panel && panelEnds(text, end + panel[0].length)) {
      const s = end + panel[0].length - 1;
      out.push({ kind: cfg.kind, paragraph: p, key, number: { start: s, end: s + 1 }, numbersub: { start: s, end: s + 1 }, full: { start: s, end: s + 1 }, confidence: 0.9 });
      end = s + 1;
      continue;
    }
    // After a panel letter the list may go on with further numbers: " and S3B", ", S8C, and S9A".
    const more = end > last.numbersub.end ? CONTINUED_LIST.exec(rest) : null;
    if (!more) break;
    const next = parseItems(text, end + more[0].length, grammarFor(cfg));
    if (!next.length) break;
    const nextKeys = itemKeys(cfg, next, q, null);
    next.forEach((it, i) => out.push({ kind: cfg.kind, paragraph: p, key: nextKeys[i]!, number: it.number, numbersub: it.numbersub, full: it.numbersub, confidence: 0.9 }));
    last = next[next.length - 1]!;
    key = nextKeys[nextKeys.length - 1]!;
    end = last.numbersub.end;
    lettered = /[A-Za-z)]$/.test(text.slice(last.number.end, last.numbersub.end));
  }
  return end;
}

export function findLabelledMentions(cfg: LabelledKind, p: ModelParagraph): XrefMention[] {
  const out: XrefMention[] = [];
  const text = p.text;
  const taken = new SpanSet();
  const overlaps = (s: number, e: number) => taken.overlaps(s, e);

  if (cfg.appendixWord) {
    const re = ownRx(cfg, 'appendixMention', () => `(?<![A-Za-z])Appendix${WS}+(\\d+|[A-Z])${WS}*${DASH}${WS}*${ci(cfg.appendixWord!)}s?${WS}+`, 'g');
    for (const m of allMatches(re, text)) {
      const items = parseItems(text, m.index + m[0].length, { num: '\\d+', subpanels: true, parens: false });
      if (!items.length) continue;
      pushItems(cfg, p, m.index, items, itemKeys(cfg, items, '', m[1]!), out);
      taken.add(m.index, items[items.length - 1]!.numbersub.end);
    }
  }

  const label = ownRx(cfg, 'mentionLabel', () => `(?<![A-Za-z0-9])(?:((?:Box|Appendix|APPENDIX)${WS}+)|(${suppBefore(cfg)}))?(?:${cfg.words})${suppAfter(cfg)}${WORD_END}${WS}*`, 'g');
  for (const m of allMatches(label, text)) {
    if (overlaps(m.index, m.index + m[0].length)) continue;
    let items = cutAtSuperscript(p, parseItems(text, m.index + m[0].length, grammarFor(cfg)));
    if (cfg.postfixWords) {
      // "Figs 2 and S1 Fig": the list stops before an item that carries its own postfix label.
      const postfix = ownRx(cfg, 'postfixWord', () => `^${WS}+(?:${cfg.postfixWords})(?![A-Za-z])`);
      const cut = items.findIndex((it, i) => i > 0 && postfix.test(text.slice(it.numbersub.end)));
      if (cut > 0) items = items.slice(0, cut);
    }
    // "Figure 5—source data" without a number names an attachment of the figure, not the figure: its key
    // has no number (fig-5-sd), and it resolves to the figure's one attachment of that kind, if one.
    let dangling = items.length ? DANGLING.exec(text.slice(items[items.length - 1]!.numbersub.end)) : null;
    // Numbered but not parsed (a kind without eLife suffixes: "Table 1—source data 1"): not the float itself.
    if (dangling?.[2]) {
      items = items.slice(0, -1);
      dangling = null;
    }
    if (!items.length) continue;
    const q = qualifierOf(m[1], m[2] ?? m[3]);
    const keys = itemKeys(cfg, items, q, null);
    if (dangling) {
      const last = items[items.length - 1]!;
      keys[keys.length - 1] += suffixKey(`${dangling[1]} 0`).replace(/0$/, '');
      const e = last.numbersub.end + dangling[0].length;
      items[items.length - 1] = { ...last, number: { start: last.number.start, end: e }, numbersub: { start: last.number.start, end: e } };
    }
    const first = out.length;
    pushItems(cfg, p, m.index, items, keys, out);
    let end = continuePanels(cfg, p, items, keys, q, out);
    // "Figs 3 (STN96 data) and S7b (HCP90 data)": after a remark in parentheses the list goes on with a
    // supplementary number (an S-number is not prose; a plain "and 4 mice" would be).
    const remark = AFTER_REMARK.exec(text.slice(end));
    if (remark) {
      const more = parseItems(text, end + remark[0].length, grammarFor(cfg));
      const tail = more.length ? text.slice(more[more.length - 1]!.numbersub.end) : '';
      if (more.length && /^S\d/.test(more[0]!.token) && !/^[\s\u00a0]*[A-Za-z]{2}/.test(tail)) {
        const moreKeys = itemKeys(cfg, more, q, null);
        more.forEach((it, i) => out.push({ kind: cfg.kind, paragraph: p, key: moreKeys[i]!, number: it.number, numbersub: it.numbersub, full: it.numbersub, confidence: 0.9 }));
        end = more[more.length - 1]!.numbersub.end;
      }
    }
    // "Figure 3 of Smith et al. (2019)", "Table 2 in [14]": another work's figure.
    const foreign = OTHER_WORK.exec(text.slice(end));
    if (foreign) for (let i = first; i < out.length; i++) out[i]!.otherWork = true;
    taken.add(m.index, end);
    label.lastIndex = Math.max(label.lastIndex, end);
  }

  if (cfg.postfixWords) {
    // PLOS: "S1 Fig", "S8c Fig", "S1 and S2 Tables".
    const start = /(?<![\w.\u2014\u2013-])S\d+/g;
    for (const m of allMatches(start, text)) {
      if (overlaps(m.index, m.index + 1)) continue;
      // "Table S3 and S1 Fig": an S-number right after another kind's label word belongs to that kind.
      if (/(?:^|[^\p{L}])(?:[Tt]ables?|TABLES?|[Tt]abs?\.?|[Ff]ig(?:ure)?s?\.?|FIG(?:URE)?S?\.?)[\s\u00a0]*$/u.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      const items = parseItems(text, m.index, { num: 'S\\d+', subpanels: true, parens: false });
      if (!items.length) continue;
      const last = items[items.length - 1]!;
      const word = ownRx(cfg, 'postfixWord', () => `^${WS}+(?:${cfg.postfixWords})(?![A-Za-z])`).exec(text.slice(last.numbersub.end));
      if (!word) continue;
      const end = last.numbersub.end + word[0].length;
      items.forEach((it, i) => {
        out.push({
          kind: cfg.kind,
          paragraph: p,
          key: `${cfg.prefix}-${normNumber(it.token)}`,
          number: it.number,
          numbersub: it.numbersub,
          full: i === items.length - 1 ? { start: it.number.start, end } : it.numbersub,
          confidence: 1,
        });
      });
      taken.add(m.index, end);
      start.lastIndex = end;
    }
  }
  // "(4C)" after "Figure 4A" in the same paragraph: a further panel of a figure already named there.
  if (out.length && cfg.kind === 'figure') {
    const named = new Map(out.filter((m) => /^fig-\d+$/.test(m.key)).map((m) => [m.key, m.number.start]));
    for (const m of text.matchAll(/(?<![\p{L}\p{N}])\((\d+)([A-Z](?:[-–,][A-Z])*)\)/gu)) {
      const key = `${cfg.prefix}-${normNumber(m[1]!)}`;
      const first = named.get(key);
      if (first === undefined || first > m.index || overlaps(m.index, m.index + m[0].length)) continue;
      const s = m.index + 1;
      out.push({ kind: cfg.kind, paragraph: p, key, number: { start: s, end: s + m[1]!.length }, numbersub: { start: s, end: s + m[1]!.length + m[2]!.length }, full: { start: s, end: s + m[1]!.length + m[2]!.length }, confidence: 0.8 });
    }
  }
  return out;
}
