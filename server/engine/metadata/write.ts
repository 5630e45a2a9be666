// Writes the custom XML part that records what this engine linked (read back by persisted.ts):
// customXml/itemN.xml in our namespace, its itemPropsN.xml (datastore item id, as Word writes
// them), and a customXml relationship from the main document. An existing part is rewritten in place.

import { sha256Hex } from '../../common/hash.ts';
import type { PersistedLink, PersistedMetadata } from '../../../shared/contract.ts';
import { REL } from '../package/docx.ts';
import { escapeXmlAttr, parseXml } from '../package/xml.ts';
import type { PackageEdit } from '../package/edit.ts';
import { ENGINE_NAME, PERSISTED_NS, PERSISTED_VERSION, findPersistedParts } from './persisted.ts';

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const PROPS_TYPE = 'application/vnd.openxmlformats-officedocument.customXmlProperties+xml';
const PROPS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps';

/** Merges earlier records with this run's: one target hash per internal anchor (the latest). */
function mergeLinks(previous: PersistedLink[], added: PersistedLink[]): PersistedLink[] {
  const hashByAnchor = new Map<string, string>();
  for (const l of added) if (!l.external) hashByAnchor.set(l.anchor, l.targetHash);
  const seen = new Set<string>();
  const out: PersistedLink[] = [];
  for (const l of [...previous, ...added]) {
    const k = `${l.part ?? ''}|${l.anchor}|${l.sourceText}|${l.kind}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const h = !l.external ? hashByAnchor.get(l.anchor) : undefined;
    out.push(h !== undefined ? { ...l, targetHash: h } : l);
  }
  return out;
}

function metadataXml(meta: PersistedMetadata): string {
  const a = (v: string) => escapeXmlAttr(v);
  const links = meta.links.map((l) => {
    let s = `<hl:link anchor="${a(l.anchor)}" kind="${l.kind}" targetHash="${a(l.targetHash)}" sourceText="${a(l.sourceText.slice(0, 200))}"`;
    if (l.targetId) s += ` targetId="${a(l.targetId)}"`;
    if (l.part) s += ` part="${a(l.part)}"`;
    if (l.external) s += ' external="1"';
    return s + '/>';
  });
  return `${DECL}<hl:links xmlns:hl="${PERSISTED_NS}" engine="${a(meta.engine)}" version="${meta.version}"${meta.appliedAt ? ` appliedAt="${a(meta.appliedAt)}"` : ''}>${links.join('')}</hl:links>`;
}

function guid(seed: string): string {
  const h = sha256Hex(seed).toUpperCase();
  return `{${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}}`;
}

export function writePersisted(edit: PackageEdit, previous: PersistedMetadata | null, added: PersistedLink[], appliedAt: string): PersistedMetadata {
  const meta: PersistedMetadata = { engine: ENGINE_NAME, version: PERSISTED_VERSION, appliedAt, links: mergeLinks(previous?.links ?? [], added) };
  // Written whole as bytes: a tree of thousands of records would only be serialised again.
  const xml = new TextEncoder().encode(metadataXml(meta));
  const existing = findPersistedParts(edit.pkg)[0];
  if (existing) {
    edit.replacePart(existing, xml);
    return meta;
  }
  let n = 1;
  while (edit.has(`customXml/item${n}.xml`) || edit.has(`customXml/itemProps${n}.xml`)) n++;
  const item = `customXml/item${n}.xml`, props = `customXml/itemProps${n}.xml`;
  edit.addPart(item, xml);
  edit.ensureDefault('xml', 'application/xml', item);
  const propsXml = `${DECL}<ds:datastoreItem ds:itemID="${guid(item + appliedAt)}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs><ds:schemaRef ds:uri="${PERSISTED_NS}"/></ds:schemaRefs></ds:datastoreItem>`;
  edit.addPart(props, parseXml(propsXml, props), PROPS_TYPE);
  edit.relationship(item, PROPS_REL, `itemProps${n}.xml`, false);
  edit.relationship(edit.pkg.mainPart, REL.customXml, '../'.repeat(edit.pkg.mainPart.split('/').length - 1) + item, false);
  return meta;
}
