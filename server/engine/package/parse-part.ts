// Which parse a part's bytes get: its encoding checked (UTF-16 converted, invalid bytes and NUL rejected), a
// DTD refused, its tags checked to nest; then a tree kept for editing (lean) of a large part is built element by
// element (parse-large.ts), and everything else, or anything that parse does not expect, is parsed whole.

import { canonicalizeNames } from './namespaces.ts';
import { parseLargeXml, SPLIT_AT } from './parse-large.ts';
import { assertWellFormed, decodePart } from './well-formed.ts';
import { dtdRejected, CompactPool, parseXml, type XmlDocument } from './xml.ts';

const wholeDecoder = new TextDecoder('utf-8');

export interface ParseOptions {
  /**
   * The tree will be kept and edited through linking and writing: build it lean (large parts element
   * by element, every tree compacted). Otherwise the part is parsed whole and left as the parser made
   * it, which is quickest for a tree that is read once (scan).
   */
  lean?: boolean;
}

/** A part from its bytes: lean, large parts element by element (parseLargeXml); others, and anything unusual, whole. */
export function parseXmlBytes(raw: Uint8Array, partName: string, options: ParseOptions = {}): XmlDocument {
  // Encoding (UTF-16 is converted, invalid bytes and NUL rejected), then no DTD, then tags that nest.
  const bytes = decodePart(raw, partName);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.includes('<!DOCTYPE', 0, 'latin1') || buf.includes('<!ENTITY', 0, 'latin1') || /<!doctype|<!entity/i.test(buf.toString('latin1', 0, 4096))) {
    throw dtdRejected(partName);
  }
  assertWellFormed(bytes, partName);
  let doc = options.lean && bytes.length >= SPLIT_AT ? parseLargeXml(bytes) : null;
  doc ??= parseXml(wholeDecoder.decode(bytes), partName, options.lean ? new CompactPool() : null, true);
  canonicalizeNames(doc);
  return doc;
}
