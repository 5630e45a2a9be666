// Element and attribute names resolved by namespace, the way mammoth.js reads OOXML: whatever prefix a
// document binds to a namespace, and whether it uses the Transitional (schemas.openxmlformats.org) or
// the Strict (purl.oclc.org/ooxml) namespaces, the engine sees one canonical name per element
// ("w:p", "m:oMath", "mc:AlternateContent", "r:id"). The part keeps a map back to its own prefixes,
// and the serializer writes every element, old or added by the linker, in the document's own prefix,
// so the output stays valid in the document's own namespace.
//
// Cost: only the root element's declarations are read; a part whose known namespaces sit on their
// usual prefixes (every Word document) is left untouched. Declarations on inner elements are taken
// as they are (Word writes all of them on the root).

import type { XmlAttrs, XmlDocument, XmlNode } from './xml.ts';

/** Namespace URI → canonical prefix. */
const CANONICAL: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/officeDocument/2006/math': 'm',
  'http://purl.oclc.org/ooxml/officeDocument/math': 'm',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing': 'wp',
  'http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing': 'wp',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/drawingml/2006/picture': 'pic',
  'http://purl.oclc.org/ooxml/drawingml/picture': 'pic',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingShape': 'wps',
  'http://schemas.microsoft.com/office/word/2010/wordml': 'w14',
  'urn:schemas-microsoft-com:vml': 'v',
  'urn:schemas-microsoft-com:office:office': 'o',
  'http://schemas.openxmlformats.org/officeDocument/2006/customXml': 'ds',
  'http://purl.oclc.org/ooxml/officeDocument/customXml': 'ds',
};

/** Relationship types: Strict → Transitional, so the engine compares one spelling. */
const STRICT_RELS = 'http://purl.oclc.org/ooxml/officeDocument/relationships/';
const TRANSITIONAL_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

export function normalRelType(type: string): string {
  return type.startsWith(STRICT_RELS) ? TRANSITIONAL_RELS + type.slice(STRICT_RELS.length) : type;
}

/** The relationship type as the package spells it (Strict packages use the purl.oclc.org types). */
export function relTypeFor(strict: boolean, transitionalType: string): string {
  return strict && transitionalType.startsWith(TRANSITIONAL_RELS) ? STRICT_RELS + transitionalType.slice(TRANSITIONAL_RELS.length) : transitionalType;
}

/** Whether a namespace URI is one of the Strict OOXML namespaces. */
export function isStrictUri(uri: string | undefined): boolean {
  return uri !== undefined && uri.startsWith('http://purl.oclc.org/ooxml/');
}

/** Canonical prefix → the document's prefix ('' for a default namespace, elements only). */
export interface PrefixMap {
  elements: Map<string, string>;
  attributes: Map<string, string>;
}

function rootElement(doc: XmlDocument): XmlNode | undefined {
  for (const n of doc.nodes) for (const k in n) if (k !== ':@' && k[0] !== '#' && k[0] !== '?') return n;
  return undefined;
}

function tagOfNode(n: XmlNode): string | undefined {
  for (const k in n) if (k !== ':@') return k;
  return undefined;
}

function renamePrefix(name: string, map: Map<string, string>, unprefixed: string | undefined): string {
  const colon = name.indexOf(':');
  if (colon < 0) return unprefixed === undefined ? name : unprefixed ? `${unprefixed}:${name}` : name;
  const to = map.get(name.slice(0, colon));
  if (to === undefined) return name;
  return to ? `${to}:${name.slice(colon + 1)}` : name.slice(colon + 1);
}

function renameTree(nodes: XmlNode[], elements: Map<string, string>, attributes: Map<string, string>, unprefixed: string | undefined): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const tag = tagOfNode(node);
    if (tag === undefined || tag[0] === '#' || tag[0] === '?') continue; // text, comments, processing instructions
    const children = node[tag] as XmlNode[];
    const attrs = node[':@'];
    let newAttrs: XmlAttrs | undefined = attrs;
    if (attrs) {
      let changed = false;
      const out: XmlAttrs = {};
      for (const key in attrs) {
        const name = key.slice(2);
        const renamed = name.startsWith('xmlns') ? name : renamePrefix(name, attributes, undefined);
        if (renamed !== name) changed = true;
        out[`@_${renamed}`] = attrs[key]!;
      }
      if (changed) newAttrs = out;
    }
    const newTag = renamePrefix(tag, elements, unprefixed);
    if (newTag !== tag || newAttrs !== attrs) {
      const replacement: XmlNode = { [newTag]: children };
      if (newAttrs) replacement[':@'] = newAttrs;
      nodes[i] = replacement;
    }
    if (Array.isArray(children)) renameTree(children, elements, attributes, unprefixed);
  }
}

/**
 * Renames the part's elements and attributes to the canonical prefixes when its root binds a known
 * namespace to another prefix (or as the default namespace), and records the way back on the part.
 */
export function canonicalizeNames(doc: XmlDocument): void {
  const root = rootElement(doc);
  const attrs = root?.[':@'];
  if (!attrs) return;
  const declared = new Map<string, string>(); // prefix ('' = default) → uri
  for (const key in attrs) {
    if (key === '@_xmlns') declared.set('', attrs[key]!);
    else if (key.startsWith('@_xmlns:')) declared.set(key.slice(8), attrs[key]!);
  }
  const forward = new Map<string, string>();
  let unprefixed: string | undefined;
  const taken = new Set<string>();
  for (const [prefix, uri] of declared) {
    const canonical = CANONICAL[uri];
    if (canonical === undefined) continue;
    taken.add(canonical);
    if (prefix === '') unprefixed = canonical;
    else if (prefix !== canonical) forward.set(prefix, canonical);
  }
  if (!forward.size && unprefixed === undefined) return;
  // A foreign namespace sitting on a canonical prefix moves out of the way.
  for (const [prefix, uri] of declared) {
    if (prefix && CANONICAL[uri] === undefined && taken.has(prefix)) forward.set(prefix, `${prefix}_ns`);
  }
  const elements = new Map<string, string>();
  const attributesBack = new Map<string, string>();
  for (const [from, to] of forward) { elements.set(to, from); attributesBack.set(to, from); }
  if (unprefixed !== undefined) {
    elements.set(unprefixed, '');
    // Attributes of the default namespace need a prefix of their own: the one declared for it, if any.
    const uri = declared.get('')!;
    for (const [prefix, u] of declared) if (prefix && u === uri) attributesBack.set(unprefixed, prefix);
  }
  const attributeForward = new Map([...forward]);
  renameTree(doc.nodes, forward, attributeForward, unprefixed);
  doc.prefixes = { elements, attributes: attributesBack };
}

/** The document's own name for a canonical element or attribute name. */
export function documentName(name: string, map: Map<string, string>): string {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  const to = map.get(name.slice(0, colon));
  if (to === undefined) return name;
  return to ? `${to}:${name.slice(colon + 1)}` : name.slice(colon + 1);
}
