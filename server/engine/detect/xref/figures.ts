// Figures: captions ("Figure 1.", "Fig. 1:", "S1 Fig.", "Supplementary Figure 2", eLife "Figure 1—figure
// supplement 1.", "Figure 1—source data 1." and "Figure 1—video 1.", "Appendix 1—figure 2.", SEQ Figure fields) and mentions
// ("Fig. 2b", "Figs. 2 and 3", "Figures 2–4", "Fig. 2A–C", "S1 Fig", "Figure 1—figure supplement 2").
// Keys: fig-3, fig-S1, fig-1-s2, fig-5-sd1, fig-1-v1, fig-app1-2, fig-box-1.

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';
import { findLabelledMentions, findLabelledTargets, kindPerVocabulary, SUPP_ENGLISH } from './labelled.ts';

const ENGLISH = '[Ff]ig(?:ure)?s?\\.?|FIG(?:URE)?S?\\.?';

/** The figure kind reading the English words and those of the vocabulary's languages ("Figura 2", "Abb. 1", "Рис. 3", "图1"). */
const figureKind = kindPerVocabulary((vocabulary) => {
  const other = vocabulary.labelWords('figure', new RegExp(`^(?:${ENGLISH})$`));
  return {
    kind: 'figure',
    prefix: 'fig',
    display: 'Figure',
    words: `${ENGLISH}|${other}`,
    suppWords: vocabulary.labelWords('supplementary', SUPP_ENGLISH),
    captionWords: `Figure|Fig\\.?|FIGURE|FIG\\.?|${other}`,
    seqNames: ['figure', 'fig', ...ALL_LANGUAGES.seqNames('figure')],
    postfixWords: 'Figs?',
    elifeSuffixes: true,
    appendixWord: 'figure',
  };
});

export function findFigureTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, vocabulary?: Vocabulary): XrefTarget[] {
  return findLabelledTargets(figureKind(vocabulary), paragraphs, excluded);
}

export function findFigureMentions(p: ModelParagraph, vocabulary?: Vocabulary): XrefMention[] {
  return findLabelledMentions(figureKind(vocabulary), p);
}
