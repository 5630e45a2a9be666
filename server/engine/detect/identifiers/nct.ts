// ClinicalTrials.gov numbers: "NCT" and eight digits ("NCT01234567"), a word of its own.

import { matchesOf, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const NCT_RE = /(?<![\w/])NCT\d{8}(?![\w-]|\.\d)/g;

function findNcts(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(NCT_RE, text)) {
    out.push({ start: m.index, end: m.index + m[0].length, id: m[0], url: `https://clinicaltrials.gov/study/${m[0]}` });
  }
  return out;
}

export const nctFinder: IdentifierFinder = { kind: 'nct', find: findNcts };
