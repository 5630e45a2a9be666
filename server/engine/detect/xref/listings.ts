// Listings: captions ("Listing 2.", "Listing 1:", SEQ Listing fields) and mentions ("Listing 2",
// "Listings 1–3"). Keys: lst-2. Off by default (HyperlinkSettings.listings).

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { findLabelledMentions, findLabelledTargets, type LabelledKind } from './labelled.ts';

const LISTINGS: LabelledKind = {
  kind: 'listing',
  prefix: 'lst',
  display: 'Listing',
  words: '[Ll]istings?|LISTINGS?',
  captionWords: 'Listing|LISTING',
  seqNames: ['listing', 'code'],
};

export function findListingTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>): XrefTarget[] {
  return findLabelledTargets(LISTINGS, paragraphs, excluded);
}

export function findListingMentions(p: ModelParagraph): XrefMention[] {
  return findLabelledMentions(LISTINGS, p);
}
