// The cross-reference kinds, one row each: the setting that gives its mode, the finder of its caption targets
// when it is a float (found before headings: a caption written in bold is not a heading), and the finder of
// its mentions in one paragraph. detectCrossReferences (../cross-references.ts) runs the rows in this order,
// which is also the order mentions of one span are preferred in. A new labelled kind is a module beside this
// one and a row here. Equations, supplementary material, appendices and sections also have targets that depend
// on the others' (equation paragraphs, float paragraphs, headings), read in cross-references.ts.

import type { MatchKind } from '../../../../shared/contract.ts';
import type { IdentifierKind } from '../../../../shared/identifiers.ts';
import type { HyperlinkSettings } from '../../../../shared/settings.ts';
import type { ModelParagraph } from '../../model/types.ts';
import type { Vocabulary } from '../labels/vocabulary.ts';
import { findAlgorithmMentions, findAlgorithmTargets } from './algorithms.ts';
import { findAppendixMentions } from './appendices.ts';
import { findEquationMentions, type BareEquations } from './equations.ts';
import { findFigureMentions, findFigureTargets } from './figures.ts';
import type { XrefMention, XrefModeSetting, XrefTarget } from './grammar.ts';
import { findListingMentions, findListingTargets } from './listings.ts';
import { findNamedSectionMentions, findNumberedSectionMentions, type SectionNameIndex } from './sections.ts';
import { findSupplementaryMentions, findWholeSupplementaryMentions } from './supplementary.ts';
import { findTableMentions, findTableTargets } from './tables.ts';

export type XrefKind = Exclude<MatchKind, 'citation' | 'doi' | IdentifierKind>;

/** What a mention finder may read besides its paragraph: the document's targets and settings, read once. */
export interface MentionContext {
  vocabulary: Vocabulary;
  /** Whether a kind is on (its mode is not 'off'). */
  on: (kind: XrefKind) => boolean;
  bare: BareEquations;
  headingParagraphs: ReadonlySet<ModelParagraph>;
  sectionNames: SectionNameIndex;
}

export interface XrefKindRow {
  kind: XrefKind;
  mode: (settings: HyperlinkSettings) => XrefModeSetting;
  floatTargets?: (paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, vocabulary: Vocabulary) => XrefTarget[];
  /** Runs the finder although the kind is off (numbered mentions serve sections and appendices alike). */
  runs?: (on: MentionContext['on']) => boolean;
  mentions: (p: ModelParagraph, ctx: MentionContext) => XrefMention[];
}

export const XREF_KINDS: readonly XrefKindRow[] = [
  { kind: 'figure', mode: (s) => s.figures, floatTargets: findFigureTargets, mentions: (p, c) => findFigureMentions(p, c.vocabulary) },
  { kind: 'table', mode: (s) => s.tables, floatTargets: findTableTargets, mentions: (p, c) => findTableMentions(p, c.vocabulary) },
  {
    kind: 'equation',
    mode: (s) => s.equations,
    mentions: (p, c) => {
      const labelled = findEquationMentions(p, c.vocabulary);
      return [...labelled, ...c.bare.mentions(p, labelled)];
    },
  },
  { kind: 'algorithm', mode: (s) => s.algorithms, floatTargets: findAlgorithmTargets, mentions: (p) => findAlgorithmMentions(p) },
  { kind: 'listing', mode: (s) => s.listings, floatTargets: findListingTargets, mentions: (p) => findListingMentions(p) },
  {
    kind: 'supplementary',
    mode: (s) => s.supplementary,
    mentions: (p, c) => [...findSupplementaryMentions(p), ...(c.headingParagraphs.has(p) ? [] : findWholeSupplementaryMentions(p))],
  },
  { kind: 'appendix', mode: (s) => s.appendices, mentions: (p, c) => findAppendixMentions(p, c.vocabulary) },
  {
    kind: 'section',
    mode: (s) => s.sections,
    // "Section 2.1" and "Appendix A.2" are both numbered mentions: read when either kind is on, each kept when its own is.
    runs: (on) => on('section') || on('appendix'),
    mentions: (p, c) => [
      ...findNumberedSectionMentions(p, c.vocabulary).filter((m) => c.on(m.kind as XrefKind)),
      ...(c.on('section') && !c.headingParagraphs.has(p) ? findNamedSectionMentions(p, c.sectionNames) : []),
    ],
  },
];
