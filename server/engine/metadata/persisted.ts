// What a previous apply recorded in the document, and how a later scan uses it.
//
// Apply writes a small custom XML part (customXml/itemN.xml, related from the main document with a
// customXml relationship) in its own namespace:
//
//   <hl:links xmlns:hl="urn:hyperlinker:links:1" engine="hyperlinker" version="1" appliedAt="...">
//     <hl:link anchor="_Hl_bib_3" kind="citation" targetId="bib-3" targetHash="..." sourceText="[3]"/>
//     <hl:link anchor="https://doi.org/10.1/x" kind="doi" external="1" targetHash="..." sourceText="10.1/x"/>
//   </hl:links>
//
// A scan recognises its own links: text inside a w:hyperlink is held ('existing-hyperlink') by the
// model; a link whose anchor is one this engine recorded (or carries our bookmark prefix `_Hl`) is
// ours. If the target behind such a link changed identity (its text hash differs, its bookmark is
// gone, or the citation text now means another target), the match becomes 'identity_change'; if not,
// it stays held as "already linked by Hyperlinker", so re-applying never nests or doubles links.

import { sha256Hex } from '../../common/hash.ts';
import type { PersistedLink, PersistedMetadata, MatchKind } from '../../../shared/contract.ts';
import { IDENTIFIER_KINDS } from '../../../shared/identifiers.ts';
import { explain, type MatchReasonCode } from '../../../shared/reasons.ts';
import type { MatchCandidate, TargetCandidate } from '../detect/types.ts';
import type { DocxPackage } from '../package/docx.ts';
import { attr, childrenOf, parseXml, rootOf, tagOf } from '../package/xml.ts';
import { piecesIn } from '../model/queries.ts';

export const PERSISTED_NS = 'urn:hyperlinker:links:1';
export const ENGINE_NAME = 'hyperlinker';
export const PERSISTED_VERSION = 1;
/** Prefix of every bookmark this engine creates (hidden in Word because it starts with `_`). */
export const BOOKMARK_PREFIX = '_Hl';

const KINDS = new Set<MatchKind>(['citation', 'figure', 'table', 'equation', 'section', 'appendix', 'algorithm', 'listing', 'doi', ...IDENTIFIER_KINDS]);

/** Identity of a target: hash of its whitespace-normalised text. */
export function targetHash(text: string): string {
  return sha256Hex(text.replace(/\s+/g, ' ').trim()).slice(0, 16);
}

export function targetText(t: TargetCandidate): string {
  return t.paragraph.text.slice(t.start, t.end);
}

/** Part names of custom XML items that carry our namespace. */
export function findPersistedParts(pkg: DocxPackage): string[] {
  const out: string[] = [];
  for (const name of pkg.zip.names()) {
    if (!/^customXml\/item\d+\.xml$/i.test(name)) continue;
    const bytes = pkg.zip.bytes(name);
    if (bytes.length > 4 * 1024 * 1024) continue;
    if (pkg.zip.text(name).includes(PERSISTED_NS)) out.push(name);
  }
  return out;
}

const localName = (tag: string) => (tag.includes(':') ? tag.slice(tag.indexOf(':') + 1) : tag);

export function readPersistedMetadata(pkg: DocxPackage): PersistedMetadata | null {
  const parts = findPersistedParts(pkg);
  if (!parts.length) return null;
  try {
    const root = rootOf(parseXml(pkg.zip.text(parts[0]!), parts[0]));
    const links: PersistedLink[] = [];
    for (const n of childrenOf(root)) {
      const tag = tagOf(n);
      if (!tag || localName(tag) !== 'link') continue;
      const anchor = attr(n, 'anchor');
      const kind = attr(n, 'kind') as MatchKind | undefined;
      if (!anchor || !kind || !KINDS.has(kind)) continue;
      const link: PersistedLink = { anchor, kind, targetHash: attr(n, 'targetHash') ?? '', sourceText: attr(n, 'sourceText') ?? '' };
      const targetId = attr(n, 'targetId');
      if (targetId) link.targetId = targetId;
      if (attr(n, 'external') === '1') link.external = true;
      const part = attr(n, 'part');
      if (part) link.part = part;
      links.push(link);
    }
    const meta: PersistedMetadata = {
      engine: attr(root, 'engine') ?? ENGINE_NAME,
      version: Number(attr(root, 'version') ?? PERSISTED_VERSION) || PERSISTED_VERSION,
      links,
    };
    const appliedAt = attr(root, 'appliedAt');
    if (appliedAt) meta.appliedAt = appliedAt;
    return meta;
  } catch {
    return null;
  }
}

/** Whether an internal anchor is one this engine wrote. */
function isOwnAnchor(anchor: string, persisted: PersistedMetadata | null): boolean {
  if (anchor.startsWith(BOOKMARK_PREFIX)) return true;
  return !!persisted?.links.some((l) => !l.external && l.anchor === anchor);
}

/** The internal anchor of the existing link covering [start, end) of a match, if any. */
function coveringAnchor(m: MatchCandidate): string | undefined {
  for (const l of m.paragraph.links) {
    if (l.anchor !== undefined && l.start <= m.start && l.end >= m.end) return l.anchor;
  }
  // The model may report a link's range differently (e.g. one per segment); fall back to overlap.
  for (const l of m.paragraph.links) {
    if (l.anchor !== undefined && l.start < m.end && l.end > m.start) return l.anchor;
  }
  return undefined;
}

export function markIdentityChanges(matches: MatchCandidate[], targets: TargetCandidate[], persisted: PersistedMetadata | null): void {
  const byAnchor = new Map<string, TargetCandidate>();
  for (const t of targets) {
    for (const b of t.paragraph.bookmarks) if (!byAnchor.has(b.name)) byAnchor.set(b.name, t);
  }
  const recorded = new Map<string, PersistedLink>();
  for (const l of persisted?.links ?? []) if (!l.external && !recorded.has(l.anchor)) recorded.set(l.anchor, l);
  const targetKeys = new Map(targets.map((t) => [t.key, t]));

  for (const m of matches) {
    if (m.kind === 'doi' || m.identifier) continue;
    const pieces = piecesIn(m.paragraph, m.start, m.end);
    if (!pieces.some((p) => p.hold === 'existing-hyperlink')) continue;
    const anchor = coveringAnchor(m);
    if (anchor === undefined || !isOwnAnchor(anchor, persisted)) continue;
    const rec = recorded.get(anchor);
    const linked = byAnchor.get(anchor) ?? (rec?.targetId ? targetKeys.get(rec.targetId) : undefined);
    let why: [MatchReasonCode, Record<string, string>] | undefined;
    if (!linked) why = ['targetGone', {}];
    else if (rec && rec.targetHash && rec.targetHash !== targetHash(targetText(linked))) why = ['targetChanged', { label: linked.label }];
    else if (m.targetKey && m.targetKey !== linked.key) {
      why = ['meaningChanged', { label: linked.label, now: targetKeys.get(m.targetKey)?.label ?? m.targetKey }];
    }
    m.status = why ? 'identity_change' : 'held';
    const [code, values] = why ?? ['ownLink', {}];
    explain(m, code, values);
  }
}
