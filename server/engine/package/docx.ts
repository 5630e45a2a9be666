// A DOCX package: the zip, its content types, relationships, and parsed XML parts on demand.

import { DocxRejectedError } from '../errors.ts';
import { normalRelType } from './namespaces.ts';
import { parseXmlBytes, type ParseOptions } from './parse-part.ts';
import { attr, childrenOf, rootOf, tagOf, type XmlDocument } from './xml.ts';
import { readZip, type ZipArchive, type ZipLimits, DEFAULT_ZIP_LIMITS } from './zip.ts';

export const REL = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  styles: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles',
  numbering: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering',
  footnotes: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes',
  endnotes: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes',
  comments: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments',
  hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
  customXml: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml',
} as const;

export interface Relationship {
  id: string;
  type: string;
  target: string;
  targetMode?: string;
}

export interface DocxPackage {
  zip: ZipArchive;
  /** Name of the main document part, e.g. word/document.xml. */
  mainPart: string;
  /** Parses a part once and caches the tree. */
  xml(part: string): XmlDocument;
  has(part: string): boolean;
  /** Relationships of a part (from its _rels/NAME.rels), empty when it has none. */
  rels(part: string): Relationship[];
  /** The part a relationship of the given type from `from` points at. */
  related(from: string, type: string): string | undefined;
}

export function relsPartName(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target relative to the source part's folder. */
export function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const base = from.includes('/') ? from.slice(0, from.lastIndexOf('/')).split('/') : [];
  for (const seg of target.split('/')) {
    if (seg === '..') base.pop();
    else if (seg !== '.' && seg !== '') base.push(seg);
  }
  return base.join('/');
}

export function parseRels(doc: XmlDocument): Relationship[] {
  const out: Relationship[] = [];
  for (const n of childrenOf(rootOf(doc))) {
    if (tagOf(n) !== 'Relationship') continue;
    const id = attr(n, 'Id'), type = attr(n, 'Type'), target = attr(n, 'Target');
    if (id && type && target !== undefined) out.push({ id, type: normalRelType(type), target, targetMode: attr(n, 'TargetMode') });
  }
  return out;
}

/**
 * Hands the memory of inflated part bytes back now: the parse of a large part takes long enough for
 * them to reach the old generation, where they would stay until the next full collection (10 MB for
 * the synthetic manuscript's document.xml, still held when apply writes its output). Transferring
 * the buffer leaves the memory with a new, unreferenced owner that the next young collection frees.
 */
function release(bytes: Uint8Array): void {
  if (bytes.byteLength < 1 << 20 || bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) return;
  try {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer as ArrayBuffer] });
  } catch {
    // not transferable (a shared or pooled buffer): left to the collector
  }
}

const MACRO_CONTENT_TYPE = /macroEnabled|vbaProject|vbaData/i;

/**
 * A macro-enabled package (a .docm or .dotm: a VBA project part, or a macro-enabled content type) is
 * refused: the output would carry code nobody reviewed, and Word refuses a .docx that holds macros.
 */
function assertNoMacros(zip: ZipArchive, contentTypes: XmlDocument): void {
  const vba = zip.names().find((n) => /(^|\/)vba(Project\.bin|Data\.xml)$/i.test(n));
  if (vba) throw new DocxRejectedError('macro-enabled', `the package holds a VBA macro project ('${vba}'): macro-enabled documents (.docm) are not processed; save it as a .docx without macros`);
  for (const n of childrenOf(rootOf(contentTypes))) {
    const type = attr(n, 'ContentType');
    if (type && MACRO_CONTENT_TYPE.test(type)) {
      throw new DocxRejectedError('macro-enabled', `the package declares a macro-enabled content type (${type}): macro-enabled documents (.docm) are not processed; save it as a .docx without macros`);
    }
  }
}

export function openDocx(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS, parse: ParseOptions = {}): DocxPackage {
  const zip = readZip(bytes, limits);
  const cache = new Map<string, XmlDocument>();
  const relsCache = new Map<string, Relationship[]>();

  const xml = (part: string): XmlDocument => {
    const name = zip.resolve(part);
    if (!name) throw new Error(`no part '${part}'`);
    let doc = cache.get(name);
    if (!doc) {
      const bytes = zip.bytes(name);
      doc = parseXmlBytes(bytes, name, parse);
      release(bytes);
      cache.set(name, doc);
    }
    return doc;
  };
  const rels = (part: string): Relationship[] => {
    let r = relsCache.get(part);
    if (!r) {
      const rp = relsPartName(part);
      r = zip.has(rp) ? parseRels(xml(rp)) : [];
      relsCache.set(part, r);
    }
    return r;
  };

  if (!zip.has('[Content_Types].xml')) {
    if (!zip.has('word/document.xml')) throw new DocxRejectedError('missing-document-xml', 'the zip has no word/document.xml: it is not a Word document');
    throw new DocxRejectedError('missing-content-types', 'the package has no [Content_Types].xml');
  }
  assertNoMacros(zip, xml('[Content_Types].xml'));
  let mainPart: string | undefined;
  if (zip.has('_rels/.rels')) {
    const rel = parseRels(xml('_rels/.rels')).find((r) => r.type === REL.officeDocument || r.type.endsWith('/officeDocument'));
    if (rel) mainPart = zip.resolve(resolveTarget('', rel.target));
  }
  mainPart ??= zip.resolve('word/document.xml');
  if (!mainPart) throw new DocxRejectedError('missing-document-xml', 'the package has no main document part (word/document.xml)');

  return {
    zip,
    mainPart,
    xml,
    has: (part) => zip.has(part),
    rels,
    related(from, type) {
      const r = rels(from).find((x) => x.type === type && x.targetMode !== 'External');
      if (!r) return undefined;
      return zip.resolve(resolveTarget(from, r.target));
    },
  };
}
