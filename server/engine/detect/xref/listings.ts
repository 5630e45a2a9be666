// Listings: captions ("Listing 2.", "Listing 1:", SEQ Listing fields) and mentions ("Listing 2",
// "Listings 1–3"), and the words of the manuscript's languages ("Listagem 2", "Listado 1", "Листинг 3",
// "代码2"). Keys: lst-2. Off by default (HyperlinkSettings.listings).

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';
import { findLabelledMentions, findLabelledTargets, kindPerVocabulary } from './labelled.ts';

const ENGLISH = '[Ll]istings?|LISTINGS?';

/** The listing kind reading the English words and those of the vocabulary's languages. */
const listingKind = kindPerVocabulary((vocabulary) => {
  const other = vocabulary.labelWords('listing', new RegExp(`^(?:${ENGLISH})$`));
  return {
    kind: 'listing',
    prefix: 'lst',
    display: 'Listing',
    words: `${ENGLISH}|${other}`,
    captionWords: `Listing|LISTING|${other}`,
    seqNames: ['listing', 'code', ...ALL_LANGUAGES.seqNames('listing')],
  };
});

export function findListingTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, vocabulary?: Vocabulary): XrefTarget[] {
  return findLabelledTargets(listingKind(vocabulary), paragraphs, excluded);
}

export function findListingMentions(p: ModelParagraph, vocabulary?: Vocabulary): XrefMention[] {
  return findLabelledMentions(listingKind(vocabulary), p);
}
