// WordprocessingML as an ordered tree (the tree fast-xml-parser builds with preserveOrder, read by
// xml-reader.ts), with the options that round-trip Word's XML byte for byte (see field notes), and the rule
// that package XML never carries a DTD: a DOCTYPE or ENTITY declaration rejects the part before any parsing.

import { DocxRejectedError } from '../errors.ts';
import type { PrefixMap } from './namespaces.ts';
import { readXmlNodes } from './xml-reader.ts';

/**
 * An element: `{ [tagName]: children, ':@'?: attributes }`, a text node `{ '#text': raw }`, or a comment
 * `{ '#comment': [{ '#text': content }] }` (kept so that rewritten parts keep their comments; tagOf gives
 * undefined for it, as for text, so that nothing reads it as an element).
 */
export type XmlNode = { [tag: string]: XmlNode[] | XmlAttrs | string | undefined; ':@'?: XmlAttrs; '#text'?: string };
export type XmlAttrs = Record<string, string>;

/** A parsed part: the tree plus the exact text before and after its root element, restored on build. */
export interface XmlDocument {
  prolog: string;
  nodes: XmlNode[];
  /** White space after the root element (Word writes none; other producers a newline). */
  epilogue: string;
  /** Set when the part's names were read into canonical prefixes (namespaces.ts): the way back, for writing. */
  prefixes?: PrefixMap;
}

export function dtdRejected(partName: string): DocxRejectedError {
  return new DocxRejectedError('doctype-forbidden', `part '${partName}' declares a DOCTYPE or entities, which package XML must not (ECMA-376 Part 2)`);
}

/** `whole`: also search the whole text (false when its bytes were searched already: parseXmlBytes). */
function assertNoDtd(text: string, partName: string, whole = true): void {
  if ((whole && (text.includes('<!DOCTYPE') || text.includes('<!ENTITY'))) || /<!doctype|<!entity/i.test(text.slice(0, 4096))) throw dtdRejected(partName);
}

function rootStart(text: string): number {
  let i = 0;
  for (;;) {
    i = text.indexOf('<', i);
    if (i < 0) return text.length;
    const c = text.charCodeAt(i + 1);
    if (c === 63 /* ? */) { i = text.indexOf('?>', i) + 2; if (i < 2) return text.length; continue; }
    if (c === 33 /* ! */) { i = text.indexOf('-->', i) + 3; if (i < 3) return text.length; continue; }
    return i;
  }
}

/**
 * Parses a part's text. With a pool, the tree is built lean (CompactPool) for keeping; without, it is
 * the reader's plain output, quickest to build for a tree that is read once and dropped. `bytesSearched`:
 * the caller found no DOCTYPE or ENTITY in the part's bytes (the same search: both are ASCII), so only the
 * text's first 4 KB are searched again, case-insensitively.
 */
export function parseXml(text: string, partName = 'xml', pool: CompactPool | null = null, bytesSearched = false): XmlDocument {
  assertNoDtd(text, partName, !bytesSearched);
  const start = rootStart(text);
  if (start >= text.length) throw new DocxRejectedError('malformed-xml', `part '${partName}' has no root element`);
  let nodes: XmlNode[];
  try {
    nodes = readXmlNodes(text.slice(start), pool);
  } catch (err) {
    throw new DocxRejectedError('malformed-xml', `part '${partName}' is not well-formed XML (${err instanceof Error ? err.message.slice(0, 120) : 'parse error'})`);
  }
  if (!Array.isArray(nodes) || !nodes.some((n) => tagOf(n) !== undefined)) {
    throw new DocxRejectedError('malformed-xml', `part '${partName}' has no root element`);
  }
  const prolog = text.slice(0, start), epilogue = text.slice(text.trimEnd().length);
  if (!pool) return { prolog, nodes, epilogue };
  return { prolog: detach(prolog), nodes, epilogue: detach(epilogue) };
}

/** V8 copies substrings shorter than this and slices longer ones. */
const DETACH_FROM = 13;

/**
 * What makes a part's tree lean before anyone holds it (readXmlNodes builds with it):
 * - every children array grows by push and has spare capacity (17 slots for one child): each
 *   non-empty one is copied at its length when its element closes;
 * - repeated attribute values ("preserve", "24", style ids) share one string, and identical
 *   attribute sets (`xml:space="preserve"`, `w:val="24"`) share one frozen object (share): attribute
 *   objects are never changed in place (setAttr replaces them), so sharing is safe and a slip throws;
 * - text and attribute values cut from the part's text are V8 sliced strings that keep it alive: each
 *   is copied out of it (text, and share for values).
 * On the 10 MB document.xml of the synthetic manuscript the tree and what it kept alive drop from
 * 92 MB (a 72 MB tree and the 20 MB text) to 37 MB.
 */
export class CompactPool {
  private readonly values = new Map<string, string>();
  /** Single-attribute sets by name, then value (most sets: `xml:space`, `w:val`). */
  private readonly single = new Map<string, Map<string, XmlAttrs>>();
  /** Larger sets by a key of their names and values. */
  private readonly multi = new Map<string, XmlAttrs>();

  /** A text node's text, copied out of the part's text when long enough to be a slice of it. */
  text(t: string): string {
    return t.length >= DETACH_FROM ? detach(t) : t;
  }

  private value(v: string): string {
    let shared = this.values.get(v);
    if (shared === undefined) this.values.set(v, (shared = detach(v)));
    return shared;
  }

  /** The pool's frozen attribute set equal to `a`; the first time, `a` itself, its values shared, frozen. */
  share(a: XmlAttrs): XmlAttrs {
    let first: string | undefined;
    let key: string | undefined;
    for (const name in a) {
      if (first === undefined) first = name;
      else key = (key ?? `${first}\u0000${a[first]}\u0001`) + `${name}\u0000${a[name]}\u0001`;
    }
    if (first === undefined) return a;
    let byValue: Map<string, XmlAttrs> | undefined;
    if (key === undefined) {
      byValue = this.single.get(first);
      if (!byValue) this.single.set(first, (byValue = new Map<string, XmlAttrs>()));
      const set = byValue.get(a[first]!);
      if (set) return set;
    } else {
      const set = this.multi.get(key);
      if (set) return set;
    }
    for (const name in a) a[name] = this.value(a[name]!);
    Object.freeze(a);
    if (byValue) byValue.set(a[first]!, a);
    else this.multi.set(key!, a);
    return a;
  }
}

/** A copy of `s` that does not keep a larger string alive: concatenating then slicing flattens into a new string. */
function detach(s: string): string {
  return s.length < DETACH_FROM ? s : (' ' + s).slice(1);
}

// ---- node helpers ---------------------------------------------------------------------------

/** The element's tag name, or undefined for a text node. */
export function tagOf(node: XmlNode): string | undefined {
  for (const k in node) if (k !== ':@' && k !== '#text' && k !== '#comment') return k;
  return undefined;
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const t = tagOf(node);
  return t === undefined ? [] : (node[t] as XmlNode[]);
}

/** An attribute's value, unescaped. */
export function attr(node: XmlNode, name: string): string | undefined {
  const raw = node[':@']?.['@_' + name];
  return raw === undefined ? undefined : unescapeXml(raw);
}

/** Sets an attribute from a plain (unescaped) value. The attribute object is replaced, never changed: parsed ones are shared. */
export function setAttr(node: XmlNode, name: string, value: string): void {
  node[':@'] = { ...node[':@'], ['@_' + name]: escapeXmlAttr(value) };
}

export function el(tag: string, attrs: Record<string, string> | null, children: XmlNode[] = []): XmlNode {
  const node: XmlNode = { [tag]: children };
  if (attrs) {
    const a: XmlAttrs = {};
    for (const k of Object.keys(attrs)) a['@_' + k] = escapeXmlAttr(attrs[k]!);
    node[':@'] = a;
  }
  return node;
}

export function textNode(raw: string): XmlNode {
  return { '#text': raw };
}

export function findChild(node: XmlNode, tag: string): XmlNode | undefined {
  for (const c of childrenOf(node)) if (tagOf(c) === tag) return c;
  return undefined;
}

/** The root element of a parsed part. */
export function rootOf(doc: XmlDocument): XmlNode {
  const r = doc.nodes.find((n) => tagOf(n) !== undefined && !tagOf(n)!.startsWith('?'));
  if (!r) throw new DocxRejectedError('malformed-xml', 'no root element');
  return r;
}

/** Deep copy of a subtree (used when splitting runs). */
export function cloneNode(node: XmlNode): XmlNode {
  return structuredClone(node);
}

// ---- text escaping (processEntities is off: text nodes hold raw XML text) -------------------

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(raw: string): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return NAMED[e] ?? m;
  });
}

export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

export function escapeXmlAttr(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** Raw text content of an element's direct text children. */
export function rawText(node: XmlNode): string {
  let s = '';
  for (const c of childrenOf(node)) if (c['#text'] !== undefined) s += c['#text'];
  return s;
}
