// Serialises a parsed part straight into UTF-8 chunks.
//
// Why not fast-xml-parser's builder for output: it builds the whole part as one string by recursive
// concatenation, which on a 10 MB document.xml costs hundreds of MB of transient strings. This
// writer emits exactly the same text (checked against the builder on every corpus part) in 64 KB
// pieces, so apply stays within its memory budget. Text and attribute values are raw XML already
// (processEntities is off), so nothing is escaped here.

import { documentName, type PrefixMap } from './namespaces.ts';
import type { XmlDocument, XmlNode } from './xml.ts';

const FLUSH_AT = 64 * 1024;
/** Characters of markup gathered before they are encoded into the buffer. */
const PENDING_MAX = 4 * 1024;

/**
 * Gathers the strings of a few kilobytes of markup, encodes them into one reused buffer in one write, and
 * emits the buffer when nearly full, so no string is held for long: a pending string of at most PENDING_MAX
 * characters (concatenating a whole part into one string built a tree of cons strings that outlived
 * young-generation collections: 14 MB promoted per 10 MB part), and a buffer write per few kilobytes rather
 * than per tag (a write per tag made the writes a third of serialising). Each emitted chunk is valid only
 * during the call.
 */
class ChunkWriter {
  private readonly buffer = Buffer.allocUnsafe(FLUSH_AT + 16 * 1024);
  private used = 0;
  private pending = '';

  constructor(private readonly emit: (chunk: Uint8Array) => void) {}

  write(s: string): void {
    this.pending += s;
    if (this.pending.length >= PENDING_MAX) this.encode();
  }

  /** Encodes the pending text into the buffer (a UTF-16 code unit takes at most 3 bytes in UTF-8). */
  private encode(): void {
    const s = this.pending;
    this.pending = '';
    if (this.used + s.length * 3 > this.buffer.length) {
      this.flushBuffer();
      if (s.length * 3 > this.buffer.length) { this.emit(Buffer.from(s, 'utf8')); return; }
    }
    this.used += this.buffer.write(s, this.used, 'utf8');
    if (this.used >= FLUSH_AT) this.flushBuffer();
  }

  private flushBuffer(): void {
    if (this.used === 0) return;
    this.emit(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  flush(): void {
    if (this.pending !== '') this.encode();
    this.flushBuffer();
  }
}

function attributes(node: XmlNode, names: PrefixMap | null): string {
  const attrs = node[':@'];
  if (!attrs) return '';
  let s = '';
  for (const key in attrs) {
    let name = key.startsWith('@_') ? key.slice(2) : key;
    if (names && !name.startsWith('xmlns')) name = documentName(name, names.attributes);
    s += ` ${name}="${attrs[key]}"`;
  }
  return s;
}

/** Names are written in the document's own prefixes when the part was read into canonical ones. */
function writeNodes(nodes: XmlNode[], out: ChunkWriter, names: PrefixMap | null): void {
  for (const node of nodes) {
    let tag: string | undefined;
    for (const k in node) if (k !== ':@') { tag = k; break; }
    if (tag === undefined) continue;
    if (tag === '#text') {
      out.write(node['#text'] as string);
      continue;
    }
    if (tag === '#comment') {
      out.write(`<!--${(node[tag] as XmlNode[])[0]?.['#text'] ?? ''}-->`);
      continue;
    }
    if (tag[0] === '?') {
      out.write(`<${tag}${attributes(node, null)}?>`);
      continue;
    }
    const children = node[tag] as XmlNode[];
    const name = names ? documentName(tag, names.elements) : tag;
    if (!children || children.length === 0) {
      out.write(`<${name}${attributes(node, names)}/>`);
      continue;
    }
    out.write(`<${name}${attributes(node, names)}>`);
    writeNodes(children, out, names);
    out.write(`</${name}>`);
  }
}

/**
 * Emits the part as UTF-8 chunks of about 64 KB: its original prolog, the tree, its trailing white
 * space. A chunk is valid only during the call (the buffer is reused): copy it to keep it.
 */
export function serializeXmlTo(doc: XmlDocument, emit: (chunk: Uint8Array) => void): void {
  const out = new ChunkWriter(emit);
  out.write(doc.prolog);
  writeNodes(doc.nodes, out, doc.prefixes ?? null);
  out.write(doc.epilogue);
  out.flush();
}
