// PubMed Central IDs: "PMC" and four to eight digits, a word of its own ("PMCID: PMC1234567" links the ID).

import { matchesOf, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const PMCID_RE = /(?<![\w/])PMC(\d{4,8})(?![\w-]|\.\d)/g;

function findPmcids(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(PMCID_RE, text)) {
    const id = m[0];
    out.push({ start: m.index, end: m.index + id.length, id, url: `https://www.ncbi.nlm.nih.gov/pmc/articles/${id}/` });
  }
  return out;
}

export const pmcidFinder: IdentifierFinder = { kind: 'pmcid', find: findPmcids };
