// The DOI detector: every DOI written in the document (server/references/doi-text.ts finds them) is a match
// linking to doi.org.

import { findDois, trimDoi } from '../../references/doi-text.ts';
import type { DetectContext, MatchCandidate } from './types.ts';

export function detectDois(ctx: DetectContext): MatchCandidate[] {
  if (!ctx.settings.doi) return [];
  const out: MatchCandidate[] = [];
  for (const paragraph of ctx.model.paragraphs) {
    if (paragraph.text.indexOf('10.') < 0) continue;
    for (const d of findDois(paragraph.text)) {
      // A superscript citation right after the DOI ("…figshare.1234567.v2¹⁸") is not part of it.
      const sup = paragraph.pieces.find((pc) => pc.superscript && pc.start > d.start && pc.start < d.end);
      if (sup) {
        const kept = d.doi.length - (d.end - sup.start);
        const doi = trimDoi(d.doi.slice(0, kept));
        if (!/^10\.\d{4,9}\/\S+/.test(doi)) continue;
        d.end = sup.start - (kept - doi.length);
        d.doi = doi;
      }
      out.push({ kind: 'doi', paragraph, start: d.start, end: d.end, status: 'ready', confidence: 1, doi: d.doi });
    }
  }
  return out;
}
