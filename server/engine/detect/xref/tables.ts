// Tables: captions ("Table 2.", "Table S1:", "S1 Table.", "Supplementary Table 1", "Appendix 1—table 2",
// eLife "Table 1—source data 1",
// SEQ Table fields) and mentions ("Table S1", "Tables 1 and 2", "Tables 1–3", "S2 Table").
// Keys: tab-2, tab-S1, tab-A1, tab-app1-2.

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { ALL_LANGUAGES, type Vocabulary } from '../labels/vocabulary.ts';
import { findLabelledMentions, findLabelledTargets, kindPerVocabulary, SUPP_ENGLISH } from './labelled.ts';

const ENGLISH = '[Tt]ables?|TABLES?|Tabs?\\.';

/** The table kind reading the English words and those of the vocabulary's languages ("Tabela 1", "Tabla 3", "Tabelle 2", "表2"). */
const tableKind = kindPerVocabulary((vocabulary) => {
  const other = vocabulary.labelWords('table', new RegExp(`^(?:${ENGLISH})$`));
  return {
    kind: 'table',
    prefix: 'tab',
    display: 'Table',
    words: `${ENGLISH}|${other}`,
    suppWords: vocabulary.labelWords('supplementary', SUPP_ENGLISH),
    captionWords: `Table|TABLE|${other}`,
    seqNames: ['table', ...ALL_LANGUAGES.seqNames('table')],
    postfixWords: 'Tables?',
    elifeSuffixes: true,
    appendixWord: 'table',
  };
});

export function findTableTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>, vocabulary?: Vocabulary): XrefTarget[] {
  return findLabelledTargets(tableKind(vocabulary), paragraphs, excluded);
}

export function findTableMentions(p: ModelParagraph, vocabulary?: Vocabulary): XrefMention[] {
  return findLabelledMentions(tableKind(vocabulary), p);
}
