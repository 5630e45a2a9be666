// Algorithms: captions ("Algorithm 1.", "Algorithm 2:", SEQ Algorithm fields) and mentions ("Algorithm 1",
// "Algorithms 1 and 2", "Alg. 3"). Keys: alg-1. Off by default (HyperlinkSettings.algorithms).

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { findLabelledMentions, findLabelledTargets, type LabelledKind } from './labelled.ts';

const ALGORITHMS: LabelledKind = {
  kind: 'algorithm',
  prefix: 'alg',
  display: 'Algorithm',
  words: '[Aa]lgorithms?|ALGORITHMS?|Alg\\.',
  captionWords: 'Algorithm|ALGORITHM',
  seqNames: ['algorithm'],
};

export function findAlgorithmTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>): XrefTarget[] {
  return findLabelledTargets(ALGORITHMS, paragraphs, excluded);
}

export function findAlgorithmMentions(p: ModelParagraph): XrefMention[] {
  return findLabelledMentions(ALGORITHMS, p);
}
