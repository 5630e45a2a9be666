// Marks matches that are found but must not be linked: text inside an existing hyperlink, a
// cross-reference or citation-manager field, math, or the reference list itself; and matches that
// would cross a content-control or paragraph boundary.

import type { Bibliography, MatchCandidate } from '../detect/types.ts';
import { piecesIn } from '../model/queries.ts';
import type { Piece } from '../model/types.ts';
import { explain, type MatchReasonCode } from '../../../shared/reasons.ts';

/** Each hold of the model as a reason code (shared/reasons.ts). */
const HOLD_REASON: Record<string, MatchReasonCode> = {
  'existing-hyperlink': 'existingHyperlink',
  'existing-cross-reference': 'existingCrossReference',
  'citation-manager-field': 'citationManager',
  'field-result': 'fieldResult',
  math: 'math',
};

function sdtChain(piece: Piece): string {
  return piece.containers.filter((c) => c === 'w:sdt' || c === 'w:fldSimple').join('/') + `#${piece.containers.length}`;
}

export function applyHolds(matches: MatchCandidate[], bib: Bibliography | null): void {
  for (const m of matches) {
    const pieces = piecesIn(m.paragraph, m.start, m.end);
    const held = pieces.find((p) => p.hold);
    if (held) {
      m.status = 'held';
      const code = HOLD_REASON[held.hold!];
      if (code) explain(m, code);
      else m.reason = held.hold!;
      continue;
    }
    // Internal links (citations, cross-references) are held in the reference list; a DOI or another identifier links out and is linked there too.
    if (m.kind !== 'doi' && !m.identifier && bib?.region.has(m.paragraph)) {
      m.status = 'held';
      explain(m, 'referenceList');
      continue;
    }
    const sdt = pieces.filter((p) => p.containers.includes('w:sdt'));
    if (sdt.length && (sdt.length !== pieces.length || new Set(sdt.map(sdtChain)).size > 1)) {
      m.status = 'held';
      explain(m, 'contentControl');
    }
  }
}
