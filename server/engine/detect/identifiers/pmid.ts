// PubMed IDs: a number is a PMID only behind its label ("PMID: 12345678", "PMID 123", "PubMed ID:
// 123", "[PubMed: 123]"). The number links, the label stays as written.

import { matchesOf, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const PMID_RE = /\b(?:PMID|PubMed(?:\s+ID)?)\s*:?\s*(\d{1,9})(?![\d.\-/]\d)(?!\d)/g;

function findPmids(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(PMID_RE, text)) {
    const id = m[1]!;
    const start = m.index + m[0].length - id.length;
    out.push({ start, end: start + id.length, id, url: `https://pubmed.ncbi.nlm.nih.gov/${id}/` });
  }
  return out;
}

export const pmidFinder: IdentifierFinder = { kind: 'pmid', find: findPmids };
