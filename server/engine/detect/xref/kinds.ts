// The cross-reference kinds, one row each: the setting that gives its mode, the finder of its targets and
// the stage it runs in, and the finder of its mentions. detectCrossReferences (../cross-references.ts) runs
// the rows with one loop per stage and one for mentions, in this order, which is also the order mentions of
// one span are preferred in. A new kind is a module beside this one and a row here.
//
// Target stages, in order:
//   caption   - float captions (figures, tables, algorithms, listings); found first: a caption written in
//               bold is not a heading;
//   paragraph - other paragraphs that are targets (equations, supplementary captions and the supplementary
//               list); they may read the captions found;
//   heading   - headings no earlier stage claimed (appendices, then sections); each row reads the headings
//               the rows before it left.

import type { MatchKind } from '../../../../shared/contract.ts';
import type { IdentifierKind } from '../../../../shared/identifiers.ts';
import type { HyperlinkSettings } from '../../../../shared/settings.ts';
import type { ModelParagraph } from '../../model/types.ts';
import type { Vocabulary } from '../labels/vocabulary.ts';
import { findAlgorithmMentions, findAlgorithmTargets } from './algorithms.ts';
import { appendixTargets, findAppendixMentions } from './appendices.ts';
import { BareEquations, findEquationMentions, findEquationTargets } from './equations.ts';
import { findFigureMentions, findFigureTargets } from './figures.ts';
import type { XrefMention, XrefModeSetting, XrefTarget } from './grammar.ts';
import type { Heading } from './headings.ts';
import { findListingMentions, findListingTargets } from './listings.ts';
import { findNamedSectionMentions, findNumberedSectionMentions, isSectionTarget, sectionNameIndex, sectionTargets } from './sections.ts';
import { findSupplementaryMentions, findSupplementaryTargets, findWholeSupplementaryMentions } from './supplementary.ts';
import { findTableMentions, findTableTargets } from './tables.ts';

export type XrefKind = Exclude<MatchKind, 'citation' | 'doi' | IdentifierKind>;

export const TARGET_STAGES = ['caption', 'paragraph', 'heading'] as const;
type TargetStage = (typeof TARGET_STAGES)[number];

/** What a target finder may read: the document, and what the stages before its own found. */
export interface TargetContext {
  paragraphs: readonly ModelParagraph[];
  /** Reference-list paragraphs: never targets. */
  excluded: Set<ModelParagraph>;
  vocabulary: Vocabulary;
  /** Paragraphs the caption stage took. */
  captions: ReadonlySet<ModelParagraph>;
  /** In the heading stage: the headings no earlier stage or row claimed. */
  headings: readonly Heading[];
}

/** What a mention finder may read besides its paragraphs: the document's targets and settings, read once. */
export interface MentionContext {
  vocabulary: Vocabulary;
  /** Whether a kind is on (its mode is not 'off'). */
  on: (kind: XrefKind) => boolean;
  /** Every target found, of kinds that are off too. */
  targets: readonly XrefTarget[];
  headingParagraphs: ReadonlySet<ModelParagraph>;
  /** The document cites with numbers in parentheses: a bare "(3)" is an equation only in an equation's context. */
  parenCitations: boolean;
}

export interface XrefKindRow {
  kind: XrefKind;
  mode: (settings: HyperlinkSettings) => XrefModeSetting;
  stage: TargetStage;
  targets: (ctx: TargetContext) => XrefTarget[];
  /** Whether a target takes its paragraph from later stages (default: every target does). */
  claims?: (target: XrefTarget) => boolean;
  /** Runs the finder although the kind is off (numbered mentions serve sections and appendices alike). */
  runs?: (on: MentionContext['on']) => boolean;
  /** The finder of mentions in one paragraph, made once per document. */
  mentions: (ctx: MentionContext) => (p: ModelParagraph) => XrefMention[];
}

export const XREF_KINDS: readonly XrefKindRow[] = [
  {
    kind: 'figure',
    mode: (s) => s.figures,
    stage: 'caption',
    targets: (t) => findFigureTargets(t.paragraphs, t.excluded, t.vocabulary),
    mentions: (c) => (p) => findFigureMentions(p, c.vocabulary),
  },
  {
    kind: 'table',
    mode: (s) => s.tables,
    stage: 'caption',
    targets: (t) => findTableTargets(t.paragraphs, t.excluded, t.vocabulary),
    mentions: (c) => (p) => findTableMentions(p, c.vocabulary),
  },
  {
    kind: 'equation',
    mode: (s) => s.equations,
    stage: 'paragraph',
    targets: (t) => findEquationTargets(t.paragraphs, t.excluded),
    mentions: (c) => {
      const bare = new BareEquations(c.targets.filter((t) => t.type === 'equation'), c.parenCitations);
      return (p) => {
        const labelled = findEquationMentions(p, c.vocabulary);
        return [...labelled, ...bare.mentions(p, labelled)];
      };
    },
  },
  {
    kind: 'algorithm',
    mode: (s) => s.algorithms,
    stage: 'caption',
    targets: (t) => findAlgorithmTargets(t.paragraphs, t.excluded, t.vocabulary),
    mentions: (c) => (p) => findAlgorithmMentions(p, c.vocabulary),
  },
  {
    kind: 'listing',
    mode: (s) => s.listings,
    stage: 'caption',
    targets: (t) => findListingTargets(t.paragraphs, t.excluded, t.vocabulary),
    mentions: (c) => (p) => findListingMentions(p, c.vocabulary),
  },
  {
    kind: 'supplementary',
    mode: (s) => s.supplementary,
    stage: 'paragraph',
    targets: (t) => findSupplementaryTargets(t.paragraphs, t.excluded, t.captions, t.vocabulary),
    // The supplementary list is often a heading's paragraph: it leaves the heading to the heading stage.
    claims: (target) => target.key !== 'supp-list',
    mentions: (c) => (p) => [...findSupplementaryMentions(p, c.vocabulary), ...(c.headingParagraphs.has(p) ? [] : findWholeSupplementaryMentions(p))],
  },
  {
    kind: 'appendix',
    mode: (s) => s.appendices,
    stage: 'heading',
    targets: (t) => appendixTargets(t.headings, t.vocabulary),
    mentions: (c) => (p) => findAppendixMentions(p, c.vocabulary),
  },
  {
    kind: 'section',
    mode: (s) => s.sections,
    stage: 'heading',
    targets: (t) => sectionTargets(t.headings),
    // "Section 2.1" and "Appendix A.2" are both numbered mentions: read when either kind is on, each kept when its own is.
    runs: (on) => on('section') || on('appendix'),
    mentions: (c) => {
      const names = sectionNameIndex(c.targets.filter(isSectionTarget));
      const named = c.on('section');
      return (p) => [
        ...findNumberedSectionMentions(p, c.vocabulary).filter((m) => c.on(m.kind as XrefKind)),
        ...(named && !c.headingParagraphs.has(p) ? findNamedSectionMentions(p, names) : []),
      ];
    },
  },
];
