// The add-in's only door to the document. Every Word.run call lives behind it (word-host.ts);
// fake-host.ts serves a DOCX from a URL or file picker for the demo page and browser tests.
import type { ReviewMatch } from '../../shared/contract.ts';
import type { ParagraphMap } from '../docx/paragraph-map.ts';
import type { RevisionPlan } from '../docx/revision-plan.ts';

type HostName = 'Word' | 'Fake';

export interface ReplaceOutcome {
  /** replaced: the open document now holds the output; opened-new: a new document was opened with it;
   *  recorded: the fake host kept it (offered as a download); revisions: the links were made one by one, each a tracked change. */
  mode: 'replaced' | 'opened-new' | 'recorded' | 'revisions';
  /** What to tell the user, e.g. why a new document was opened instead. */
  message: string;
}

export interface SelectOutcome {
  found: boolean;
  message?: string;
}

/** Track Changes as the host reports it; unsupported: the host cannot tell (WordApi 1.4 missing). */
export type TrackChangesState = 'off' | 'on' | 'unsupported';

/** What applying as tracked revisions made: links placed, and each edit that could not be placed, in words. */
export interface RevisionOutcome {
  placed: number;
  missed: string[];
}

/** Where the user's selection starts, in Word's terms (body paragraph, UTF-16 offset). */
export interface HostPosition {
  bodyParagraph: number;
  /** UTF-16 offset of the selection start inside the paragraph's text. */
  offset: number;
  paragraphText: string;
}

/** What the pane knows that helps find a match: its index among identical texts and the paragraph map. */
export interface SelectHint {
  occurrence: number;
  map: ParagraphMap | null;
}

export interface DocumentHost {
  readonly hostName: HostName;
  /** A name to show for the document (file name when known). */
  documentName(): string;
  /** The open document as DOCX bytes; progress in slices read. */
  getDocx(onProgress?: (done: number, total: number) => void): Promise<Uint8Array>;
  /** Replaces the open document with this DOCX (base64). */
  replaceDocument(b64: string): Promise<ReplaceOutcome>;
  /** Selects the match's text in the document. */
  selectMatch(match: ReviewMatch, hint: SelectHint): Promise<SelectOutcome>;
  /** Whether Track Changes is on (a whole-body replace would become one revision). */
  trackChanges(): Promise<TrackChangesState>;
  /** The Track Changes mode in the host's own name (for restoreTrackChanges); null when the host cannot tell. */
  trackChangesMode(): Promise<string | null>;
  /** Turns Track Changes off; resolves to the mode it was in (the host's own name), for restoreTrackChanges. */
  turnOffTrackChanges(): Promise<string>;
  /** Puts back the mode turnOffTrackChanges found. */
  restoreTrackChanges(mode: string): Promise<void>;
  /** Whether this host can make apply's links one by one, each a tracked change (WordApi 1.4: bookmarks, Track Changes). */
  canApplyAsRevisions(): boolean;
  /** Makes the plan's bookmarks and links in the open document while Track Changes records them, and keeps the engine's link records. */
  applyAsRevisions(plan: RevisionPlan, outputB64: string): Promise<RevisionOutcome>;
  /** Calls back when the user moves the selection in the document; returns the unsubscribe. */
  onSelectionChanged(listener: (pos: HostPosition) => void): () => void;
  /** The pane's review record kept in the document (custom XML part of REVIEW_NAMESPACE), or null. */
  readReviewRecord(): Promise<string | null>;
  /** Keeps the record in the document (null removes it); false when this host cannot keep one there. */
  writeReviewRecord(xml: string | null): Promise<boolean>;
  /** Calls back when another document is opened under the pane (the demo's file picker); returns the unsubscribe. */
  onDocumentOpened(listener: () => void): () => void;
  /** Calls back when the Office theme turns light or dark while the pane is open; returns the unsubscribe. */
  onThemeChanged(listener: (theme: 'light' | 'dark') => void): () => void;
}
