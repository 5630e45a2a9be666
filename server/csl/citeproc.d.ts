// Types for the parts of citeproc-js (package "citeproc", CPAL-1.0 or AGPL-3.0, used unmodified) that
// server/csl calls. The package ships no declarations of its own.
declare module 'citeproc' {
  interface CiteprocSys {
    retrieveLocale(lang: string): string | false;
    retrieveItem(id: string): unknown;
  }
  interface BibliographyMeta {
    entry_ids: string[][];
    bibstart: string;
    bibend: string;
    [key: string]: unknown;
  }
  export class Engine {
    constructor(sys: CiteprocSys, style: string, lang?: string, forceLang?: boolean);
    updateItems(ids: string[]): void;
    makeBibliography(): [BibliographyMeta, string[]] | false;
    setOutputFormat(format: 'html' | 'text' | 'rtf'): void;
    /** Registers the citations in document order; returns [citationID, noteIndex, output] for each. */
    rebuildProcessorState(citations: Array<{ citationID: string; citationItems: Array<{ id: string }>; properties: { noteIndex: number } }>, mode?: 'html' | 'text' | 'rtf', uncitedItemIDs?: string[]): Array<[string, number, string]>;
    /** One citation's output with the processor's current state (disambiguation, numbering). */
    makeCitationCluster(items: Array<{ id: string }>): string;
  }
  const CSL: { Engine: typeof Engine };
  export default CSL;
}
