// What detectors produce: candidate targets (where a link lands) and candidate matches (text that
// links). Detectors are pure functions of the document model and the settings.

import type { MatchKind, MatchStatus, TargetType } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import type { ReferenceRecord } from '../../references/record.ts';
import type { DocumentModel, ModelParagraph } from '../model/types.ts';

export interface TargetCandidate {
  /** Stable key, unique within the document; becomes the targetId (e.g. "bib-12", "fig-3", "sec-2.1"). */
  key: string;
  type: TargetType;
  /** Human label, e.g. "[12]", "Smith et al. 2020", "Figure 3", "Section 2.1". */
  label: string;
  paragraph: ModelParagraph;
  /** Range to bookmark inside the paragraph (usually the whole text). */
  start: number;
  end: number;
  /** Normalised number or letter used to match mentions: "3", "S1", "2.1", "A", "A.2". */
  number?: string;
  /** Heading title (sections, appendices) for mentions by name. */
  title?: string;
  // Bibliography entries:
  refIndex?: number;
  authors?: string[];
  /** Bibliography entries: the first author's family name as read, or null when the entry names none. */
  firstAuthor?: string | null;
  year?: string | null;
  doi?: string | null;
  url?: string | null;
}

export interface MatchCandidate {
  kind: MatchKind;
  paragraph: ModelParagraph;
  start: number;
  end: number;
  /** Key of the proposed target; undefined when none was found. */
  targetKey?: string;
  status: MatchStatus;
  confidence: number;
  reason?: string;
  /** The reason as a code with values (shared/reasons.ts), set with it by explain(). */
  reasonCode?: ReasonCode;
  /** Other plausible target keys, best first. */
  alternatives?: string[];
  /** DOI matches: the normalised DOI. */
  doi?: string;
  /** Identifier matches (url, pmid, ...): the identifier as normalised and the resolver URL it links to. */
  identifier?: { id: string; url: string };
}

/** What the bibliography detector found: entries in order, and the paragraphs the list occupies. */
export interface Bibliography {
  entries: BibEntry[];
  /** Paragraphs of the reference list, including its heading. */
  region: Set<ModelParagraph>;
  /** Whether entries carry numeric labels ("1.", "[1]", or list numbering). */
  numbered: boolean;
}

export interface BibEntry extends TargetCandidate {
  type: 'bibliography';
  refIndex: number;
  /** The entry's printed or computed number (numbered lists). */
  labelNumber: number | null;
  authors: string[];
  /** Surnames of the authors, in order (for author-year matching). */
  surnames: string[];
  year: string | null;
  /** Year without the a/b suffix. */
  baseYear: string | null;
  /** Suffix letter of the year ("a" in 2020a), or null. */
  yearSuffix: string | null;
  titleText: string | null;
  doi: string | null;
  url: string | null;
  text: string;
  /** The label as printed at the start of the paragraph or computed by Word numbering ("1.", "[1]"), or null. */
  printedLabel?: string | null;
  /** The author list is abbreviated with "et al." or has more than two authors. */
  etAl?: boolean;
  /** The entry read once by the reference reader: CSL-JSON item, label, field spans and confidences. */
  record: ReferenceRecord;
}

export interface DetectContext {
  model: DocumentModel;
  settings: HyperlinkSettings;
}

/** Style of in-text citations the document uses. */
export type CitationStyle = 'number' | 'author-year' | 'superscript' | 'off';
