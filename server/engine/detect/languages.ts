// The languages of a manuscript, whose label words the detectors read (issue 25, item 2). Three kinds of
// evidence: the language the styles give text by default and the w:lang of runs (what Word's "Language"
// setting writes), and the text itself (the common words of each language in labels/*.json; Cyrillic,
// Han and kana letters). Every language a part of the manuscript is written in counts, so an English
// abstract in a Portuguese paper or a Portuguese abstract in an English one is read with both. English
// label words are read always. A manuscript too short to tell is read with every language, as is one
// whose settings say nothing; the setting `languages` (["pt", "es"]) pins the languages instead.

import type { ManuscriptLanguagesReport } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import { pinnedLanguages } from '../../../shared/settings-values.ts';
import type { DocumentModel, ModelParagraph } from '../model/types.ts';
import { attr, findChild, type XmlNode } from '../package/xml.ts';
import { ALL_LANGUAGES, LANGUAGES, vocabularyOf, type Vocabulary } from './labels/vocabulary.ts';

export interface ManuscriptLanguages {
  /** Languages named by w:lang (styles default and runs), by primary subtag ("pt" of "pt-BR"). */
  declared: string[];
  /** Languages the text is written in (common words, scripts); empty when the text is too short to tell. */
  written: string[];
  /** How the vocabulary was chosen: the setting `languages` (pinned), the manuscript (detected), or none: too short to tell (undetermined, every language). */
  basis: ManuscriptLanguagesReport['basis'];
  /** The label vocabulary the detectors read: the pinned languages, else declared ∪ written, else all. */
  vocabulary: Vocabulary;
}

/** The scan packet's `languages`: the languages read (the vocabulary's, then English), what told them and how they were chosen. */
export function languagesReport(l: ManuscriptLanguages): ManuscriptLanguagesReport {
  return { read: [...l.vocabulary.codes, 'en'], declared: [...l.declared], written: [...l.written], basis: l.basis };
}

const ENGLISH_COMMON = new Set(['the', 'and', 'of', 'with', 'that', 'this', 'were', 'was', 'are', 'from', 'which', 'these', 'been', 'have', 'has', 'not', 'also', 'between', 'their', 'than']);
/** Each common word and the languages it is common in ("en" for English). */
const COMMON = new Map<string, string[]>();
for (const [lang, words] of [['en', [...ENGLISH_COMMON]] as const, ...LANGUAGES.map((l) => [l.language, l.common] as const)]) {
  for (const w of words) COMMON.set(w, [...(COMMON.get(w) ?? []), lang]);
}
const KNOWN = new Set(LANGUAGES.map((l) => l.language));

/** A paragraph is told when it holds this many common words, the most of one language and half as many again as the next. */
const MIN_PARAGRAPH_HITS = 6;
/** A language counts when its paragraphs hold this many words (an abstract) or this share of the told words. */
const MIN_WORDS_WRITTEN = 120;
const MIN_SHARE = 0.1;
/** A manuscript shorter than this is read with every language. */
const MIN_WORDS = 400;
/** How much text is read: enough to find an abstract in another language, bounded for 25 MB manuscripts. */
const MAX_CHARS = 150_000;
const MAX_TAGGED_PARAGRAPHS = 3000;

const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Common-word hits per language of the paragraph being told, reused from paragraph to paragraph. */
const hits = new Map<string, number>();

/**
 * The language of one paragraph by its common words ("en" for English), or null when it does not tell: the
 * language with the most hits, when it has at least MIN_PARAGRAPH_HITS and half as many again as the next
 * (two languages with as many hits tell nothing, whichever came first).
 */
function paragraphLanguage(words: readonly string[]): string | null {
  hits.clear();
  for (const w of words) {
    const langs = COMMON.get(w);
    if (langs) for (const lang of langs) hits.set(lang, (hits.get(lang) ?? 0) + 1);
  }
  let top: string | null = null;
  let most = 0;
  let next = 0;
  for (const [lang, n] of hits) {
    if (n > most) { next = most; most = n; top = lang; }
    else if (n > next) next = n;
  }
  if (top === null || most < MIN_PARAGRAPH_HITS || most < next * 1.5) return null;
  return top;
}

const LETTERS = /\p{L}+/gu;

/**
 * Languages the text is written in: each paragraph told by its common words, a language counting when its
 * paragraphs make an abstract's worth of text or a tenth of the told text; the scripts of Russian, Chinese
 * and Japanese.
 */
function writtenLanguages(paragraphs: readonly ModelParagraph[]): string[] {
  const wordsOf = new Map<string, number>();
  let told = 0;
  let chars = 0;
  let cyrillic = 0;
  let han = 0;
  let kana = 0;
  for (const p of paragraphs) {
    if (chars > MAX_CHARS) break;
    const text = p.text;
    chars += text.length;
    const words = text.toLowerCase().match(LETTERS) ?? [];
    const lang = paragraphLanguage(words);
    if (lang) {
      wordsOf.set(lang, (wordsOf.get(lang) ?? 0) + words.length);
      told += words.length;
    }
    if (!OTHER_SCRIPT.test(text)) continue;
    cyrillic += text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
    han += text.match(/\p{Script=Han}/gu)?.length ?? 0;
    kana += text.match(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  }
  const out = new Set<string>();
  for (const [lang, n] of wordsOf) if (lang !== 'en' && (n >= MIN_WORDS_WRITTEN || n >= told * MIN_SHARE)) out.add(lang);
  if (cyrillic >= 200) out.add('ru');
  if (kana >= 20) out.add('ja');
  else if (han >= 40) out.add('zh');
  return LANGUAGES.map((l) => l.language).filter((l) => out.has(l));
}

/** "pt" of "pt-BR", lower-cased. */
function primarySubtag(tag: string): string {
  const dash = tag.indexOf('-');
  return (dash < 0 ? tag : tag.slice(0, dash)).toLowerCase();
}

/** Counts the primary subtags of the w:lang values (w:val) of a paragraph's text runs ("pt" of "pt-BR"). */
function runLanguages(p: ModelParagraph, out: Map<string, number>): void {
  let last: XmlNode | null = null;
  for (const piece of p.pieces) {
    if (piece.run === last || piece.kind !== 'text') continue;
    last = piece.run;
    const rPr = findChild(piece.run, 'w:rPr');
    const lang = rPr && findChild(rPr, 'w:lang');
    const val = lang && attr(lang, 'w:val');
    if (!val) continue;
    const code = primarySubtag(val);
    out.set(code, (out.get(code) ?? 0) + 1);
  }
}

/** Languages the document declares: the styles' default, and those of at least 2% of the tagged runs. */
function declaredLanguages(model: DocumentModel): string[] {
  const counts = new Map<string, number>();
  const main = model.paragraphs.filter((p) => p.part === 'word/document.xml');
  const step = Math.max(1, Math.ceil(main.length / MAX_TAGGED_PARAGRAPHS));
  for (let i = 0; i < main.length; i += step) runLanguages(main[i]!, counts);
  const tagged = [...counts.values()].reduce((a, b) => a + b, 0);
  const out = new Set<string>();
  const base = model.defaultLanguage?.toLowerCase().split('-')[0];
  if (base) out.add(base);
  for (const [code, n] of counts) if (n >= tagged * 0.02) out.add(code);
  return [...out].filter((c) => KNOWN.has(c) || c === 'en');
}

/** The languages of the manuscript, and the vocabulary the detectors read. */
export function manuscriptLanguages(model: DocumentModel, settings: HyperlinkSettings): ManuscriptLanguages {
  const pinned = pinnedLanguages(settings);
  const main = model.paragraphs.filter((p) => p.part === 'word/document.xml');
  const declared = declaredLanguages(model);
  const written = writtenLanguages(main);
  if (pinned) return { declared, written, basis: 'pinned', vocabulary: vocabularyOf(pinned) };
  // Too little text to tell: every language, as before languages were told apart.
  if (wordCount(main) < MIN_WORDS) return { declared, written, basis: 'undetermined', vocabulary: ALL_LANGUAGES };
  const codes = [...new Set([...declared, ...written])];
  return { declared, written, basis: 'detected', vocabulary: vocabularyOf(codes) };
}

function wordCount(paragraphs: readonly ModelParagraph[]): number {
  let n = 0;
  for (const p of paragraphs) {
    n += p.text.split(/\s+/).filter(Boolean).length;
    if (n >= MIN_WORDS) break;
  }
  return n;
}
