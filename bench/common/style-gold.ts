// The gold of the one-style development manuscripts (../shared/resolver/docs/style/*.gold.json) and what counts as
// detecting their style, for bench:style and bench:style-calibration: one rule, so the two benches score alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentStyleId, resolveStyleId } from '../../server/csl/catalog.ts';

export interface StyleGold {
  cslStyle: string;
  cslId: string;
  acceptCslIds: string[];
  citationFormat: string;
}

/** The gold beside `docx` in `dir`. */
export function readStyleGold(dir: string, docx: string): StyleGold {
  return JSON.parse(readFileSync(join(dir, docx.replace(/\.docx$/, '.gold.json')), 'utf8')) as StyleGold;
}

/** A detected style id is right when it is the gold's style or one it accepts, under their current names, or a
 * dependent style whose parent is one of them. */
export function acceptedStyle(gold: Pick<StyleGold, 'cslId' | 'acceptCslIds'>, id: string | null): boolean {
  if (!id) return false;
  const ok = new Set([gold.cslId, ...gold.acceptCslIds].map(currentStyleId));
  if (ok.has(currentStyleId(id))) return true;
  const r = resolveStyleId(id);
  return !!r && r.via === 'dependent' && ok.has(r.id);
}
