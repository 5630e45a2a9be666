// Research Resource Identifiers: "RRID:" then an authority and its accession ("RRID:AB_2298772",
// "RRID:SCR_002798", "RRID:IMSR_JAX:000664", "RRID: CVCL_0030"). The whole "RRID:..." links; a space
// after the colon is dropped from the identifier.

import { matchesOf, trimTrailing, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const RRID_RE = /\bRRID:\s?([A-Za-z][A-Za-z0-9]*[_:][A-Za-z0-9][A-Za-z0-9_:.-]*)/g;

function findRrids(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(RRID_RE, text)) {
    const accession = trimTrailing(m[1]!).replace(/[-_:]+$/, '');
    if (!/[_:][A-Za-z0-9]/.test(accession)) continue;
    const end = m.index + m[0].length - m[1]!.length + accession.length;
    const id = `RRID:${accession}`;
    out.push({ start: m.index, end, id, url: `https://scicrunch.org/resolver/${id}` });
  }
  return out;
}

export const rridFinder: IdentifierFinder = { kind: 'rrid', find: findRrids };
