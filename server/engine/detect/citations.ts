// The citation detector: in-text citations linked to bibliography entries.
//
// Styles: numeric in brackets ("[1]", "[1,2]", "[1–3]": each number is a match, numbers inside a
// range are implied), numeric in parentheses (only in documents that cite that way), superscript
// numbers, and author-year (parenthetical and narrative). citeStyle 'auto' picks the document's style.
//
// citeLinkScope (author-year citations):
//   'author-year' — the link covers the author names and the year: "Smith et al., 2020" in
//                   "(see Smith et al., 2020, p. 5)"; narrative "Smith (2020)" includes the parenthesis.
//   'full'        — the link covers the whole citation item: prefixes such as "see" or "e.g.," and
//                   locators such as ", p. 5" inside the same ";"-separated item of a parenthetical
//                   citation, and the closing parenthesis of a narrative one. Numeric citations keep
//                   one link per number in both scopes.
// citeIncludePages: page locators (", p. 5", ", pp. 3–7") following a year or a bracketed number
//   are included in the link.
// suffixDisambiguationOptIn: a citation "Smith 2020a" where the reference list prints no suffixes
//   is resolved to the first (a), second (b), ... "Smith 2020" entry in list order when opted in;
//   otherwise it is low_confidence with the other entries as alternatives.

import { bracketGroups, groupMatches, parenGroups, refWordGroups } from './citations/numeric.ts';
import { AuthorIndex } from './citations/author-index.ts';
import { chooseStyle, numericEvidence, usesParens } from './citations/choose-citation-form.ts';
import { superscriptGroups, superscriptMatches } from './citations/superscript.ts';
import { authorYearMatches } from './citations/author-year.ts';
import { titleIndex, titleMatches } from './citations/titles.ts';
import { pushAll } from './arrays.ts';
import type { Bibliography, CitationStyle, DetectContext, MatchCandidate } from './types.ts';
import type { ModelParagraph } from '../model/types.ts';

export interface CitationResult {
  style: CitationStyle;
  matches: MatchCandidate[];
  /** The document cites with numbers in parentheses ("(3)" may be a citation). */
  parens: boolean;
}

export function detectCitations(ctx: DetectContext, bib: Bibliography | null): CitationResult {
  const { settings } = ctx;
  if (settings.citeStyle === 'off') return { style: 'off', matches: [], parens: false };
  const paragraphs = ctx.model.paragraphs.filter((p) => !bib?.region.has(p) && p.text.length > 0);
  const index = new AuthorIndex(bib?.entries ?? []);
  const evidence = numericEvidence(paragraphs, bib);

  let style: CitationStyle;
  let authorYear: MatchCandidate[] | null = null;
  const runAuthorYear = () => paragraphs.flatMap((p) => authorYearMatches(p, index, settings, !!bib && !bib.numbered));
  if (settings.citeStyle === 'auto') {
    if (bib && !bib.numbered) style = 'author-year';
    else {
      authorYear = bib ? [] : runAuthorYear();
      style = chooseStyle(evidence, authorYear.filter((m) => m.status !== 'unmatched').length, bib);
    }
  } else style = settings.citeStyle;

  const matches: MatchCandidate[] = [];
  const max = bib?.entries.length ?? 9999;
  const parens = style === 'number' && usesParens(evidence);
  if (style === 'number') {
    for (const p of paragraphs) {
      pushAll(matches, groupMatches(p, bracketGroups(p), bib, settings.citeIncludePages));
      if (parens) pushAll(matches, groupMatches(p, parenGroups(p, max), bib, settings.citeIncludePages));
      if (bib) pushAll(matches, groupMatches(p, refWordGroups(p, max), bib, false));
    }
  } else if (style === 'superscript') {
    for (const p of paragraphs) {
      pushAll(matches, superscriptMatches(p, superscriptGroups(p), bib));
      if (bib) pushAll(matches, groupMatches(p, refWordGroups(p, max), bib, false));
    }
  } else if (style === 'author-year') {
    pushAll(matches, authorYear ?? runAuthorYear());
    pushAll(matches, titleCitations(paragraphs, bib, matches));
  }
  return { style, matches, parens };
}

/** Works named by their title in an author-year document (citations/titles.ts), where no citation already is. */
function titleCitations(paragraphs: readonly ModelParagraph[], bib: Bibliography | null, found: readonly MatchCandidate[]): MatchCandidate[] {
  const index = titleIndex(bib?.entries ?? []);
  if (!index.size) return [];
  const byParagraph = new Map<ModelParagraph, MatchCandidate[]>();
  for (const m of found) byParagraph.set(m.paragraph, [...(byParagraph.get(m.paragraph) ?? []), m]);
  const out: MatchCandidate[] = [];
  for (const p of paragraphs) {
    const taken = byParagraph.get(p) ?? [];
    for (const m of titleMatches(p, index)) if (!taken.some((t) => t.start < m.end && m.start < t.end)) out.push(m);
  }
  return out;
}
