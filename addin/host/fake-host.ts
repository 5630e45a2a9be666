// A DocumentHost without Office: the "document" is a DOCX fetched from a URL or picked from disk,
// and replacements are recorded (and offered as downloads). Used by the demo page and browser tests.
import type { ReviewMatch } from '../../shared/contract.ts';
import type { DocumentHost, ReplaceOutcome, SelectOutcome } from './host.ts';
import { base64ToBytes } from '../util/base64.ts';

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
  private bytes: Uint8Array | null = null;
  private name = 'No document';
  private listeners = new Set<() => void>();

  constructor(private readonly fetchImpl: typeof fetch = (...args) => fetch(...args)) {}

  /** Notified when the document or the recorded replacements change. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  hasDocument(): boolean {
    return this.bytes !== null;
  }

  documentName(): string {
    return this.name;
  }

  async loadFromUrl(url: string): Promise<void> {
    const res = await this.fetchImpl(url);
    if (!res.ok) throw new Error(`Could not load ${url}: HTTP ${res.status}`);
    this.loadBytes(new Uint8Array(await res.arrayBuffer()), decodeURIComponent(url.split('/').pop() ?? url));
  }

  async loadFromFile(file: Blob & { name?: string }): Promise<void> {
    this.loadBytes(new Uint8Array(await file.arrayBuffer()), file.name ?? 'document.docx');
  }

  loadBytes(bytes: Uint8Array, name: string): void {
    this.bytes = bytes;
    this.name = name;
    this.changed();
  }

  async getDocx(): Promise<Uint8Array> {
    if (!this.bytes) throw new Error('Open a DOCX first (file picker above).');
    return this.bytes.slice();
  }

  async replaceDocument(b64: string): Promise<ReplaceOutcome> {
    const bytes = base64ToBytes(b64);
    this.replacements.push({ b64, bytes: bytes.length, at: new Date().toISOString() });
    // The next scan reads the linked version, as it would in Word.
    this.bytes = bytes;
    this.name = this.name.replace(/(\.docx)?$/i, '.linked.docx');
    this.changed();
    return { mode: 'recorded', message: 'Demo mode: the linked document is ready to download.' };
  }

  async selectMatch(match: ReviewMatch, occurrence: number): Promise<SelectOutcome> {
    this.selections.push({ refId: match.refId, sourceText: match.sourceText, occurrence });
    this.changed();
    return { found: true, message: `Demo mode: would select "${match.sourceText}" (occurrence ${occurrence + 1}).` };
  }
}
