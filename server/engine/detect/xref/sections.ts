// Sections: headings as targets (numbered by text "2.1 Methods", "2.1. Methods", or by Word list numbering;
// unnumbered headings are targets by title), and mentions by number ("Section 2.1", "Sec. 3", "Sects. 2
// and 3", "§4", "§§ 2–3") or by name where the text clearly points at a section: "see Materials and
// Methods", "(Methods)", "(Discussion; ...)", "described in the Discussion section". A section name in
// ordinary prose ("the methods we used") is not a mention: the name must be capitalised and sit in one
// of those frames. Other languages' words name sections by number too ("seção 2.1", "Abschnitt 4", "Kapitel 2").
// Keys: sec-2.1 for numbered headings, sec-<slug of title> otherwise.

import type { ModelParagraph } from '../../model/types.ts';
import { allMatches, ownRx, parseItems, WS, type XrefMention, type XrefTarget } from './grammar.ts';
import { normTitle, slug, type Heading } from './headings.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';

export interface SectionTarget extends XrefTarget {
  level: number | null;
}

export function isSectionTarget(t: XrefTarget): t is SectionTarget {
  return t.type === 'section';
}

export function sectionTargets(headings: readonly Heading[]): SectionTarget[] {
  const out: SectionTarget[] = [];
  for (const h of headings) {
    const p = h.paragraph;
    const numbered = h.number !== null && /^\d/.test(h.number);
    const key = numbered ? `sec-${h.number}` : `sec-${slug(h.title)}`;
    out.push({
      key,
      type: 'section',
      label: numbered ? `Section ${h.number}` : h.title.slice(0, 80),
      paragraph: p,
      start: 0,
      end: p.text.length,
      number: numbered ? h.number! : undefined,
      title: h.title,
      labelEnd: 0,
      strength: h.level !== null ? 2 : 1,
      level: h.level,
    });
  }
  return out;
}

/** Index of section names for mentions by name: normalised title → candidate targets, best first. */
export type SectionNameIndex = Map<string, SectionTarget[]>;

export function sectionNameIndex(targets: readonly SectionTarget[]): SectionNameIndex {
  const index: SectionNameIndex = new Map();
  for (const t of targets) {
    const title = t.title ?? '';
    const words = title.split(/\s+/).filter(Boolean).length;
    if (words === 0 || words > 8 || title.length < 4) continue;
    const k = normTitle(title);
    if (!k) continue;
    const list = index.get(k) ?? [];
    list.push(t);
    index.set(k, list);
  }
  for (const list of index.values()) list.sort((a, b) => (a.level ?? 99) - (b.level ?? 99));
  return index;
}

const ENGLISH = '[Ss]ections?|SECTIONS?|[Ss]ects?s?\\.|[Ss]ecs?\\.';
/** "seção 2.1", "sección 3", "Abschnitt 4", "Kapitel 2", "раздел 3": the words of the vocabulary's languages (labels/*.json). */
const numbered = (v: Vocabulary) => ownRx(v, 'sectionMention', () => `(?<![\\p{L}])(?:${ENGLISH}|${v.labelWords('section', new RegExp(`^(?:${ENGLISH})$`))}|§§?)${WS}*`, 'gu');
/** "2.1", "A.2", and Royal Society subsections "6a" (resolved to section 6 when 6a has no heading of its own). */
const SEC_NUM = '(?:\\d+|[A-Z](?=\\.\\d))(?:\\.\\d+)*[a-z]?';

export function findNumberedSectionMentions(p: ModelParagraph, vocabulary: Vocabulary = ALL_LANGUAGES): XrefMention[] {
  const out: XrefMention[] = [];
  const NUMBERED = numbered(vocabulary);
  for (const m of allMatches(NUMBERED, p.text)) {
    const items = parseItems(p.text, m.index + m[0].length, { num: SEC_NUM, subpanels: false, parens: false });
    items.forEach((it, i) => {
      const appendix = /^[A-Z]/.test(it.token);
      out.push({
        kind: appendix ? 'appendix' : 'section',
        paragraph: p,
        key: `${appendix ? 'app' : 'sec'}-${it.token}`,
        number: it.number,
        numbersub: it.number,
        full: i === 0 ? { start: m.index, end: it.number.end } : it.number,
        confidence: 1,
      });
    });
    if (items.length) NUMBERED.lastIndex = Math.max(NUMBERED.lastIndex, items[items.length - 1]!.number.end);
  }
  return out;
}

// Frames that make a capitalised name a section mention. "see" and "(" need a clean end after the name;
// "the ... section" needs the word section.
// 'Section "Related work"' names it in quotes; "described in Materials and Methods" and "detailed under
// Statistical analysis" need a clean end after the name, like "see".
const TRIGGER = new RegExp(
  `(?:(?<![A-Za-z])([Ss]ee|[Ii]n|[Uu]nder)(?:${WS}+also)?(?:${WS}+the)?${WS}+|(\\()|(?<![A-Za-z])([Tt]he)${WS}+|(?<![A-Za-z])([Ss]ection|[Ss]ubsection|[Cc]hapter)${WS}+(?=[‘“'"]))([‘“'"]?)`,
  'g',
);
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*|&/uy;

interface Phrase {
  end: number;
  key: string;
}

/** Longest run of up to 8 words at `at` whose normalised form names a section. */
function longestName(text: string, at: number, index: SectionNameIndex): Phrase | null {
  const ends: number[] = [];
  let pos = at;
  for (let i = 0; i < 8; i++) {
    WORD.lastIndex = pos;
    const w = WORD.exec(text);
    if (!w) break;
    ends.push(pos + w[0].length);
    pos += w[0].length;
    const sp = /^[ \u00a0]/.exec(text.slice(pos, pos + 1));
    if (!sp) break;
    pos += 1;
  }
  for (let k = ends.length; k >= 1; k--) {
    const key = normTitle(text.slice(at, ends[k - 1]));
    if (index.has(key)) return { end: ends[k - 1]!, key };
  }
  return null;
}

export function findNamedSectionMentions(p: ModelParagraph, index: SectionNameIndex): XrefMention[] {
  const out: XrefMention[] = [];
  if (index.size === 0) return out;
  const text = p.text;
  for (const m of allMatches(TRIGGER, text)) {
    const at = m.index + m[0].length;
    if (!/\p{Lu}/u.test(text[at] ?? '')) continue;
    const name = longestName(text, at, index);
    if (!name) continue;
    const quote = m[5] ?? '';
    if (m[4] && !quote) continue;
    // "(PCR)": an acronym in parentheses is the term's abbreviation, even when a heading is named so.
    if (m[2] && /^[\p{Lu}\p{N}-]{2,8}$/u.test(text.slice(at, name.end))) continue;
    let after = text.slice(name.end);
    if (quote) {
      if (!/^[’”'"]/.test(after)) continue;
      after = after.slice(1);
    }
    let ok = false;
    if (m[4]) ok = true;
    else if (m[1] && /^[Ss]ee$/.test(m[1])) ok = new RegExp(`^(?:$|[),;.:\\]]|${WS}+(?:section|for|and|or|in|on|below|above)\\b)`).test(after);
    else if (m[1]) ok = new RegExp(`^(?:$|[),;.:]|${WS}+(?:sections?|below|above)\\b)`).test(after) && !/^\p{Lu}{2,}$/u.test(text.slice(at, name.end));
    else if (m[2]) ok = /^[),;]/.test(after);
    else if (m[3]) ok = new RegExp(`^${WS}+sections?\\b`).test(after);
    if (!ok) continue;
    const candidates = index.get(name.key)!;
    const best = candidates[0]!;
    const tied = candidates.filter((c) => (c.level ?? 99) === (best.level ?? 99));
    out.push({
      kind: 'section',
      paragraph: p,
      key: best.key,
      number: { start: at, end: name.end },
      numbersub: { start: at, end: name.end },
      full: { start: at, end: name.end },
      confidence: tied.length > 1 ? 0.5 : 0.9,
      alternatives: tied.length > 1 ? tied.slice(1).map((c) => c.key) : undefined,
      direct: best,
      byTitle: true,
    });
    TRIGGER.lastIndex = Math.max(TRIGGER.lastIndex, name.end);
  }
  return out;
}
