// A hand-made mock of the slice of the Word API that WordHost uses: a document held as DOCX bytes
// (exported through getFileAsync slices, replaced by insertFileFromBase64 through an optional lossy
// filter standing in for Word's known losses), body paragraphs with search/select, the selection,
// changeTrackingMode, and hyperlinks and bookmarks set on ranges (recorded with the mode they were made in). Properties must be loaded and synced before they are read, as in Word.
import type { OfficeEnv } from '../../../addin/host/word-host.ts';

export interface MockState {
  bytes: Uint8Array;
  /** Body paragraph texts as Word lists them (text boxes left out). */
  paragraphs: string[];
  trackMode: 'Off' | 'TrackAll' | 'TrackMineOnly';
  supported: Set<string>;
  platform: string;
  /** What Word does to an inserted file (identity by default). */
  onInsert: (bytes: Uint8Array) => Uint8Array;
  inserted: number;
  /** Selected range: [paragraph, UTF-16 start, length]. */
  selected: [number, number, number] | null;
  sliceSizes: number[];
  handlers: (() => void)[];
  /** Custom XML parts by id: [namespace, xml]. */
  customXml: Map<string, [string, string]>;
  /** The options of each insertFileFromBase64 (null: none given). */
  insertOptions: (Record<string, unknown> | null)[];
  /** Each hyperlink set and bookmark inserted on a range, with the Track Changes mode it was made in. */
  edits: { edit: 'hyperlink' | 'bookmark'; paragraph: number; start: number; text: string; value: string; trackMode: MockState['trackMode'] }[];
}

class Loadable {
  private loaded = new Set<string>();
  private pending = new Set<string>();
  constructor(protected readonly owner: MockContext) {
    owner.objects.push(this);
  }
  load(props: string): this {
    for (const p of props.split(',')) this.pending.add(p.trim());
    return this;
  }
  flush(): void {
    for (const p of this.pending) this.loaded.add(p);
    this.pending.clear();
  }
  protected need(prop: string): void {
    if (![...this.loaded].some((l) => l === prop || l.startsWith(`${prop}/`))) throw new Error(`PropertyNotLoaded: ${prop}`);
  }
  /** Properties loaded through a collection ("items/text" loads text on every item). */
  loadedBelow(prefix: string): string[] {
    return [...this.loaded].filter((l) => l.startsWith(`${prefix}/`)).map((l) => l.slice(prefix.length + 1));
  }
  markLoaded(props: string[]): this {
    for (const p of props) this.loaded.add(p);
    return this;
  }
}

class MockRange extends Loadable {
  constructor(ctx: MockContext, private readonly para: number, private readonly start: number, private readonly length: number, private readonly textOverride?: string) {
    super(ctx);
  }
  get text(): string {
    this.need('text');
    return this.textOverride ?? this.owner.state.paragraphs[this.para]!.slice(this.start, this.start + this.length);
  }
  select(): void {
    this.owner.queue(() => (this.owner.state.selected = [this.para, this.start, this.length]));
  }
  private edit(edit: 'hyperlink' | 'bookmark', value: string): void {
    const state = this.owner.state;
    const text = state.paragraphs[this.para]!.slice(this.start, this.start + this.length);
    this.owner.queue(() => state.edits.push({ edit, paragraph: this.para, start: this.start, text, value, trackMode: state.trackMode }));
  }
  set hyperlink(address: string) {
    this.edit('hyperlink', address);
  }
  insertBookmark(name: string): void {
    if (!this.owner.state.supported.has('WordApi 1.4')) throw new Error('ApiNotFound: insertBookmark needs WordApi 1.4');
    this.edit('bookmark', name);
  }
}

function searchHits(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(needle); at >= 0 && needle; at = text.indexOf(needle, at + needle.length)) out.push(at);
  return out;
}

class MockCollection<T extends Loadable> extends Loadable {
  constructor(ctx: MockContext, private readonly make: () => T[]) {
    super(ctx);
  }
  get items(): T[] {
    this.need('items');
    const below = this.loadedBelow('items');
    return this.make().map((item) => item.markLoaded(below));
  }
}

class MockXmlPart extends Loadable {
  constructor(private readonly c: MockContext, readonly id: string) {
    super(c);
  }
  getXml(): { value: string } {
    const out = { value: '' };
    this.c.queue(() => (out.value = this.c.state.customXml.get(this.id)?.[1] ?? ''));
    return out;
  }
  setXml(xml: string): void {
    this.c.queue(() => this.c.state.customXml.set(this.id, [this.c.state.customXml.get(this.id)![0], xml]));
  }
  delete(): void {
    this.c.queue(() => this.c.state.customXml.delete(this.id));
  }
}

let xmlIds = 0;

class MockParagraph extends Loadable {
  constructor(private readonly c: MockContext, readonly index: number) {
    super(c);
  }
  get text(): string {
    this.need('text');
    return this.c.state.paragraphs[this.index]!;
  }
  getRange(where: string): MockRange {
    if (where !== 'Content') throw new Error(`unexpected range location ${where}`);
    return new MockRange(this.c, this.index, 0, this.c.state.paragraphs[this.index]!.length);
  }
  search(needle: string): MockCollection<MockRange> {
    const text = this.c.state.paragraphs[this.index]!;
    const hits = searchHits(text, needle.replace(/\^\^/g, '^'));
    return new MockCollection(this.c, () => hits.map((h) => new MockRange(this.c, this.index, h, needle.length)));
  }
}

export class MockContext {
  readonly objects: Loadable[] = [];
  private queued: (() => void)[] = [];
  syncs = 0;
  constructor(readonly state: MockState) {}
  queue(f: () => void): void {
    this.queued.push(f);
  }
  async sync(): Promise<void> {
    this.syncs++;
    for (const o of this.objects) o.flush();
    const q = this.queued;
    this.queued = [];
    for (const f of q) f();
  }
  get document() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the document's class below reads the context, while its own `this` is the document
    const ctx = this;
    const doc = new (class extends Loadable {
      get changeTrackingMode(): string {
        this.need('changeTrackingMode');
        return ctx.state.trackMode;
      }
      set changeTrackingMode(v: string) {
        ctx.queue(() => (ctx.state.trackMode = v as MockState['trackMode']));
      }
      insertFileFromBase64(b64: string, where: string, options?: Record<string, unknown>): void {
        if (where !== 'Replace') throw new Error(`unexpected location ${where}`);
        // The insert's options are WordApi 1.6, as in Word.
        if (options && !ctx.state.supported.has('WordApi 1.6')) throw new Error('InvalidArgument: insertFileFromBase64 options need WordApi 1.6');
        ctx.queue(() => {
          ctx.state.insertOptions.push(options ?? null);
          ctx.state.bytes = ctx.state.onInsert(new Uint8Array(Buffer.from(b64, 'base64')));
          ctx.state.inserted++;
        });
      }
      get customXmlParts() {
        return {
          getByNamespace: (ns: string) =>
            new MockCollection(ctx, () => [...ctx.state.customXml].filter(([, [n]]) => n === ns).map(([id]) => new MockXmlPart(ctx, id))),
          add: (xml: string) => {
            const ns = /xmlns(?::\w+)?="([^"]+)"/.exec(xml)?.[1] ?? '';
            ctx.queue(() => ctx.state.customXml.set(`part${++xmlIds}`, [ns, xml]));
          },
        };
      }
      get body() {
        const paragraphs = new MockCollection(ctx, () => ctx.state.paragraphs.map((_, i) => new MockParagraph(ctx, i)));
        return {
          paragraphs,
          search: (needle: string) => {
            const all: [number, number][] = [];
            ctx.state.paragraphs.forEach((t, p) => searchHits(t, needle).forEach((h) => all.push([p, h])));
            return new MockCollection(ctx, () => all.map(([p, h]) => new MockRange(ctx, p, h, needle.length)));
          },
        };
      }
    })(ctx);
    return doc;
  }
  get application() {
    return { createDocument: () => ({ open: () => undefined }) };
  }
}

export function mockState(bytes: Uint8Array, paragraphs: string[], extra: Partial<MockState> = {}): MockState {
  return {
    bytes,
    paragraphs,
    trackMode: 'Off',
    supported: new Set(['WordApi 1.1', 'WordApi 1.2', 'WordApi 1.3', 'WordApi 1.4', 'WordApi 1.5']),
    platform: 'OfficeOnline',
    onInsert: (b) => b,
    inserted: 0,
    selected: null,
    sliceSizes: [],
    handlers: [],
    customXml: new Map(),
    insertOptions: [],
    edits: [],
    ...extra,
  };
}

/** Office and Word globals over the mock state, shaped as WordHost expects them. */
export function mockEnv(state: MockState): OfficeEnv & { contexts: MockContext[] } {
  const contexts: MockContext[] = [];
  const office = {
    FileType: { Compressed: 'compressed' },
    EventType: { DocumentSelectionChanged: 'documentSelectionChanged' },
    context: {
      get platform() {
        return state.platform;
      },
      requirements: { isSetSupported: (set: string, v: string) => state.supported.has(`${set} ${v}`) },
      document: {
        url: 'https://example.org/docs/Manuscript%20v2.docx',
        getFileAsync(_type: string, opts: { sliceSize: number }, cb: (r: unknown) => void) {
          state.sliceSizes.push(opts.sliceSize);
          const data = state.bytes.slice();
          const count = Math.max(1, Math.ceil(data.length / opts.sliceSize));
          cb({
            status: 'succeeded',
            value: {
              size: data.length,
              sliceCount: count,
              getSliceAsync: (i: number, done: (r: unknown) => void) =>
                done({ status: 'succeeded', value: { index: i, size: 0, data: Array.from(data.subarray(i * opts.sliceSize, (i + 1) * opts.sliceSize)) } }),
              closeAsync: (done?: () => void) => done?.(),
            },
          });
        },
        addHandlerAsync: (_t: string, h: () => void) => state.handlers.push(h),
        removeHandlerAsync: () => (state.handlers = []),
      },
    },
  };
  const word = {
    run: async <T>(batch: (ctx: MockContext) => Promise<T>): Promise<T> => {
      const ctx = new MockContext(state);
      contexts.push(ctx);
      return batch(ctx);
    },
  };
  return { Office: office as unknown as typeof Office, Word: word as unknown as typeof Word, contexts };
}
