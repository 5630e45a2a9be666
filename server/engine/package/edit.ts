// Tracks what apply changes in a package: parsed parts edited in place (serialised once at the end),
// new parts, relationships and content types. Everything else is copied raw by writeZip.

import { parseRels, relsPartName, resolveTarget, type DocxPackage } from './docx.ts';
import { childrenOf, el, parseXml, rootOf, tagOf, attr, type XmlDocument } from './xml.ts';
import { isStrictUri, relTypeFor } from './namespaces.ts';
import { serializeXmlTo } from './serialize.ts';
import { joinPieces, writeZipPieces, type ZipPieces, type ZipWriteEntry } from './zip.ts';

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELS_TYPE = 'application/vnd.openxmlformats-package.relationships+xml';

export class PackageEdit {
  readonly changed = new Set<string>();
  private readonly added = new Map<string, XmlDocument | Uint8Array>();
  /** Existing parts whose whole content is replaced by new bytes. */
  private readonly replaced = new Map<string, Uint8Array>();

  private strictPackage: boolean | undefined;

  constructor(readonly pkg: DocxPackage) {}

  /** Whether the package is Strict OOXML (its main document in the purl.oclc.org namespaces). */
  get strict(): boolean {
    if (this.strictPackage === undefined) {
      const attrs = rootOf(this.pkg.xml(this.pkg.mainPart))[':@'] ?? {};
      this.strictPackage = Object.keys(attrs).some((k) => k.startsWith('@_xmlns') && isStrictUri(attrs[k]));
    }
    return this.strictPackage;
  }

  /** The parsed part (cached by the package), marked as changed. */
  edit(part: string): XmlDocument {
    const doc = this.added.get(part);
    if (doc && !(doc instanceof Uint8Array)) return doc;
    const name = this.pkg.zip.resolve(part) ?? part;
    this.changed.add(name);
    return this.pkg.xml(name);
  }

  has(part: string): boolean {
    return this.added.has(part) || this.pkg.has(part);
  }

  /** Replaces an existing part's content with bytes (no tree needed when a part is written whole). */
  replacePart(part: string, bytes: Uint8Array): void {
    const name = this.pkg.zip.resolve(part) ?? part;
    this.replaced.set(name, bytes);
    this.changed.add(name);
  }

  addPart(part: string, doc: XmlDocument | Uint8Array, contentType?: string): void {
    this.added.set(part, doc);
    if (contentType) this.ensureOverride(part, contentType);
  }

  /** Relationships document of a part, created when missing. */
  private relsDoc(part: string): XmlDocument {
    const rp = relsPartName(part);
    if (this.added.has(rp) || this.pkg.has(rp)) return this.edit(rp);
    const doc = parseXml(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="${RELS_NS}"></Relationships>`, rp);
    this.addPart(rp, doc);
    this.ensureDefault('rels', RELS_TYPE, rp);
    return doc;
  }

  /** Relationships currently declared by a part (including ones added in this run). */
  rels(part: string) {
    const rp = relsPartName(part);
    const doc = this.added.get(rp);
    if (doc && !(doc instanceof Uint8Array)) return parseRels(doc);
    return this.pkg.has(rp) ? parseRels(this.pkg.xml(this.pkg.zip.resolve(rp)!)) : [];
  }

  /** Per source part: the relationships by type, target and mode, and every id in use; read once, kept current. */
  private readonly relIndex = new Map<string, { byKey: Map<string, string>; ids: Set<string>; next: number }>();

  private indexOf(part: string) {
    let index = this.relIndex.get(part);
    if (!index) {
      index = { byKey: new Map(), ids: new Set(), next: 1 };
      for (const r of this.rels(part)) {
        index.ids.add(r.id);
        const key = relKey(r.type, r.target, r.targetMode === 'External');
        if (!index.byKey.has(key)) index.byKey.set(key, r.id);
      }
      this.relIndex.set(part, index);
    }
    return index;
  }

  /** Id of a relationship from `part` (reusing an identical one), adding it when needed. */
  relationship(part: string, type: string, target: string, external: boolean): string {
    const index = this.indexOf(part);
    const key = relKey(type, target, external);
    const existing = index.byKey.get(key);
    if (existing) return existing;
    const root = rootOf(this.relsDoc(part));
    while (index.ids.has(`rIdHl${index.next}`)) index.next++;
    const id = `rIdHl${index.next}`;
    const attrs: Record<string, string> = { Id: id, Type: relTypeFor(this.strict, type), Target: target };
    if (external) attrs.TargetMode = 'External';
    childrenOf(root).push(el('Relationship', attrs));
    index.ids.add(id);
    index.byKey.set(key, id);
    return id;
  }

  private contentTypes(): XmlNode0 {
    return rootOf(this.edit('[Content_Types].xml'));
  }

  private hasDefault(ext: string): boolean {
    const root = rootOf(this.pkg.xml('[Content_Types].xml'));
    return childrenOf(root).some((n) => tagOf(n) === 'Default' && (attr(n, 'Extension') ?? '').toLowerCase() === ext);
  }

  /** Makes sure a new part of this extension has a content type: a Default when the package lacks one, else nothing. */
  ensureDefault(ext: string, contentType: string, part: string): void {
    if (this.hasDefault(ext)) return;
    this.ensureOverride(part, contentType);
  }

  ensureOverride(part: string, contentType: string): void {
    const root = rootOf(this.pkg.xml('[Content_Types].xml'));
    const pn = '/' + part;
    if (childrenOf(root).some((n) => tagOf(n) === 'Override' && (attr(n, 'PartName') ?? '').toLowerCase() === pn.toLowerCase())) return;
    childrenOf(this.contentTypes()).push(el('Override', { PartName: pn, ContentType: contentType }));
  }

  /** Resolved target part of a relationship from `from`. */
  resolve(from: string, target: string): string {
    return resolveTarget(from, target);
  }

  /** Writes the package into one buffer (writePieces, joined). */
  write(): Uint8Array {
    return joinPieces(this.writePieces());
  }

  /** Writes the package: untouched entries raw (views of the source's bytes), changed and new parts serialised once, deflated as they are written. */
  writePieces(): ZipPieces {
    const items: ZipWriteEntry[] = [];
    for (const name of this.pkg.zip.names()) {
      const bytes = this.replaced.get(name);
      if (bytes) items.push({ name, data: bytes });
      else if (this.changed.has(name)) items.push({ name, produce: (emit) => serializeXmlTo(this.pkg.xml(name), emit) });
      else items.push({ name, copyFrom: this.pkg.zip });
    }
    for (const [name, doc] of this.added) {
      items.push(doc instanceof Uint8Array ? { name, data: doc } : { name, produce: (emit) => serializeXmlTo(doc, emit) });
    }
    return writeZipPieces(items);
  }
}

type XmlNode0 = ReturnType<typeof rootOf>;

function relKey(type: string, target: string, external: boolean): string {
  return `${type}|${external ? 'E' : 'I'}|${target}`;
}
