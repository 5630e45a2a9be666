// The add-in's only door to the document. Every Word.run call lives behind it (word-host.ts);
// fake-host.ts serves a DOCX from a URL or file picker for the demo page and browser tests.
import type { ReviewMatch } from '../../shared/contract.ts';

export type HostName = 'Word' | 'Fake';

export interface ReplaceOutcome {
  /** replaced: the open document now holds the output; opened-new: a new document was opened with it;
   *  recorded: the fake host kept it (offered as a download). */
  mode: 'replaced' | 'opened-new' | 'recorded';
  /** What to tell the user, e.g. why a new document was opened instead. */
  message: string;
}

export interface SelectOutcome {
  found: boolean;
  message?: string;
}

export interface DocumentHost {
  readonly hostName: HostName;
  /** A name to show for the document (file name when known). */
  documentName(): string;
  /** The open document as DOCX bytes. */
  getDocx(): Promise<Uint8Array>;
  /** Replaces the open document with this DOCX (base64). */
  replaceDocument(b64: string): Promise<ReplaceOutcome>;
  /** Selects the match's text in the document; `occurrence` is its 0-based index among identical texts. */
  selectMatch(match: ReviewMatch, occurrence: number): Promise<SelectOutcome>;
}
