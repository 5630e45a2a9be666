// Algorithms: captions ("Algorithm 1.", "Algorithm 2:", SEQ Algorithm fields) and mentions ("Algorithm 1",
// "Algorithms 1 and 2", "Alg. 3"), and the words of the manuscript's languages ("Algoritmo 1", "Algorithmus 3",
// "Алгоритм 2", "算法1"). Keys: alg-1. Off by default (HyperlinkSettings.algorithms).

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';
import { findLabelledMentions, findLabelledTargets, kindPerVocabulary } from './labelled.ts';

const ENGLISH = '[Aa]lgorithms?|ALGORITHMS?|Alg\\.';

/** The algorithm kind reading the English words and those of the vocabulary's languages. */
const algorithmKind = kindPerVocabulary((vocabulary) => {
  const other = vocabulary.labelWords('algorithm', new RegExp(`^(?:${ENGLISH})$`));
  return {
    kind: 'algorithm',
    prefix: 'alg',
    display: 'Algorithm',
    words: `${ENGLISH}|${other}`,
    captionWords: `Algorithm|ALGORITHM|${other}`,
    seqNames: ['algorithm', ...ALL_LANGUAGES.seqNames('algorithm')],
  };
});

export function findAlgorithmTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, vocabulary?: Vocabulary): XrefTarget[] {
  return findLabelledTargets(algorithmKind(vocabulary), paragraphs, excluded);
}

export function findAlgorithmMentions(p: ModelParagraph, vocabulary?: Vocabulary): XrefMention[] {
  return findLabelledMentions(algorithmKind(vocabulary), p);
}
