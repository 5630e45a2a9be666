// Supplementary material that is not a figure or a table: "S1 Text", "Text S1", "File S1", "Data S1",
// "Additional file 3", "Supplementary file 1", "Supplementary Data 2", "Movie 2", "Video S1", "ESM 1".
// Targets are the paragraphs that open with such a label (a caption, or an entry of the supplementary
// list), and the supplementary list itself: the first paragraph under a "Supplementary information /
// material / data", "Supporting information", "Additional files" or "Electronic supplementary material"
// heading. Supplementary figures and tables ("Supplementary Fig. 2", "Table S3") stay figure and table
// mentions with their own keys (fig-S2, tab-S3); when the document has no caption for them they resolve
// to the supplementary list (cross-references.ts).
// Keys: supp-text-1, supp-file-3, supp-data-1, supp-video-2, supp-note-1, supp-esm-1; the list: supp-list.
// Label words are normalised: "Additional file 3" = "Supplementary file 3" = "File S3" (supp-file-3).
// Other languages (labels/*.json `supplementary`, the languages read): the supplementary word after a noun
// ("Material suplementario S2", "Arquivo suplementar 1") or before it ("Zusätzliche Datei 1", "Дополнительный
// файл 2", "补充材料1"); the noun is keyed as the English one it spells ("Material", "Video"), else as a file.
// A figure or table noun ("Figura suplementar 2", "补充图2") is a supplementary float (labelled.ts).

import type { ModelParagraph } from '../../model/types.ts';
import { allMatches, isBold, isCaptionStyle, leadingSpace, parseItems, WS, type ListItem, type XrefMention, type XrefTarget } from './grammar.ts';
import { isHeadingParagraph } from './headings.ts';
import { SUPP_ENGLISH } from './labelled.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';

/** Material words, singular or plural, and the key word each stands for. */
const WORDS: [RegExp, string][] = [
  [/^(?:text|appendix)/i, 'text'],
  [/^(?:file|document|archive|spreadsheet)/i, 'file'],
  [/^(?:data|dataset)/i, 'data'],
  [/^(?:movie|video|animation)/i, 'video'],
  [/^audio/i, 'audio'],
  [/^note/i, 'note'],
  [/^(?:method|protocol)/i, 'method'],
  [/^code/i, 'code'],
  [/^(?:information|material)/i, 'material'],
  [/^(?:esm|online)/i, 'esm'],
];
const WORD = '(?:[Oo]nline[\\s\\u00a0]+[Rr]esources?|[Tt]exts?|[Ff]iles?|[Dd]ata(?:sets?)?|[Dd]atasets?|[Mm]ovies?|[Vv]ideos?|[Aa]udio|[Nn]otes?|[Mm]ethods?|[Pp]rotocols?|[Cc]ode|[Ii]nformation|[Mm]aterials?|[Dd]ocuments?|[Ss]preadsheets?)';
/** Words that take a bare number only after a qualifier ("Supplementary Note 2", never "note 2" alone). */
const QUALIFIED_ONLY = /^(?:text|note|method|protocol|code|information|material|document|spreadsheet|data|dataset|audio)/i;
const QUAL = '(?:[Ss]upplementa(?:ry|l)|SUPPLEMENTA(?:RY|L)|[Aa]dditional|ADDITIONAL|[Ss]upporting|[Ee]lectronic[\\s\\u00a0]+[Ss]upplementary)';

function keyWord(word: string): string {
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '');
  for (const [re, key] of WORDS) if (re.test(folded)) return key;
  return 'file';
}

function keyOf(word: string, token: string): string {
  return `supp-${keyWord(word)}-${token.replace(/^S/, '').replace(/^0+(?=\d)/, '')}`;
}

// "Supplementary file 1", "Additional files 2 and 3", "Supplementary Data S1"
const PREFIXED = new RegExp(`(?<![\\p{L}])(${QUAL}${WS}+)(${WORD})${WS}*(?=S?\\d)`, 'gu');
// "Text S1", "File S1", "Data S2", "Movie S1", "Video 2", "Movie 2" (not eLife's "Figure 1—video 1": a figure's own)
const BARE = new RegExp(`(?<![\\p{L}\\d])(?<![-\\u2010-\\u2014\\u2212][\\s\\u00a0]*)(${WORD})${WS}+(?=S?\\d)`, 'gu');
// PLOS "S1 Text", "S2 File", "S1 Dataset", "S3 Video"
const POSTFIX = new RegExp(`(?<![\\w.\\u2014\\u2013-])S(\\d+)${WS}+(${WORD}|Appendix)(?![\\p{L}])`, 'gu');
// Springer "ESM 1"
const ESM = /(?<![\p{L}])ESM[\s\u00a0]?(\d+)(?![\d\p{L}])/gu;

const ITEM = { num: 'S?\\d+', subpanels: false, parens: false } as const;

/** The supplementary words of the languages read, as patterns; null when none of them has any. */
interface LocalWords {
  /** "Zusätzliche Datei 1", "补充材料1": the word, then a noun (group 2; group 1 the word). */
  before: RegExp;
  /** "Material suplementario S2": a noun (group 1), then the word (group 2). */
  after: RegExp;
  headBefore: RegExp;
  headAfter: RegExp;
  /** A heading of the supplementary list: "Material Suplementar", "Zusätzliche Informationen", "补充材料". */
  listHeading: RegExp;
  /** Figure and table words (lower case): those nouns make a float, not material. */
  floats: Set<string>;
}

/** Letters of alphabets that separate words: a word of them does not start inside another ("补充" may follow "见"). */
const NOT_AFTER_LETTER = '(?<![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\d])';
/** Between a supplementary word and its noun: a space, or none after a letter of a script without spaces ("补充材料"). */
const APART = `(?:${WS}+|(?<=\\p{Lo}))`;
const ENGLISH_FLOATS = /^(?:fig|figs|figure|figures|tab|tabs|table|tables)$/;
const locals = new Map<Vocabulary, LocalWords | null>();

function localWords(vocabulary: Vocabulary): LocalWords | null {
  if (locals.has(vocabulary)) return locals.get(vocabulary)!;
  const words = vocabulary.labelWords('supplementary', SUPP_ENGLISH);
  let out: LocalWords | null = null;
  if (vocabulary.words('supplementary').length) {
    const floats = new Set([...vocabulary.words('figure'), ...vocabulary.words('table')].map((w) => w.replace(/\.$/, '').toLowerCase()));
    out = {
      before: new RegExp(`${NOT_AFTER_LETTER}(${words})${APART}(?!S\\d)(\\p{L}+?)${WS}*(?=S?\\d)`, 'gu'),
      after: new RegExp(`(?<![\\p{L}\\d])(\\p{L}+)${WS}+(${words})${WS}*(?=S?\\d)`, 'gu'),
      headBefore: new RegExp(`^(?:${words})${APART}(?!S\\d)(\\p{L}+?)${WS}*(S?\\d+)(?![\\w])`, 'u'),
      headAfter: new RegExp(`^(\\p{L}+)${WS}+(?:${words})${WS}*(S?\\d+)(?![\\w])`, 'u'),
      listHeading: new RegExp(`^(?:\\p{L}+${WS}+(?:${words})|(?:${words})${WS}*\\p{L}+)$`, 'u'),
      floats,
    };
  }
  locals.set(vocabulary, out);
  return out;
}

/** A short supplementary word makes a label only with its noun capitalised: "Ek Dosya 1", not Turkish "Ek olarak 3" ("in addition, 3"). */
function plausibleLabel(word: string, noun: string): boolean {
  const capital = (w: string) => /^[\p{Lu}\p{Lo}]/u.test(w);
  return word.length >= 5 || (capital(word) && capital(noun));
}

/** Whether a heading names the supplementary list: in English, or a noun and a supplementary word of the languages read. */
function isListHeading(text: string, local: LocalWords | null): boolean {
  return LIST_HEADING.test(text) || (local !== null && text.length <= 60 && local.listHeading.test(text));
}

/** A figure or table noun ("Figura", "Tabelle", "图"): the float's own detector reads it. */
function isFloatNoun(local: LocalWords, noun: string): boolean {
  const n = noun.toLowerCase();
  return ENGLISH_FLOATS.test(n) || local.floats.has(n);
}

function push(p: ModelParagraph, word: string, labelStart: number, items: ListItem[], out: XrefMention[], needsTarget = false): void {
  items.forEach((it, i) => {
    out.push({
      ...(needsTarget && !/^S\d/.test(it.token) ? { needsTarget } : {}),
      kind: 'supplementary',
      paragraph: p,
      key: keyOf(word, it.token),
      number: it.number,
      numbersub: it.number,
      full: i === 0 ? { start: labelStart, end: it.number.end } : it.number,
      confidence: 1,
    });
  });
}

export function findSupplementaryMentions(p: ModelParagraph, vocabulary: Vocabulary = ALL_LANGUAGES): XrefMention[] {
  const text = p.text;
  if (!/\d/.test(text)) return [];
  const out: XrefMention[] = [];
  const taken: [number, number][] = [];
  const free = (s: number, e: number) => !taken.some(([a, b]) => s < b && a < e);
  for (const m of allMatches(PREFIXED, text)) {
    const items = parseItems(text, m.index + m[0].length, ITEM);
    if (!items.length) continue;
    push(p, m[2]!, m.index, items, out);
    taken.push([m.index, items[items.length - 1]!.number.end]);
  }
  const local = localWords(vocabulary);
  if (local) {
    for (const [re, noun, word] of [[local.before, 2, 1], [local.after, 1, 2]] as const) {
      for (const m of allMatches(re, text)) {
        if (!free(m.index, m.index + m[0].length) || isFloatNoun(local, m[noun]!) || !plausibleLabel(m[word]!, m[noun]!)) continue;
        const items = parseItems(text, m.index + m[0].length, ITEM);
        if (!items.length) continue;
        // Another language's label without the S of supplementary numbering is read only when its target is there.
        push(p, m[noun]!, m.index, items, out, true);
        taken.push([m.index, items[items.length - 1]!.number.end]);
      }
    }
  }
  for (const m of allMatches(BARE, text)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const items = parseItems(text, m.index + m[0].length, ITEM);
    if (!items.length) continue;
    // "note 2", "data 3" alone are ordinary prose; the S prefix ("Data S1") or a film word makes them material.
    if (QUALIFIED_ONLY.test(m[1]!) && !/^S\d/.test(items[0]!.token)) continue;
    if (/^(?:files?)$/i.test(m[1]!) && !/^S\d/.test(items[0]!.token)) continue;
    push(p, m[1]!, m.index, items, out);
    taken.push([m.index, items[items.length - 1]!.number.end]);
  }
  for (const m of allMatches(POSTFIX, text)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const number = { start: m.index, end: m.index + 1 + m[1]!.length };
    out.push({ kind: 'supplementary', paragraph: p, key: keyOf(m[2]!, m[1]!), number, numbersub: number, full: { start: m.index, end: m.index + m[0].length }, confidence: 1 });
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of allMatches(ESM, text)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const number = { start: m.index + m[0].length - m[1]!.length, end: m.index + m[0].length };
    out.push({ kind: 'supplementary', paragraph: p, key: keyOf('esm', m[1]!), number, numbersub: number, full: { start: m.index, end: number.end }, confidence: 1 });
  }
  return out;
}

// "the article/Supplementary Material", "(see Supporting Information)": the material as a whole, linked to
// the supplementary list. A capital first word; not followed by a number or a float word ("Supplementary
// Information S1", "Supplementary Material Table 2" are the numbered forms above).
const WHOLE = /(?<![\p{L}])(?:Supplementa(?:ry|l)|Supporting|Electronic[\s\u00a0]+[Ss]upplementary|SUPPLEMENTA(?:RY|L))[\s\u00a0]+(?:[Mm]aterials?|[Ii]nformation|MATERIALS?|INFORMATION)(?![\p{L}\d])(?![\s\u00a0]*(?:S?\d|[Ff]ig|[Tt]ab|[Ff]ile|[Dd]ata|[Tt]ext|[Nn]ote|[Mm]ethod|[Vv]ideo|[Mm]ovie|\())/gu;

/** Mentions of the supplementary material as a whole (key supp-list); cross-references.ts keeps them only when the list exists. */
export function findWholeSupplementaryMentions(p: ModelParagraph): XrefMention[] {
  const out: XrefMention[] = [];
  if (!/upplementa|upporting|UPPLEMENTA/.test(p.text)) return out;
  for (const m of allMatches(WHOLE, p.text)) {
    const span = { start: m.index, end: m.index + m[0].length };
    out.push({ kind: 'supplementary', paragraph: p, key: 'supp-list', number: span, numbersub: span, full: span, confidence: 0.8 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- targets

const HEAD_PREFIXED = new RegExp(`^${QUAL}${WS}+(${WORD})${WS}*(S?\\d+)(?![\\w])`, 'u');
const HEAD_BARE = new RegExp(`^(${WORD})${WS}+(S?\\d+)(?![\\w])`, 'u');
const HEAD_POSTFIX = new RegExp(`^S(\\d+)${WS}+(${WORD}|Appendix)(?![\\p{L}])`, 'u');
const HEAD_ESM = /^ESM[\s\u00a0]?(\d+)(?![\d\p{L}])/u;
const TERMINATED = new RegExp(`^${WS}*(?:[.:|,(]|[-\\u2013\\u2014]|$)`);

/** Headings of a supplementary material list. */
const LIST_HEADING = /^(?:(?:supplementa(?:ry|l)|supporting|additional|electronic\s+supplementary)\s+(?:information|materials?|data|files?|digital\s+content)|supplementary\s+materials?\s+(?:figures|and)\b.*|additional\s+files|supplementa(?:ry|l)\s+material|appendix\s+[a-z0-9]\.?\s+supplementary\s+data)\.?$/i;

function head(text: string, local: LocalWords | null): { word: string; token: string; end: number } | null {
  let m = HEAD_PREFIXED.exec(text);
  if (m) return { word: m[1]!, token: m[2]!, end: m[0].length };
  if (local) {
    m = local.headBefore.exec(text) ?? local.headAfter.exec(text);
    if (m && !isFloatNoun(local, m[1]!)) return { word: m[1]!, token: m[2]!, end: m[0].length };
  }
  m = HEAD_POSTFIX.exec(text);
  if (m) return { word: m[2]!, token: m[1]!, end: m[0].length };
  m = HEAD_BARE.exec(text);
  if (m && (/^S\d/.test(m[2]!) || !QUALIFIED_ONLY.test(m[1]!))) return { word: m[1]!, token: m[2]!, end: m[0].length };
  m = HEAD_ESM.exec(text);
  if (m) return { word: 'esm', token: m[1]!, end: m[0].length };
  return null;
}

/**
 * The supplementary list: its heading, or the paragraph right after it when that one only names the
 * material again ("Supplementary Information." under "Electronic supplementary material"), or else the
 * list's only entry when it has exactly one and that one is captioned ("ESM 1. (DOCX 2517 kb)", "Table S1. …
 * Table S5. …"): whatever the text names without a caption of its own can only be in that one file.
 */
function listTarget(heading: ModelParagraph, section: readonly ModelParagraph[], captioned: (p: ModelParagraph) => boolean, local: LocalWords | null): XrefTarget {
  const next = section[0];
  const named = next && next.text.trim().length <= 60 && isListHeading(next.text.trim().replace(/\.$/, ''), local);
  const only = !named && section.length === 1 && captioned(section[0]!) ? section[0]! : null;
  const p = only ?? (named ? next : heading);
  return { key: 'supp-list', type: 'supplementary', label: 'Supplementary material', paragraph: p, start: 0, end: p.text.length, labelEnd: 0, strength: 0 };
}

/**
 * Supplementary captions and list entries, and the list itself (supp-list). `captions` are paragraphs other
 * detectors already took as captions (figures, tables): never supplementary targets, but entries of the list.
 */
export function findSupplementaryTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, captions: ReadonlySet<ModelParagraph> = new Set(), vocabulary: Vocabulary = ALL_LANGUAGES): XrefTarget[] {
  const local = localWords(vocabulary);
  const out: XrefTarget[] = [];
  let inList = false;
  let listHeading: ModelParagraph | null = null;
  let section: ModelParagraph[] = [];
  const own = new Set<ModelParagraph>();
  const closeList = () => {
    if (listHeading) out.push(listTarget(listHeading, section, (p) => captions.has(p) || own.has(p), local));
    listHeading = null;
  };
  for (const p of paragraphs) {
    if (excluded.has(p) || p.part !== 'word/document.xml') continue;
    const trimmed = p.text.trim();
    if (!trimmed) continue;
    // A bold entry the label words above do not know ("S1 Compressed file archive.") is an entry, not a heading.
    if (isHeadingParagraph(p) && !head(trimmed, local) && !captions.has(p) && !(listHeading && /^S\d+[\s\u00a0]/.test(trimmed))) {
      // "Supplementary Information" as a heading of its own right under "Electronic supplementary material".
      if (listHeading && section.length === 0 && trimmed.length <= 60 && isListHeading(trimmed.replace(/\.$/, ''), local)) {
        section.push(p);
        continue;
      }
      closeList();
      inList = isListHeading(trimmed, local);
      if (inList && !out.some((t) => t.key === 'supp-list')) {
        listHeading = p;
        section = [];
      }
      continue;
    }
    if (listHeading) section.push(p);
    if (captions.has(p)) continue;
    const at = leadingSpace(p.text);
    const h = head(p.text.slice(at), local);
    if (!h) continue;
    const labelEnd = at + h.end;
    const terminated = TERMINATED.test(p.text.slice(labelEnd));
    const styled = isCaptionStyle(p);
    const bold = isBold(p, at, labelEnd);
    if (!terminated && !styled && !bold && !inList) continue;
    const key = keyOf(h.word, h.token);
    own.add(p);
    out.push({
      key,
      type: 'supplementary',
      label: p.text.slice(at, labelEnd),
      paragraph: p,
      start: 0,
      end: p.text.length,
      number: key.slice(5),
      labelEnd,
      strength: (styled ? 3 : 0) + (bold ? 2 : 0) + (terminated ? 1 : 0) + (inList ? 1 : 0),
    });
  }
  closeList();
  return out;
}
