// The answer of /hyperlink and /hyperlink-apply (the contract's ApplyResult) as UTF-8 JSON bytes, made in
// the engine worker from the linked document's zip pieces.
//
// Why here and not with res.json on the service thread: there the 25 MB synthetic manuscript became a
// copy of the bytes, a 33 MB base64 string, a 33 MB JSON string and a 33 MB buffer of it, about 125 MB
// and tens of milliseconds of the event loop per answer. Here the base64 is written slice by slice
// straight into the one answer buffer (no whole base64 string ever exists), which is then transferred
// to the service thread and sent as it is.

import type { LinkedDocument } from '../engine/index.ts';
import { reasonText, type ReasonCode } from '../../shared/reasons.ts';

/** Input bytes encoded per slice: a multiple of 3, so every slice encodes to whole base64 quads (64 KB of text). */
const SLICE = 3 * 16 * 1024;

const HEAD = Buffer.from('{"docx":"', 'latin1');

/** Writes the base64 of `pieces` (one byte stream) into `out` from `at`; returns the end offset. */
function writeBase64(pieces: readonly Uint8Array[], out: Buffer, at: number): number {
  const carry = Buffer.alloc(3);
  let carried = 0;
  let pos = at;
  for (const piece of pieces) {
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let i = 0;
    if (carried > 0) {
      while (carried < 3 && i < bytes.length) carry[carried++] = bytes[i++]!;
      if (carried < 3) continue;
      pos += out.write(carry.toString('base64'), pos, 'latin1');
      carried = 0;
    }
    const whole = i + Math.floor((bytes.length - i) / 3) * 3;
    for (let at = i; at < whole; at += SLICE) {
      pos += out.write(bytes.toString('base64', at, Math.min(whole, at + SLICE)), pos, 'latin1');
    }
    i = whole;
    while (i < bytes.length) carry[carried++] = bytes[i++]!;
  }
  if (carried > 0) pos += out.write(carry.toString('base64', 0, carried), pos, 'latin1');
  return pos;
}

/**
 * `{"docx":"<base64>", ...the rest of the output}` with `extraWarnings` (the service's own, e.g. the
 * resolver's, as codes: their sentences and codes) after the engine's, as the ApplyResult schema describes it. The buffer owns its memory
 * whole, so it can be transferred.
 */
export function applyResultJson(output: LinkedDocument, extraWarnings: readonly ReasonCode[] = []): Uint8Array {
  const { docx, ...rest } = output;
  const warnings = [...(rest.warnings ?? []), ...extraWarnings.map(reasonText)];
  const warningCodes = [...(rest.warningCodes ?? []), ...extraWarnings];
  const fields = JSON.stringify({ ...rest, ...(warnings.length ? { warnings, warningCodes } : {}) });
  const tail = Buffer.from(fields === '{}' ? '"}' : `",${fields.slice(1)}`, 'utf8');
  const base64Length = Math.ceil(docx.byteLength / 3) * 4;
  const out = Buffer.allocUnsafeSlow(HEAD.length + base64Length + tail.length);
  HEAD.copy(out, 0);
  const end = writeBase64(docx.pieces, out, HEAD.length);
  if (end !== HEAD.length + base64Length) throw new Error(`base64 of the document is ${end - HEAD.length} characters, expected ${base64Length}`);
  tail.copy(out, end);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
