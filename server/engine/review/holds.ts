// Marks matches that are found but must not be linked: text inside an existing hyperlink, a
// cross-reference or citation-manager field, math, or the reference list itself; and matches that
// would cross a content-control or paragraph boundary.

import type { Bibliography, MatchCandidate } from '../detect/types.ts';
import { piecesIn } from '../model/queries.ts';
import type { Piece } from '../model/types.ts';

const HOLD_REASON_TEXT: Record<string, string> = {
  'existing-hyperlink': 'inside an existing hyperlink',
  'existing-cross-reference': 'inside an existing cross-reference field',
  'citation-manager-field': 'inside a citation managed by Zotero, Mendeley or EndNote',
  'field-result': 'inside a field result (table of contents or index)',
  math: 'inside an equation',
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
      m.reason = HOLD_REASON_TEXT[held.hold!] ?? held.hold!;
      continue;
    }
    // Internal links (citations, cross-references) are held in the reference list; a DOI or another identifier links out and is linked there too.
    if (m.kind !== 'doi' && !m.identifier && bib?.region.has(m.paragraph)) {
      m.status = 'held';
      m.reason = 'inside the reference list';
      continue;
    }
    const sdt = pieces.filter((p) => p.containers.includes('w:sdt'));
    if (sdt.length && (sdt.length !== pieces.length || new Set(sdt.map(sdtChain)).size > 1)) {
      m.status = 'held';
      m.reason = 'crosses a content-control boundary';
    }
  }
}
