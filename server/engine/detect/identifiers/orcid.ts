// ORCID iDs: sixteen digits in four groups, the last one possibly X, with a valid check digit (ISO 7064
// MOD 11-2), behind the "ORCID" label ("ORCID: 0000-...", "ORCID iD 0000-...": the number links) or
// written "orcid.org/0000-..." (the whole address links). A bare 16-digit group is no ORCID iD.

import { matchesOf, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const ORCID_RE = /(?:\bORCID(?:\s*i[Dd])?\s*:?\s*|(?<![\w/.])orcid\.org\/)(\d{4}-\d{4}-\d{4}-\d{3}[\dX])(?![\w-])/gi;

/** The ISO 7064 MOD 11-2 check of an ORCID iD's sixteenth character. */
function orcidChecksumOk(id: string): boolean {
  const digits = id.replace(/-/g, '');
  let total = 0;
  for (const ch of digits.slice(0, 15)) total = (total + Number(ch)) * 2;
  const result = (12 - (total % 11)) % 11;
  return digits[15]!.toUpperCase() === (result === 10 ? 'X' : String(result));
}

function findOrcids(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(ORCID_RE, text)) {
    const id = m[1]!.toUpperCase();
    if (!orcidChecksumOk(id)) continue;
    const address = /orcid\.org\/$/i.test(m[0].slice(0, m[0].length - id.length));
    const start = address ? m.index : m.index + m[0].length - id.length;
    out.push({ start, end: m.index + m[0].length, id, url: `https://orcid.org/${id}` });
  }
  return out;
}

export const orcidFinder: IdentifierFinder = { kind: 'orcid', find: findOrcids };
