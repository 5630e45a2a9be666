// WordprocessingML as an ordered tree (fast-xml-parser, preserveOrder), with the options that
// round-trip Word's XML byte for byte (see field notes), and the rule that package XML never
// carries a DTD: a DOCTYPE or ENTITY declaration rejects the part before any parsing.

import { XMLParser } from 'fast-xml-parser';
import { DocxRejectedError } from '../errors.ts';
import { serializeXml } from './serialize.ts';

/** An element: `{ [tagName]: children, ':@'?: attributes }`, or a text node `{ '#text': raw }`. */
export type XmlNode = { [tag: string]: XmlNode[] | XmlAttrs | string | undefined; ':@'?: XmlAttrs; '#text'?: string };
export type XmlAttrs = Record<string, string>;

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  suppressEmptyNode: true,
  ignoreDeclaration: false,
  ignorePiTags: false,
  // No callbacks use the tag path: passing the matcher instead of a path string saves a toString per tag.
  jPath: false,
} as const;

const parser = new XMLParser(OPTIONS);

/** A parsed part: the tree plus the exact text before and after its root element, restored on build. */
export interface XmlDocument {
  prolog: string;
  nodes: XmlNode[];
  /** White space after the root element (Word writes none; other producers a newline). */
  epilogue: string;
}

export function assertNoDtd(text: string, partName: string): void {
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY') || /<!doctype|<!entity/i.test(text.slice(0, 4096))) {
    throw new DocxRejectedError('doctype-forbidden', `part '${partName}' declares a DOCTYPE or entities, which package XML must not (ECMA-376 Part 2)`);
  }
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

export function parseXml(text: string, partName = 'xml'): XmlDocument {
  assertNoDtd(text, partName);
  const start = rootStart(text);
  if (start >= text.length) throw new DocxRejectedError('malformed-xml', `part '${partName}' has no root element`);
  let nodes: XmlNode[];
  try {
    nodes = parser.parse(text.slice(start)) as XmlNode[];
  } catch (err) {
    throw new DocxRejectedError('malformed-xml', `part '${partName}' is not well-formed XML (${err instanceof Error ? err.message.slice(0, 120) : 'parse error'})`);
  }
  if (!Array.isArray(nodes) || !nodes.some((n) => tagOf(n) !== undefined)) {
    throw new DocxRejectedError('malformed-xml', `part '${partName}' has no root element`);
  }
  return { prolog: text.slice(0, start), nodes, epilogue: text.slice(text.trimEnd().length) };
}

/** The part as text (serializeXml gives bytes, which is what the package needs). */
export function buildXml(doc: XmlDocument): string {
  return new TextDecoder().decode(serializeXml(doc));
}

// ---- node helpers ---------------------------------------------------------------------------

/** The element's tag name, or undefined for a text node. */
export function tagOf(node: XmlNode): string | undefined {
  for (const k in node) if (k !== ':@' && k !== '#text') return k;
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

/** Sets an attribute from a plain (unescaped) value. */
export function setAttr(node: XmlNode, name: string, value: string): void {
  (node[':@'] ??= {})['@_' + name] = escapeXmlAttr(value);
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

export function findChildren(node: XmlNode, tag: string): XmlNode[] {
  return childrenOf(node).filter((c) => tagOf(c) === tag);
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
