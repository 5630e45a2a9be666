// Parsing and writing XML in tests, through the engine's own reader and writer (server/engine/package):
// a fragment's nodes, a part's bytes and its text.
import type { XmlDocument, XmlNode } from '../../server/engine/package/xml.ts';
import { readXmlNodes } from '../../server/engine/package/xml-reader.ts';
import { serializeXmlTo } from '../../server/engine/package/serialize.ts';

/** The nodes of an XML fragment (no prolog), as the engine reads them. */
export function parseNodes(text: string): XmlNode[] {
  return readXmlNodes(text);
}

/** A part as the engine writes it: UTF-8 bytes. */
export function serializeXml(doc: XmlDocument): Uint8Array {
  const chunks: Uint8Array[] = [];
  serializeXmlTo(doc, (c) => chunks.push(Buffer.from(c)));
  return Buffer.concat(chunks);
}

/** A part as the engine writes it, as text. */
export function buildXml(doc: XmlDocument): string {
  return new TextDecoder().decode(serializeXml(doc));
}
