// linkAnalysis (server/engine/link/apply-core.ts) with the linked document joined into one buffer, as the tests
// of the linker read it (the service writes the pieces out without joining them).
import type { ApplyOutput, ReviewDecision } from '../../shared/contract.ts';
import { linkAnalysis, type ApplyOptions, type LinkInput } from '../../server/engine/link/apply-core.ts';
import { joinPieces } from '../../server/engine/package/zip.ts';

export function applyAnalysis(input: LinkInput, bytes: Uint8Array, decisions: ReviewDecision[], options: ApplyOptions = {}): ApplyOutput {
  const out = linkAnalysis(input, bytes, decisions, options);
  return { ...out, docx: joinPieces(out.docx) };
}
