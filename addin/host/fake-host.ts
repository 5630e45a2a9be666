// A DocumentHost without Office: the "document" is a DOCX fetched from a URL or picked from disk,
// and replacements are recorded (and offered as downloads). Used by the demo page and browser tests,
// which can also edit the document behind the pane's back (`loadBytes`), switch Track Changes on
// (`trackMode`), apply as tracked revisions (`revisions`) and move the "Word" selection (`selectAt`).
import type { ReviewMatch } from '../../shared/contract.ts';
import JSZip from 'jszip';
import type { DocumentHost, HostPosition, ReplaceOutcome, RevisionOutcome, SelectHint, SelectOutcome, TrackChangesState } from './host.ts';
import { base64ToBytes } from '../util/base64.ts';
import { documentText } from '../docx/docx-summary.ts';
import { wordHit, type RevisionPlan } from '../docx/revision-plan.ts';
import { S } from '../strings.ts';

export interface Replacement {
  b64: string;
  bytes: number;
  at: string;
}

export interface Selection {
  refId: string;
  sourceText: string;
  occurrence: number;
}

export class FakeHost implements DocumentHost {
  readonly hostName = 'Fake' as const;
  readonly replacements: Replacement[] = [];
  readonly selections: Selection[] = [];
  trackMode: TrackChangesState = 'off';
  /** The demo page's stand-in for the Office theme (null: as the page started). */
  theme: 'light' | 'dark' | null = null;
  private bytes: Uint8Array | null = null;
  private name = S.host.nothingOpen;
  private listeners = new Set<() => void>();
  private selectionListeners = new Set<(pos: HostPosition) => void>();
  private openedListeners = new Set<() => void>();
  /** Whether this "host" keeps the review record in the document (false: as a host below WordApi 1.4). */
  keepsRecords = true;
  /** Whether this "host" makes links one by one as tracked changes (false: as a host below WordApi 1.4). */
  keepsRevisions = true;
  /** Each apply made as tracked revisions: the plan and the Track Changes mode while it was made. */
  readonly revisions: { plan: RevisionPlan; trackMode: TrackChangesState }[] = [];
  /** The record kept "in the document"; a newly opened file has none (as a file without the part). */
  reviewRecord: string | null = null;

  constructor(private readonly fetchImpl: typeof fetch = (...args) => fetch(...args)) {}

  /** Notified when the document or the recorded replacements change. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  onThemeChanged(listener: (theme: 'light' | 'dark') => void): () => void {
    let last = this.theme;
    return this.subscribe(() => {
      if (this.theme && this.theme !== last) listener(this.theme);
      last = this.theme;
    });
  }

  setTheme(theme: 'light' | 'dark'): void {
    this.theme = theme;
    this.changed();
  }

  hasDocument(): boolean {
    return this.bytes !== null;
  }

  documentName(): string {
    return this.name;
  }

  async loadFromUrl(url: string): Promise<void> {
    const res = await this.fetchImpl(url);
    if (!res.ok) throw new Error(S.errors.loadFailed(url, res.status));
    this.open(new Uint8Array(await res.arrayBuffer()), decodeURIComponent(url.split('/').pop() ?? url));
  }

  async loadFromFile(file: Blob & { name?: string }): Promise<void> {
    this.open(new Uint8Array(await file.arrayBuffer()), file.name ?? 'document.docx');
  }

  /** Another document under the pane: its own (empty) review record. */
  private open(bytes: Uint8Array, name: string): void {
    this.reviewRecord = null;
    this.loadBytes(bytes, name);
    for (const l of this.openedListeners) l();
  }

  /** Replaces the document's bytes as an edit in Word would (the name stays unless given). */
  loadBytes(bytes: Uint8Array, name: string = this.name): void {
    this.bytes = bytes;
    this.name = name;
    this.changed();
  }

  async getDocx(onProgress?: (done: number, total: number) => void): Promise<Uint8Array> {
    if (!this.bytes) throw new Error(S.host.noDocument);
    onProgress?.(1, 1);
    return this.bytes.slice();
  }

  async replaceDocument(b64: string): Promise<ReplaceOutcome> {
    const bytes = base64ToBytes(b64);
    this.replacements.push({ b64, bytes: bytes.length, at: new Date().toISOString() });
    // The next export reads the replaced version, as it would in Word.
    this.bytes = bytes;
    this.changed();
    return { mode: 'recorded', message: S.apply.recorded };
  }

  async selectMatch(match: ReviewMatch, hint: SelectHint): Promise<SelectOutcome> {
    this.selections.push({ refId: match.refId, sourceText: match.sourceText, occurrence: hint.occurrence });
    this.changed();
    return { found: true };
  }

  async trackChanges(): Promise<TrackChangesState> {
    return this.trackMode;
  }

  async trackChangesMode(): Promise<string | null> {
    return this.trackMode === 'unsupported' ? null : this.trackMode;
  }

  canApplyAsRevisions(): boolean {
    return this.keepsRevisions;
  }

  /**
   * Finds every planned edit in the document as it is (a paragraph changed behind the pane's back
   * misses its edits, as in Word); the document then holds apply's output, which is what the edits make.
   */
  async applyAsRevisions(plan: RevisionPlan, outputB64: string): Promise<RevisionOutcome> {
    if (!this.bytes) throw new Error(S.host.noDocument);
    const xml = (await (await JSZip.loadAsync(this.bytes)).file('word/document.xml')?.async('string')) ?? '';
    const now = documentText(xml).paragraphs;
    const missed: string[] = [];
    let linksMissed = 0;
    for (const b of plan.bookmarks) if (wordHit(now[b.paragraph] ?? '', plan.paragraphs[b.paragraph] ?? '', b) < 0) missed.push(S.revisions.targetMissed(b.text));
    for (const l of plan.links) {
      if (wordHit(now[l.paragraph] ?? '', plan.paragraphs[l.paragraph] ?? '', l) >= 0) continue;
      missed.push(S.revisions.linkMissed(l.text));
      linksMissed++;
    }
    this.revisions.push({ plan, trackMode: this.trackMode });
    this.bytes = base64ToBytes(outputB64);
    this.changed();
    return { placed: plan.links.length - linksMissed, missed };
  }

  async turnOffTrackChanges(): Promise<string> {
    const previous = this.trackMode;
    this.trackMode = 'off';
    return previous;
  }

  async restoreTrackChanges(mode: string): Promise<void> {
    if (mode === 'on' || mode === 'off' || mode === 'unsupported') this.trackMode = mode;
  }

  onSelectionChanged(listener: (pos: HostPosition) => void): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  /** Simulates the user putting the cursor in body paragraph `bodyParagraph` at UTF-16 `offset`. */
  selectAt(bodyParagraph: number, offset: number, paragraphText: string): void {
    for (const l of this.selectionListeners) l({ bodyParagraph, offset, paragraphText });
  }

  async readReviewRecord(): Promise<string | null> {
    return this.keepsRecords ? this.reviewRecord : null;
  }

  async writeReviewRecord(xml: string | null): Promise<boolean> {
    if (!this.keepsRecords) return false;
    this.reviewRecord = xml;
    return true;
  }

  onDocumentOpened(listener: () => void): () => void {
    this.openedListeners.add(listener);
    return () => this.openedListeners.delete(listener);
  }
}
