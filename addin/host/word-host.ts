/// <reference types="office-js" />
// The Word implementation of DocumentHost: every Word.run call of the add-in is in this file.
// Office and Word are passed in (the globals by default) so that unit tests can hand in mocks.
import type { ReviewMatch } from '../../shared/contract.ts';
import type { DocumentHost, HostPosition, ReplaceOutcome, RevisionOutcome, SelectHint, SelectOutcome, TrackChangesState } from './host.ts';
import { wordHit, type RevisionPlan } from '../docx/revision-plan.ts';
import { readDocumentBytes, sliceSizeFor, type DocumentLike } from './docx-slices.ts';
import { searchTextFor } from './search-text.ts';
import { locateInBody } from '../docx/locate.ts';
import { REVIEW_NAMESPACE } from '../review/saved-review.ts';
import { PERSISTED_NS } from '../docx/docx-summary.ts';
import { linkRecordParts } from '../docx/link-records.ts';
import { S } from '../strings.ts';
import { themeName, type OfficeThemeLike } from '../boot/theme.ts';

export interface OfficeEnv {
  Office: typeof Office;
  Word: typeof Word;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function globalEnv(): OfficeEnv {
  return { Office: globalThis.Office, Word: globalThis.Word };
}

export class WordHost implements DocumentHost {
  readonly hostName = 'Word' as const;
  private readonly env: OfficeEnv;

  constructor(env?: OfficeEnv, private readonly themePollMs = 2000) {
    this.env = env ?? globalEnv();
  }

  private supports(set: string, version: string): boolean {
    return this.env.Office.context.requirements.isSetSupported(set, version);
  }

  documentName(): string {
    const url = this.env.Office.context.document.url;
    if (!url) return S.host.untitled;
    const last = decodeURIComponent(url.split(/[\\/]/).pop() ?? url);
    return last.split('?')[0] || S.host.untitled;
  }

  getDocx(onProgress?: (done: number, total: number) => void): Promise<Uint8Array> {
    // Office.FileType.Compressed is the DOCX package; the cast bridges Office's enum to the structural type.
    const doc = this.env.Office.context.document as unknown as DocumentLike;
    const size = sliceSizeFor(String(this.env.Office.context.platform ?? ''));
    return readDocumentBytes(doc, this.env.Office.FileType.Compressed as unknown as string, size, onProgress);
  }

  /**
   * Replace in place on WordApi 1.5; otherwise (or when Word refuses) open the output as a new document.
   * The insert's options (styles, custom XML parts) are WordApi 1.6: below it the engine's link records
   * are written back as custom XML parts (WordApi 1.4) after the insert, replacing any older ones.
   */
  async replaceDocument(b64: string): Promise<ReplaceOutcome> {
    let replaceError: string | null = null;
    if (this.supports('WordApi', '1.5')) {
      const withOptions = this.supports('WordApi', '1.6');
      const records = withOptions ? [] : await linkRecordParts(b64).catch(() => []);
      try {
        await this.env.Word.run(async (context) => {
          if (withOptions) context.document.insertFileFromBase64(b64, 'Replace', { importStyles: true, importCustomXmlParts: true });
          else context.document.insertFileFromBase64(b64, 'Replace');
          await context.sync();
          if (records.length === 0) return;
          const old = context.document.customXmlParts.getByNamespace(PERSISTED_NS);
          old.load('items');
          await context.sync();
          for (const p of old.items) p.delete();
          for (const xml of records) context.document.customXmlParts.add(xml);
          await context.sync();
        });
        return { mode: 'replaced', message: S.apply.replaced };
      } catch (e) {
        replaceError = errorText(e);
      }
    }
    await this.env.Word.run(async (context) => {
      context.application.createDocument(b64).open();
      await context.sync();
    });
    return { mode: 'opened-new', message: S.apply.openedNew(replaceError) };
  }

  async trackChanges(): Promise<TrackChangesState> {
    if (!this.supports('WordApi', '1.4')) return 'unsupported';
    return this.env.Word.run(async (context) => {
      context.document.load('changeTrackingMode');
      await context.sync();
      return String(context.document.changeTrackingMode) === 'Off' ? 'off' : 'on';
    });
  }

  async trackChangesMode(): Promise<string | null> {
    if (!this.supports('WordApi', '1.4')) return null;
    return this.env.Word.run(async (context) => {
      context.document.load('changeTrackingMode');
      await context.sync();
      return String(context.document.changeTrackingMode);
    });
  }

  /** Range.hyperlink is WordApi 1.3; insertBookmark and changeTrackingMode are 1.4. */
  canApplyAsRevisions(): boolean {
    return this.supports('WordApi', '1.4');
  }

  /**
   * Each bookmark and link of the plan as its own edit, with Track Changes on as the author has it, so
   * Word records one revision per link: every search is queued and synced once, then every edit is
   * made on its hit and synced once. The engine's link records are written as custom XML parts.
   */
  async applyAsRevisions(plan: RevisionPlan, outputB64: string): Promise<RevisionOutcome> {
    const records = await linkRecordParts(outputB64).catch(() => []);
    return this.env.Word.run(async (context) => {
      const paragraphs = context.document.body.paragraphs;
      paragraphs.load('items/text');
      await context.sync();
      const missed: string[] = [];
      let linksMissed = 0;
      const miss = (text: string, link: boolean) => {
        missed.push(link ? S.revisions.linkMissed(text) : S.revisions.targetMissed(text));
        if (link) linksMissed++;
      };
      const pending: { hits: Word.RangeCollection; k: number; edit: (r: Word.Range) => void; text: string; link: boolean }[] = [];
      const queue = (edit: { paragraph: number; text: string; start: number; k: number }, link: boolean, make: (r: Word.Range) => void) => {
        const p = paragraphs.items[edit.paragraph];
        const k = p ? wordHit(p.text, plan.paragraphs[edit.paragraph] ?? '', edit) : -1;
        if (!p || k < 0) return miss(edit.text, link);
        const hits = p.search(searchTextFor(edit.text), { matchCase: true });
        hits.load('items');
        pending.push({ hits, k, edit: make, text: edit.text, link });
      };
      for (const b of plan.bookmarks) {
        const p = paragraphs.items[b.paragraph];
        if (b.whole && p && p.text === plan.paragraphs[b.paragraph]) p.getRange('Content').insertBookmark(b.name);
        else queue(b, false, (r) => r.insertBookmark(b.name));
      }
      for (const l of plan.links) queue(l, true, (r) => (r.hyperlink = l.address));
      await context.sync();
      for (const p of pending) {
        const hit = p.hits.items[p.k];
        if (hit) p.edit(hit);
        else miss(p.text, p.link);
      }
      if (records.length > 0) {
        const old = context.document.customXmlParts.getByNamespace(PERSISTED_NS);
        old.load('items');
        await context.sync();
        for (const part of old.items) part.delete();
        for (const xml of records) context.document.customXmlParts.add(xml);
      }
      await context.sync();
      return { placed: plan.links.length - linksMissed, missed };
    });
  }

  async turnOffTrackChanges(): Promise<string> {
    if (!this.supports('WordApi', '1.4')) throw new Error(S.trackChanges.cannotTurnOff);
    return this.env.Word.run(async (context) => {
      context.document.load('changeTrackingMode');
      await context.sync();
      const previous = String(context.document.changeTrackingMode);
      context.document.changeTrackingMode = 'Off';
      await context.sync();
      return previous;
    });
  }

  /** TrackAll or TrackMineOnly, as the author had it. */
  async restoreTrackChanges(mode: string): Promise<void> {
    if (!this.supports('WordApi', '1.4')) return;
    await this.env.Word.run(async (context) => {
      context.document.changeTrackingMode = mode as Word.ChangeTrackingMode;
      await context.sync();
    });
  }

  async selectMatch(match: ReviewMatch, hint: SelectHint): Promise<SelectOutcome> {
    const text = searchTextFor(match.sourceText);
    if (!text.trim()) return { found: false, message: S.select.nothing };
    return this.env.Word.run(async (context) => {
      const paragraphs = context.document.body.paragraphs;
      paragraphs.load('items/text');
      await context.sync();
      const where = locateInBody(paragraphs.items.map((p) => p.text), match, hint.map, hint.occurrence);
      if (where.where === 'other-part') return { found: false, message: S.select.otherPart(where.part) };
      if (where.where === 'text-box') return { found: false, message: S.select.textBox };
      if (where.where === 'not-found') return { found: false, message: S.select.notFound(match.sourceText) };
      const inPara = paragraphs.items[where.paragraph]!.search(text, { matchCase: true });
      inPara.load('items');
      await context.sync();
      if (inPara.items.length > where.k) {
        inPara.items[where.k]!.select();
        await context.sync();
        return { found: true };
      }
      // Word's search saw the paragraph differently (fields, hidden text): the same hit among the body's.
      const all = context.document.body.search(text, { matchCase: true });
      all.load('items');
      await context.sync();
      const hit = all.items[Math.min(where.global, all.items.length - 1)];
      if (!hit) return { found: false, message: S.select.notFound(match.sourceText) };
      hit.select();
      await context.sync();
      return { found: true };
    });
  }

  /** Where the selection starts: body paragraph index and UTF-16 offset. */
  async selectionPosition(): Promise<HostPosition | null> {
    return this.env.Word.run(async (context) => {
      const selection = context.document.getSelection();
      const paragraph = selection.paragraphs.getFirst();
      paragraph.load('text');
      const before = paragraph.getRange('Start').expandTo(selection.getRange('Start'));
      before.load('text');
      const upTo = context.document.body.getRange('Start').expandTo(selection.getRange('Start'));
      const preceding = upTo.paragraphs;
      preceding.load('items/text');
      await context.sync();
      const items = preceding.items;
      const last = items[items.length - 1];
      const bodyParagraph = items.length === 0 ? 0 : last && last.text === paragraph.text ? items.length - 1 : items.length;
      return { bodyParagraph, offset: before.text.length, paragraphText: paragraph.text };
    });
  }

  onSelectionChanged(listener: (pos: HostPosition) => void): () => void {
    const { Office: office } = this.env;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handler = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        this.selectionPosition()
          .then((pos) => (pos ? listener(pos) : undefined))
          .catch(() => undefined);
      }, 200);
    };
    office.context.document.addHandlerAsync(office.EventType.DocumentSelectionChanged, handler);
    return () => {
      clearTimeout(timer);
      office.context.document.removeHandlerAsync(office.EventType.DocumentSelectionChanged, { handler });
    };
  }

  /** Custom XML parts are WordApi 1.4: below it the pane keeps only its local copy. */
  async readReviewRecord(): Promise<string | null> {
    if (!this.supports('WordApi', '1.4')) return null;
    return this.env.Word.run(async (context) => {
      const parts = context.document.customXmlParts.getByNamespace(REVIEW_NAMESPACE);
      parts.load('items');
      await context.sync();
      const first = parts.items[0];
      if (!first) return null;
      const xml = first.getXml();
      await context.sync();
      return xml.value;
    });
  }

  async writeReviewRecord(xml: string | null): Promise<boolean> {
    if (!this.supports('WordApi', '1.4')) return false;
    await this.env.Word.run(async (context) => {
      const parts = context.document.customXmlParts.getByNamespace(REVIEW_NAMESPACE);
      parts.load('items');
      await context.sync();
      const [first, ...extra] = parts.items;
      for (const p of extra) p.delete();
      if (xml === null) first?.delete();
      else if (first) first.setXml(xml);
      else context.document.customXmlParts.add(xml);
      await context.sync();
    });
    return true;
  }

  /**
   * Word tells a task pane of no theme change (OfficeThemeChanged is Outlook's event), but
   * Office.context.officeTheme holds the current theme: read every themePollMs while someone listens.
   */
  onThemeChanged(listener: (theme: 'light' | 'dark') => void): () => void {
    const read = () => themeName(this.env.Office.context.officeTheme as OfficeThemeLike | undefined, '');
    let last = read();
    const timer = setInterval(() => {
      const now = read();
      if (now !== last) listener(now);
      last = now;
    }, this.themePollMs);
    return () => clearInterval(timer);
  }

  /** A task pane belongs to one document in Word: nothing else is opened under it. */
  onDocumentOpened(): () => void {
    return () => undefined;
  }
}
