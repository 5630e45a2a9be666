// Figures: captions ("Figure 1.", "Fig. 1:", "S1 Fig.", "Supplementary Figure 2", eLife "Figure 1—figure
// supplement 1.", "Figure 1—source data 1." and "Figure 1—video 1.", "Appendix 1—figure 2.", SEQ Figure fields) and mentions
// ("Fig. 2b", "Figs. 2 and 3", "Figures 2–4", "Fig. 2A–C", "S1 Fig", "Figure 1—figure supplement 2").
// Keys: fig-3, fig-S1, fig-1-s2, fig-5-sd1, fig-1-v1, fig-app1-2, fig-box-1.

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { labelWords } from '../labels/vocabulary.ts';
import { findLabelledMentions, findLabelledTargets, type LabelledKind } from './labelled.ts';

const ENGLISH = '[Ff]ig(?:ure)?s?\\.?|FIG(?:URE)?S?\\.?';
/** "Figura 2", "Abb. 1", "Рис. 3", "图1": the words of the other languages (labels/*.json). */
const OTHER = labelWords('figure', new RegExp(`^(?:${ENGLISH})$`));

export const FIGURES: LabelledKind = {
  kind: 'figure',
  prefix: 'fig',
  display: 'Figure',
  words: `${ENGLISH}|${OTHER}`,
  captionWords: `Figure|Fig\\.?|FIGURE|FIG\\.?|${OTHER}`,
  seqNames: ['figure', 'fig', 'abbildung', 'figura'],
  postfixWords: 'Figs?',
  elifeSuffixes: true,
  appendixWord: 'figure',
};

export function findFigureTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>): XrefTarget[] {
  return findLabelledTargets(FIGURES, paragraphs, excluded);
}

export function findFigureMentions(p: ModelParagraph): XrefMention[] {
  return findLabelledMentions(FIGURES, p);
}
