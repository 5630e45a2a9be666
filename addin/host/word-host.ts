/// <reference types="office-js" />
// The Word implementation of DocumentHost: every Word.run call of the add-in is in this file.
import type { ReviewMatch } from '../../shared/contract.ts';
import type { DocumentHost, ReplaceOutcome, SelectOutcome } from './host.ts';
import { readDocumentBytes, SLICE_SIZE, type DocumentLike } from './docx-slices.ts';
import { occurrenceInParagraph, searchTextFor } from './search-text.ts';

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class WordHost implements DocumentHost {
  readonly hostName = 'Word' as const;

  documentName(): string {
    const url = Office.context.document.url;
    if (!url) return 'Untitled document';
    const last = decodeURIComponent(url.split(/[\\/]/).pop() ?? url);
    return last.split('?')[0] || 'Document';
  }

  getDocx(): Promise<Uint8Array> {
    // Office.FileType.Compressed is the DOCX package; the cast bridges Office's enum to the structural type.
    const doc = Office.context.document as unknown as DocumentLike;
    return readDocumentBytes(doc, Office.FileType.Compressed as unknown as string, SLICE_SIZE);
  }

  /** Replace in place on WordApi 1.5; otherwise (or when Word refuses) open the output as a new document. */
  async replaceDocument(b64: string): Promise<ReplaceOutcome> {
    let replaceError: string | null = null;
    if (Office.context.requirements.isSetSupported('WordApi', '1.5')) {
      try {
        await Word.run(async (context) => {
          context.document.insertFileFromBase64(b64, 'Replace', { importStyles: true, importCustomXmlParts: true });
          await context.sync();
        });
        return { mode: 'replaced', message: 'The document now carries the links. Use Undo to go back.' };
      } catch (e) {
        replaceError = errorText(e);
      }
    }
    await Word.run(async (context) => {
      context.application.createDocument(b64).open();
      await context.sync();
    });
    const why = replaceError
      ? `Word could not replace this document (${replaceError})`
      : 'This version of Word cannot replace a whole document (WordApi 1.5 is missing)';
    return { mode: 'opened-new', message: `${why}, so the linked version was opened as a new document. Save it under a new name.` };
  }

  async selectMatch(match: ReviewMatch, occurrence: number): Promise<SelectOutcome> {
    if (match.location && match.location.part !== 'word/document.xml') {
      return { found: false, message: `This match is in ${match.location.part}, which search cannot reach.` };
    }
    const text = searchTextFor(match.sourceText);
    if (!text.trim()) return { found: false, message: 'Nothing to search for.' };
    return Word.run(async (context) => {
      // First the paragraph the scan located (location.paragraph counts w:p in document order, as
      // body.paragraphs does for the body), then the k-th hit inside it; else the n-th hit in the body.
      if (match.location) {
        const paragraphs = context.document.body.paragraphs;
        paragraphs.load('items');
        await context.sync();
        const paragraph = paragraphs.items[match.location.paragraph];
        if (paragraph) {
          paragraph.load('text');
          const inPara = paragraph.search(text, { matchCase: true });
          inPara.load('items');
          await context.sync();
          if (inPara.items.length > 0) {
            const k = occurrenceInParagraph(paragraph.text, match.sourceText, match.location.start);
            inPara.items[Math.min(k, inPara.items.length - 1)]!.select();
            await context.sync();
            return { found: true };
          }
        }
      }
      const results = context.document.body.search(text, { matchCase: true });
      results.load('items');
      await context.sync();
      if (results.items.length === 0) return { found: false, message: `"${match.sourceText}" was not found in the body.` };
      results.items[Math.min(occurrence, results.items.length - 1)]!.select();
      await context.sync();
      return { found: true };
    });
  }
}
