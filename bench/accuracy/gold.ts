// Types of the corpus ground truth (NAME.gold.json, schemaVersion 1; see ../shared/corpus/README.md).

export type GoldKind =
  | 'citation'
  | 'figure'
  | 'table'
  | 'equation'
  | 'section'
  | 'appendix'
  | 'supplementary'
  | 'other';

export const GOLD_KINDS: readonly GoldKind[] = [
  'citation',
  'figure',
  'table',
  'equation',
  'section',
  'appendix',
  'supplementary',
  'other',
];

export interface GoldReference {
  id: string;
  label: string | null;
  number: number | null;
  text: string;
  doi: string | null;
  doiText: string | null;
  doiOffset: number | null;
  title?: string | null;
  year?: string | null;
  firstAuthor?: string | null;
  paragraphIndex: number;
}

export interface GoldMention {
  kind: GoldKind;
  refType?: string;
  text: string;
  rid: string[];
  paragraphIndex: number;
  charOffset: number;
  inTable?: boolean;
  superscript?: boolean;
  expanded?: { text: string; charOffset: number };
}

export interface GoldTarget {
  id: string;
  kind: string;
  label: string | null;
  title?: string | null;
  paragraphIndex: number | null;
}

export interface GoldDoc {
  schemaVersion?: number;
  name: string;
  citationStyle?: string;
  references: GoldReference[];
  mentions: GoldMention[];
  targets: GoldTarget[];
}

/** Length in code points (gold offsets count code points). */
export function cpLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
