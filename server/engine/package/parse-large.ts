// Parses a large part (a 10 MB document.xml) from its bytes, element by element, into the same tree
// parseXml builds from the whole text.
//
// Why: parsing the whole part at once holds its text (20 MB as a JavaScript string once any character
// is outside Latin-1) and a tree whose every array has spare capacity, all long enough to reach V8's
// old generation, which then sizes the heap from that peak. Here a light scan of the bytes finds the
// element boundaries (start, end and empty tags; comments, CDATA and processing instructions skipped;
// quoted attribute values respected), each element larger than SPLIT_AT is split into its children,
// and the children are decoded and parsed (xml-reader.ts) in batches of about BATCH bytes, each
// compacted while it is still young. The whole text never exists.
//
// Anything the scan does not expect (a DOCTYPE, an unclosed tag, a mismatched end tag, content after
// the root, nesting beyond the parser's limit, a batch the parser rejects) makes parseLargeXml return
// null, and the caller parses the whole part as before, with the same result or the same error.

import { CompactPool, tagOf, type XmlDocument, type XmlNode } from './xml.ts';
import { readXmlNodes } from './xml-reader.ts';

/** Parts and elements below this size are parsed whole. */
export const SPLIT_AT = 1 << 20;
/** Children are parsed in batches of about this many bytes. */
const BATCH = 32 * 1024;
/**
 * Elements are split at most this deep (root, body, a table, its rows): each split rescans its
 * element's content, so a chain of nested large elements costs at most this many scans of the part.
 */
const MAX_SPLIT_DEPTH = 4;
/** The parser's own nesting limit (maxNestedTags): deeper parts go to the whole-part parse, which rejects them. */
const MAX_DEPTH = 100;
/** The element each batch is wrapped in, so that text between children is kept (top-level text is dropped by the parser). */
const WRAP = 'hl-batch';

const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, BANG = 0x21, QUESTION = 0x3f, DQUOTE = 0x22, SQUOTE = 0x27;
const OPEN = 0, CLOSE = 1, EMPTY = 2, OTHER = 3;

interface Markup {
  end: number;
  kind: typeof OPEN | typeof CLOSE | typeof EMPTY | typeof OTHER;
}

/** An element found by the scan: [start, end) in bytes; its content lies between startTagEnd and closeStart. */
interface ElementSpan {
  start: number;
  end: number;
  startTagEnd: number;
  /** Where its end tag starts; -1 for an empty-element tag. */
  closeStart: number;
}

/** Pieces are decoded as they are; only the part's start may carry a byte order mark, which decoding the whole part drops. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const prologDecoder = new TextDecoder('utf-8');

class Scanner {
  private readonly buf: Buffer;

  constructor(readonly bytes: Uint8Array) {
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The markup starting at `lt` (a '<'), or null when it is not one the scan handles. */
  markupAt(lt: number): Markup | null {
    const b = this.bytes;
    const c = b[lt + 1];
    if (c === BANG) {
      if (this.matches(lt, '<!--')) return this.through(lt + 4, '-->');
      if (this.matches(lt, '<![CDATA[')) return this.through(lt + 9, ']]>');
      return null; // DOCTYPE or other declarations: the whole-part parse rejects them
    }
    if (c === QUESTION) return this.through(lt + 2, '?>');
    if (c === SLASH) {
      const gt = b.indexOf(GT, lt);
      return gt < 0 ? null : { end: gt + 1, kind: CLOSE };
    }
    for (let i = lt + 1; i < b.length; i++) {
      const x = b[i];
      if (x === GT) return { end: i + 1, kind: b[i - 1] === SLASH ? EMPTY : OPEN };
      if (x === LT) return null;
      if (x === DQUOTE || x === SQUOTE) {
        i = b.indexOf(x, i + 1);
        if (i < 0) return null;
      }
    }
    return null;
  }

  private matches(at: number, ascii: string): boolean {
    for (let i = 0; i < ascii.length; i++) if (this.bytes[at + i] !== ascii.charCodeAt(i)) return false;
    return true;
  }

  private through(from: number, close: string): Markup | null {
    const at = this.buf.indexOf(close, from, 'latin1');
    return at < 0 ? null : { end: at + close.length, kind: OTHER };
  }

  /** The elements directly inside [from, to), or null when the content is not balanced. */
  childrenIn(from: number, to: number, depth: number): ElementSpan[] | null {
    const b = this.bytes;
    const out: ElementSpan[] = [];
    let level = 0;
    let start = 0, startTagEnd = 0;
    for (let pos = from; ;) {
      const lt = b.indexOf(LT, pos);
      if (lt < 0 || lt >= to) break;
      const m = this.markupAt(lt);
      if (!m || m.end > to) return null;
      if (m.kind === OPEN) {
        if (level === 0) { start = lt; startTagEnd = m.end; }
        if (++level + depth > MAX_DEPTH) return null;
      } else if (m.kind === CLOSE) {
        if (--level < 0) return null;
        if (level === 0) out.push({ start, end: m.end, startTagEnd, closeStart: lt });
      } else if (m.kind === EMPTY && level === 0) {
        out.push({ start: lt, end: m.end, startTagEnd: m.end, closeStart: -1 });
      }
      pos = m.end;
    }
    return level === 0 ? out : null;
  }

  text(from: number, to: number): string {
    return utf8.decode(this.bytes.subarray(from, to));
  }
}

/** Thrown inside the large parse to give up and let the whole-part parse decide. */
class Unexpected extends Error {}

class LargeParser {
  constructor(
    private readonly scan: Scanner,
    private readonly pool: CompactPool,
  ) {}

  /** Parses XML text that is one batch of siblings; returns them, compacted. */
  private batch(from: number, to: number, out: XmlNode[]): void {
    const nodes = readXmlNodes(`<${WRAP}>${this.scan.text(from, to)}</${WRAP}>`, this.pool);
    const wrap = nodes.length === 1 ? nodes[0]! : undefined;
    if (!wrap || tagOf(wrap) !== WRAP) throw new Unexpected();
    for (const n of wrap[WRAP] as XmlNode[]) out.push(n);
  }

  /** An element larger than SPLIT_AT: its start tag parsed alone, its children in batches (large ones split again). */
  element(span: ElementSpan, depth: number): XmlNode {
    const startTag = this.scan.text(span.start, span.startTagEnd);
    const parsed = readXmlNodes(startTag.slice(0, -1) + '/>', this.pool);
    const node = parsed.length === 1 ? parsed[0]! : undefined;
    const tag = node && tagOf(node);
    if (!node || !tag || tag === '#text') throw new Unexpected();
    const endTag = this.scan.text(span.closeStart, span.end);
    if (!new RegExp(`^</${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*>$`).test(endTag)) throw new Unexpected();

    const kids = this.scan.childrenIn(span.startTagEnd, span.closeStart, depth + 1);
    if (!kids) throw new Unexpected();
    const children: XmlNode[] = [];
    let cursor = span.startTagEnd;
    for (const k of kids) {
      if (k.closeStart >= 0 && k.end - k.start > SPLIT_AT && depth + 1 < MAX_SPLIT_DEPTH) {
        if (k.start > cursor) this.batch(cursor, k.start, children);
        children.push(this.element(k, depth + 1));
        cursor = k.end;
      } else if (k.end - cursor >= BATCH) {
        this.batch(cursor, k.end, children);
        cursor = k.end;
      }
    }
    if (span.closeStart > cursor) this.batch(cursor, span.closeStart, children);
    node[tag] = children.slice();
    return node;
  }
}

/** Where the root element starts: after the XML declaration, processing instructions, comments and white space. */
function rootStart(scan: Scanner): number {
  const b = scan.bytes;
  for (let pos = 0; ;) {
    const lt = b.indexOf(LT, pos);
    if (lt < 0) return -1;
    const c = b[lt + 1];
    if (c !== QUESTION && c !== BANG) return lt;
    const m = scan.markupAt(lt);
    if (!m) return -1;
    pos = m.end;
  }
}

/**
 * The part's tree, as parseXml would build it from the decoded text, or null when the part is not one
 * this parse handles (the caller then parses the whole text). parseXmlBytes rules out a DTD first.
 */
export function parseLargeXml(bytes: Uint8Array): XmlDocument | null {
  const scan = new Scanner(bytes);
  const start = rootStart(scan);
  if (start < 0) return null;
  // The root ends at the part's last '>'; its end tag (checked against its name) starts at the last '<'.
  const closeStart = bytes.lastIndexOf(LT);
  const endGt = bytes.lastIndexOf(GT);
  const startTag = scan.markupAt(start);
  if (!startTag || startTag.kind !== OPEN || closeStart <= start || endGt < closeStart || bytes[closeStart + 1] !== SLASH) return null;
  const root: ElementSpan = { start, end: endGt + 1, startTagEnd: startTag.end, closeStart };
  const epilogue = scan.text(root.end, bytes.length);
  if (epilogue.trim() !== '') return null;
  try {
    const node = new LargeParser(scan, new CompactPool()).element(root, 0);
    return { prolog: prologDecoder.decode(bytes.subarray(0, start)), nodes: [node], epilogue };
  } catch {
    return null; // Unexpected, or a batch the parser rejects: the whole-part parse reports it
  }
}
