// Appendices: appendix headings as targets ("Appendix A", "Appendix 1: Derivations", "APPENDIX B. Proofs",
// and lettered subsections "A.1 Details" by typed or automatic number) and mentions ("Appendix A",
// "Appendices A and B", "Appendix 1"), in other languages too ("Anexo A", "Apêndice B", "Anhang C").
// "Appendix 1—figure 2" is a figure mention, not an appendix one.
// Keys: app-A, app-1, app-A.1. Label "Appendix A".

import type { ModelParagraph } from '../../model/types.ts';
import { allMatches, DASH, ownRx, parseItems, WS, type XrefMention, type XrefTarget } from './grammar.ts';
import type { Heading } from './headings.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';

const ENGLISH = 'Appendix|Appendices|APPENDIX|APPENDICES|[Aa]pp\\.|[Aa]ppendix';
/** "Anexo A", "Apêndice B", "Anhang C", "Annexe 1", "Приложение 2": the words of the vocabulary's languages (labels/*.json). */
const other = (v: Vocabulary) => v.labelWords('appendix', new RegExp(`^(?:${ENGLISH})$`));
const head = (v: Vocabulary) => ownRx(v, 'appendixHead', () => `^(?:Appendix|APPENDIX|${other(v)})${WS}+([A-Z]|\\d+|[IVX]+)(?![\\w])(?!${WS}*${DASH}${WS}*(?:figure|table|video|source))`);
const FLOAT_AFTER = new RegExp(`^${WS}*${DASH}${WS}*(?:figure|table|video|source|equation)`, 'i');

/** The appendix headings among `headings`, as targets (each on its heading's paragraph). */
export function appendixTargets(headings: readonly Heading[], vocabulary: Vocabulary = ALL_LANGUAGES): XrefTarget[] {
  const HEAD = head(vocabulary);
  const targets: XrefTarget[] = [];
  let inAppendix = false;
  for (const h of headings) {
    const p = h.paragraph;
    const text = p.text.trim();
    const m = HEAD.exec(text);
    let id: string | null = null;
    if (m) {
      id = m[1]!;
      inAppendix = true;
    } else if (/^(?:Appendix|APPENDIX|Appendices|APPENDICES)\b/.test(text) && h.number && /^[A-Z]$/.test(h.number)) {
      id = h.number;
      inAppendix = true;
    } else if (h.number && /^[A-Z](?:\.\d+)+$/.test(h.number)) {
      id = h.number; // "A.1 Proof of Lemma 2": a lettered subsection belongs to appendix A.
    } else if (inAppendix && h.level !== null && h.level <= 1 && !/^(?:Appendix|APPENDIX)/.test(text)) {
      inAppendix = false;
    }
    if (!id) continue;
    targets.push({
      key: `app-${id}`,
      type: 'appendix',
      label: `Appendix ${id}`,
      paragraph: p,
      start: 0,
      end: p.text.length,
      number: id,
      title: h.title,
      labelEnd: 0,
      strength: h.level !== null ? 2 : 1,
    });
  }
  return targets;
}

const mention = (v: Vocabulary) => ownRx(v, 'appendixMention', () => `(?<![\\p{L}])(?:${ENGLISH}|${other(v)})${WS}+`, 'gu');
const APP_NUM = '(?:[A-Z](?![a-z])(?:\\.\\d+)*|\\d+(?:\\.\\d+)*)';

export function findAppendixMentions(p: ModelParagraph, vocabulary: Vocabulary = ALL_LANGUAGES): XrefMention[] {
  const out: XrefMention[] = [];
  for (const m of allMatches(mention(vocabulary), p.text)) {
    const items = parseItems(p.text, m.index + m[0].length, { num: APP_NUM, subpanels: false, parens: false });
    if (!items.length) continue;
    const last = items[items.length - 1]!;
    if (FLOAT_AFTER.test(p.text.slice(last.number.end))) continue;
    // "Appendix A" as a single capital must not be the article "A" starting a sentence: "Appendix A shows"
    // is fine; "appendix A nice" is too rare to matter.
    items.forEach((it, i) => {
      out.push({
        kind: 'appendix',
        paragraph: p,
        key: `app-${it.token}`,
        number: it.number,
        numbersub: it.number,
        full: i === 0 ? { start: m.index, end: it.number.end } : it.number,
        confidence: 1,
      });
    });
  }
  return out;
}
