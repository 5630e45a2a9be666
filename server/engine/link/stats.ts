// ApplyResult statistics: links written per category, and what the linker did.

import type { MatchKind, StatCategory } from '../../../shared/contract.ts';

export const CATEGORY: Record<MatchKind, StatCategory> = {
  citation: 'citations', figure: 'figures', table: 'tables', equation: 'equations', section: 'sections',
  appendix: 'appendices', algorithm: 'algorithms', listing: 'listings', supplementary: 'supplementary', doi: 'dois',
  url: 'urls', pmid: 'pmids', pmcid: 'pmcids', arxiv: 'arxiv', nct: 'trials', rrid: 'rrids', orcid: 'orcids', handle: 'handles',
};

export function emptyStatCounts(): Record<StatCategory, number> {
  return { citations: 0, figures: 0, tables: 0, equations: 0, sections: 0, appendices: 0, algorithms: 0, listings: 0, supplementary: 0, dois: 0,
    urls: 0, pmids: 0, pmcids: 0, arxiv: 0, trials: 0, rrids: 0, orcids: 0, handles: 0 };
}

export interface LinkStats {
  internalLinks: number;
  externalLinks: number;
  titleLinks: number;
  resolvedWorkLinks: number;
  relinked: number;
  bookmarksCreated: number;
  bookmarksReused: number;
  segments: number;
  partsChanged: string[];
  matches: number;
  decisions: number;
  /** Reference entries rewritten in a CSL style (applyBibRewrite). */
  bibliographyRewritten?: number;
}
