// Serialises a parsed part straight into UTF-8 chunks.
//
// Why not fast-xml-parser's builder for output: it builds the whole part as one string by recursive
// concatenation, which on a 10 MB document.xml costs hundreds of MB of transient strings. This
// writer emits exactly the same text (checked against the builder on every corpus part) in 64 KB
// pieces, so apply stays within its memory budget. Text and attribute values are raw XML already
// (processEntities is off), so nothing is escaped here.

import type { XmlDocument, XmlNode } from './xml.ts';

const FLUSH_AT = 64 * 1024;

class ChunkWriter {
  private pending = '';
  private readonly chunks: Buffer[] = [];
  private size = 0;

  write(s: string): void {
    this.pending += s;
    if (this.pending.length >= FLUSH_AT) this.flush();
  }

  private flush(): void {
    if (!this.pending) return;
    const b = Buffer.from(this.pending, 'utf8');
    this.chunks.push(b);
    this.size += b.length;
    this.pending = '';
  }

  bytes(): Uint8Array {
    this.flush();
    return Buffer.concat(this.chunks, this.size);
  }
}

function attributes(node: XmlNode): string {
  const attrs = node[':@'];
  if (!attrs) return '';
  let s = '';
  for (const key in attrs) s += ` ${key.startsWith('@_') ? key.slice(2) : key}="${attrs[key]}"`;
  return s;
}

function writeNodes(nodes: XmlNode[], out: ChunkWriter): void {
  for (const node of nodes) {
    let tag: string | undefined;
    for (const k in node) if (k !== ':@') { tag = k; break; }
    if (tag === undefined) continue;
    if (tag === '#text') {
      out.write(node['#text'] as string);
      continue;
    }
    if (tag[0] === '?') {
      out.write(`<${tag}${attributes(node)}?>`);
      continue;
    }
    const children = node[tag] as XmlNode[];
    if (!children || children.length === 0) {
      out.write(`<${tag}${attributes(node)}/>`);
      continue;
    }
    out.write(`<${tag}${attributes(node)}>`);
    writeNodes(children, out);
    out.write(`</${tag}>`);
  }
}

/** The part as UTF-8 bytes: its original prolog, the tree, and its trailing white space. */
export function serializeXml(doc: XmlDocument): Uint8Array {
  const out = new ChunkWriter();
  out.write(doc.prolog);
  writeNodes(doc.nodes, out);
  out.write(doc.epilogue);
  return out.bytes();
}
