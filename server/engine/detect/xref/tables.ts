// Tables: captions ("Table 2.", "Table S1:", "S1 Table.", "Supplementary Table 1", "Appendix 1—table 2",
// eLife "Table 1—source data 1",
// SEQ Table fields) and mentions ("Table S1", "Tables 1 and 2", "Tables 1–3", "S2 Table").
// Keys: tab-2, tab-S1, tab-A1, tab-app1-2.

import type { ModelParagraph } from '../../model/types.ts';
import type { XrefMention, XrefTarget } from './grammar.ts';
import { labelWords } from '../labels/vocabulary.ts';
import { findLabelledMentions, findLabelledTargets, type LabelledKind } from './labelled.ts';

const ENGLISH = '[Tt]ables?|TABLES?|Tabs?\\.';
/** "Tabela 1", "Tabla 3", "Tabelle 2", "Tableau 2", "表2": the words of the other languages (labels/*.json). */
const OTHER = labelWords('table', new RegExp(`^(?:${ENGLISH})$`));

export const TABLES: LabelledKind = {
  kind: 'table',
  prefix: 'tab',
  display: 'Table',
  words: `${ENGLISH}|${OTHER}`,
  captionWords: `Table|TABLE|${OTHER}`,
  seqNames: ['table', 'tabelle', 'tabla'],
  postfixWords: 'Tables?',
  elifeSuffixes: true,
  appendixWord: 'table',
};

export function findTableTargets(paragraphs: readonly ModelParagraph[], excluded: Set<ModelParagraph>): XrefTarget[] {
  return findLabelledTargets(TABLES, paragraphs, excluded);
}

export function findTableMentions(p: ModelParagraph): XrefMention[] {
  return findLabelledMentions(TABLES, p);
}
