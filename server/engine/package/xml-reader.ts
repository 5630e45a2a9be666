// Reads XML text into the ordered tree the engine works on: the tree fast-xml-parser's XMLParser builds
// with the engine's options (xml.ts: preserveOrder, attributes prefixed '@_', no value parsing, no trimming,
// no entity processing), the same for every input, errors included.
//
// Why not fast-xml-parser itself: for those fixed options most of its work is generality the engine never
// uses: text gathered one character at a time (`textData += xmlData[i]`), a path matcher pushed and popped
// per element, every attribute list parsed in two passes through option callbacks. Its parse was a quarter
// of a `hyperlinker link` run (plos-pbio-1001473: document.xml and styles.xml, 620 KB); this reader follows
// the same steps in the same order, so its output is the same, in about a third of the time, and the
// engine no longer loads fast-xml-parser and its five packages at start-up. test/…/xml-reader.test.ts
// compares the two on every part of every corpus document and on hand-made edge cases.
//
// The steps kept from fast-xml-parser (OrderedObjParser.parseXml), each for a reason the output shows:
// - line ends are normalised first (\r\n and \r become \n), in text and attribute values alike;
// - text is kept as written (no trimming, entities left raw); text outside the root element is dropped;
// - a comment is a node `{ '#comment': [{ '#text': content }] }` (fast-xml-parser's commentPropName '#comment'),
//   so that a part is written back with its comments (tagOf, childrenOf and rawText pass over it);
// - CDATA content becomes a text node of its own (markers dropped);
// - a processing instruction is a node `{ '?name': [{ '#text': '' }], ':@'?: attributes }`;
// - in a tag, a tab outside quoted values reads as a space; the name ends at the first white space (as
//   JavaScript's \s counts it); attributes are read with fast-xml-parser's own pattern; an attribute without
//   a value is dropped; a tag without attributes has no ':@';
// - the names __proto__, constructor and prototype are errors, and hasOwnProperty, toString, valueOf and
//   the __define/lookup Getter/Setter__ names are prefixed with "__"; a tag named #text is an error;
// - more than 100 open elements is an error.

import type { CompactPool, XmlAttrs, XmlNode } from './xml.ts';

/** fast-xml-parser's attribute pattern: a name, then optionally = and a quoted value. */
const ATTRIBUTE = /([^\s=]+)\s*(=\s*(?:"([^"]*)"|'([^']*)'))?/g;
const WHITE_SPACE = /\s/;
const CRITICAL_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const PREFIXED_NAMES = new Set(['hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);
const MAX_NESTED_TAGS = 100;
/** The key of a comment node. */
const COMMENT = '#comment';
/** The name fast-xml-parser gives the document level; an element of that name keeps no text either. */
const DOCUMENT_LEVEL = '!xml';

const TAB = 9, QUOTE = 34, APOS = 39, SLASH = 47, GT = 62, QUESTION = 63, BANG = 33, DASH = 45, BRACKET = 91, D = 68;

function sanitizeName(name: string): string {
  if (CRITICAL_NAMES.has(name)) throw new Error(`[SECURITY] Invalid name: "${name}" is a reserved JavaScript keyword that could cause prototype pollution`);
  return PREFIXED_NAMES.has(name) ? `__${name}` : name;
}

/** Index of the closing string's last character, or an error. */
function closingIndex(xml: string, close: string, from: number, message: string): number {
  const at = xml.indexOf(close, from);
  if (at < 0) throw new Error(message);
  return at + close.length - 1;
}

interface TagExpression {
  /** The text between '<' and the close (tabs outside quotes read as spaces). */
  data: string;
  /** Index of the close's first character. */
  index: number;
}

/**
 * A start tag's text up to its '>', quoted values whole, when it holds no tab: one native match instead of a
 * loop over its characters (a CLI run reads each part once, mostly before the loop would be optimised).
 */
const TAG_BODY = /[^"'>\t]*(?:(?:"[^"]*"|'[^']*')[^"'>\t]*)*/y;

/** The tag's text from `from` up to `close` ('>' or '?>'), quoted values skipped whole; undefined when unclosed. */
function tagExpression(xml: string, from: number, close: number, closeNext: number): TagExpression | undefined {
  if (closeNext < 0) {
    TAG_BODY.lastIndex = from;
    TAG_BODY.test(xml);
    const end = TAG_BODY.lastIndex;
    if (xml.charCodeAt(end) === GT) return { data: xml.substring(from, end), index: end };
    // A tab, an unterminated quoted value or the end of the text: character by character, as below.
  }
  let data = '';
  let segment = from;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === QUOTE || c === APOS) {
      i = xml.indexOf(c === QUOTE ? '"' : "'", i + 1);
      if (i < 0) return undefined;
    } else if (c === close) {
      if (closeNext < 0 || xml.charCodeAt(i + 1) === closeNext) return { data: data + xml.substring(segment, i), index: i };
    } else if (c === TAB) {
      data += xml.substring(segment, i) + ' ';
      segment = i + 1;
    }
  }
  return undefined;
}

interface Tag {
  name: string;
  /** The attribute text, trimmed at its start (the whole expression when there is no white space). */
  rest: string;
}

function splitTag(data: string): Tag {
  const at = data.search(WHITE_SPACE);
  return at < 0 ? { name: data, rest: data } : { name: data.substring(0, at), rest: data.substring(at + 1).trimStart() };
}

/** The attributes of a tag's attribute text, keys prefixed '@_'; undefined when there is none with a value. */
function attributes(text: string): XmlAttrs | undefined {
  let attrs: XmlAttrs | undefined;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m !== null; m = ATTRIBUTE.exec(text)) {
    const value = m[3] !== undefined ? m[3] : m[4];
    if (value !== undefined) (attrs ??= {})[`@_${m[1]!}`] = value;
  }
  return attrs;
}

/**
 * The ordered tree of `text`, as fast-xml-parser's XMLParser.parse gives it with the engine's options.
 * With a pool, the tree is built lean (the same nodes, kept for linking and writing): each non-empty
 * children array is copied at its length when its element closes, attribute sets and values are shared
 * through the pool, and long texts are copied out of the part's text (see CompactPool).
 */
export function readXmlNodes(input: string, pool: CompactPool | null = null): XmlNode[] {
  const xml = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const top: XmlNode[] = [];
  let children = top;
  let name = DOCUMENT_LEVEL;
  /** The element whose children are `children` (null at the document level). */
  let current: XmlNode | null = null;
  const open: { children: XmlNode[]; name: string; node: XmlNode | null }[] = [];
  const textNode = (t: string): XmlNode => ({ '#text': pool ? pool.text(t) : t });
  const close = (): void => {
    if (pool && current && children.length > 0) current[name] = children.slice();
    const parent = open.pop();
    children = parent ? parent.children : top;
    name = parent ? parent.name : DOCUMENT_LEVEL;
    current = parent ? parent.node : null;
  };
  let text = '';
  const length = xml.length;
  let i = 0;
  while (i < length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break; // text after the last tag is never kept
    if (lt > i) text = text === '' ? xml.substring(i, lt) : text + xml.substring(i, lt);
    const c1 = xml.charCodeAt(lt + 1);
    if (c1 === SLASH) {
      const end = closingIndex(xml, '>', lt, 'Closing Tag is not closed.');
      sanitizeName(xml.substring(lt + 2, end).trim());
      if (text !== '') { children.push(textNode(text)); text = ''; }
      close();
      i = end + 1;
    } else if (c1 === QUESTION) {
      const exp = tagExpression(xml, lt + 1, QUESTION, GT);
      if (!exp) throw new Error('Pi Tag is not closed.');
      const tag = splitTag(exp.data);
      const attrs = attributes(tag.rest);
      if (text !== '') { children.push(textNode(text)); text = ''; }
      const node: XmlNode = { [tag.name]: [{ '#text': '' }] };
      if (tag.name !== tag.rest && attrs) node[':@'] = pool ? pool.share(attrs) : attrs;
      children.push(node);
      i = exp.index + 2;
    } else if (c1 === BANG && xml.charCodeAt(lt + 2) === DASH && xml.charCodeAt(lt + 3) === DASH) {
      const end = closingIndex(xml, '-->', lt + 4, 'Comment is not closed.');
      if (text !== '') { children.push(textNode(text)); text = ''; }
      children.push({ [COMMENT]: [textNode(xml.substring(lt + 4, end - 2))] });
      i = end + 1;
    } else if (c1 === BANG && xml.charCodeAt(lt + 2) === D) {
      // xml.ts rejects a part with a DOCTYPE before parsing; what else starts "<!D" is no tag.
      throw new Error(xml.startsWith('DOCTYPE', lt + 2) ? 'DOCTYPE is not allowed' : 'Invalid Tag instead of DOCTYPE');
    } else if (c1 === BANG && xml.charCodeAt(lt + 2) === BRACKET) {
      const end = closingIndex(xml, ']]>', lt, 'CDATA is not closed.') - 2;
      if (text !== '') { children.push(textNode(text)); text = ''; }
      children.push(textNode(xml.substring(lt + 9, end)));
      i = end + 3;
    } else {
      const exp = tagExpression(xml, lt + 1, GT, -1);
      if (!exp) {
        const context = xml.substring(Math.max(0, lt - 50), Math.min(length, lt + 50));
        throw new Error(`readTagExp returned undefined at position ${lt}. Context: "${context}"`);
      }
      let { name: tagName, rest } = splitTag(exp.data);
      tagName = sanitizeName(tagName);
      if (tagName === '#text') throw new Error(`Invalid tag name: ${tagName}`);
      if (text !== '' && name !== DOCUMENT_LEVEL) children.push(textNode(text));
      text = '';
      let selfClosing = false;
      let withAttributes = true;
      if (rest.length > 0 && rest.charCodeAt(rest.length - 1) === SLASH) {
        selfClosing = true;
        if (tagName.charCodeAt(tagName.length - 1) === SLASH) rest = tagName = tagName.substring(0, tagName.length - 1);
        else rest = rest.substring(0, rest.length - 1);
        withAttributes = tagName !== rest;
      }
      const read = tagName !== rest && withAttributes ? attributes(rest) : undefined;
      const attrs = read && pool ? pool.share(read) : read;
      if (selfClosing) {
        const node: XmlNode = { [sanitizeName(tagName)]: [] };
        if (attrs) node[':@'] = attrs;
        children.push(node);
      } else {
        if (open.length > MAX_NESTED_TAGS) throw new Error('Maximum nested tags exceeded');
        const kids: XmlNode[] = [];
        const node: XmlNode = { [tagName]: kids };
        if (attrs) node[':@'] = attrs;
        children.push(node);
        open.push({ children, name, node: current });
        children = kids;
        name = tagName;
        current = node;
      }
      i = exp.index + 1;
    }
  }
  while (pool && open.length > 0) close(); // elements never closed (a malformed part) are compacted too
  return pool ? top.slice() : top;
}
