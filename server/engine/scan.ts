// scan(): bytes → package → document model → detectors → review packet.
// detect() keeps the intermediate results so that apply() can act on the same matches; analyse()
// adds the review packet (scan and the service need it, apply does not).

import type { PersistedMetadata, ScanPacket } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { detectBibliography } from './detect/bibliography.ts';
import { detectCitations } from './detect/citations.ts';
import { detectCrossReferences } from './detect/cross-references.ts';
import { detectDois } from './detect/dois.ts';
import type { Bibliography, DetectContext, MatchCandidate, TargetCandidate } from './detect/types.ts';
import { readPersistedMetadata, markIdentityChanges } from './link/persisted.ts';
import { buildModel } from './model/document.ts';
import type { DocumentModel } from './model/types.ts';
import { openDocx, type DocxPackage } from './package/docx.ts';
import { DEFAULT_ZIP_LIMITS } from './package/zip.ts';
import { sha256Hex } from './review/hashes.ts';
import { applyHolds } from './review/holds.ts';
import { buildPacket, matchId, sortMatches } from './review/packet.ts';

/** What the detectors found, with stable match ids, before it becomes a review packet. */
export interface Detection {
  pkg: DocxPackage;
  model: DocumentModel;
  settings: HyperlinkSettings;
  bibliography: Bibliography | null;
  targets: TargetCandidate[];
  targetById: Map<string, TargetCandidate>;
  matchById: Map<string, MatchCandidate>;
  persistedMetadata: PersistedMetadata | null;
  citeStyle: string;
  fileHash: string;
}

export interface Analysis extends Detection {
  packet: ScanPacket;
}

/** Makes target keys unique (a second "Figure 1" caption becomes fig-1~2). */
function uniqueTargets(targets: TargetCandidate[]): TargetCandidate[] {
  const seen = new Map<string, number>();
  for (const t of targets) {
    const n = (seen.get(t.key) ?? 0) + 1;
    seen.set(t.key, n);
    if (n > 1) t.key = `${t.key}~${n}`;
  }
  return targets;
}

export interface DetectOptions {
  /** The trees will be kept and edited through linking and writing (apply): build them lean (ParseOptions.lean). */
  forLinking?: boolean;
}

export function detect(bytes: Uint8Array, settings: HyperlinkSettings, options: DetectOptions = {}): Detection {
  const fileHash = sha256Hex(bytes);
  const pkg = openDocx(bytes, DEFAULT_ZIP_LIMITS, { lean: options.forLinking === true });
  const model = buildModel(pkg);
  const ctx: DetectContext = { model, settings };

  const bibliography = settings.refs || settings.citeStyle !== 'off' ? detectBibliography(ctx) : null;
  const excluded = new Set(bibliography?.region ?? []);
  const citations = detectCitations(ctx, bibliography);
  const xrefs = detectCrossReferences(ctx, excluded);
  const dois = detectDois(ctx);

  const targets = uniqueTargets([...(bibliography?.entries ?? []), ...xrefs.targets]);
  const matches = [...citations.matches, ...xrefs.matches, ...dois];
  applyHolds(matches, bibliography);
  const persisted = readPersistedMetadata(pkg);
  markIdentityChanges(matches, targets, persisted);
  sortMatches(matches);

  const matchById = new Map<string, MatchCandidate>();
  for (const m of matches) {
    let id = matchId(m);
    if (matchById.has(id)) id = `${id}-${m.end}`;
    matchById.set(id, m);
  }
  const targetById = new Map(targets.map((t) => [t.key, t]));
  return { pkg, model, settings, bibliography, targets, targetById, matchById, persistedMetadata: persisted, citeStyle: citations.style, fileHash };
}

/** The review packet of a detection (scan shows it; apply checks a scan token's hashes against it). */
export function packetOf(d: Detection): ScanPacket {
  const matches = [...d.matchById].map(([id, match]) => ({ id, match }));
  return buildPacket({ fileHash: d.fileHash, settings: d.settings, matches, targets: d.targets, citeStyle: d.citeStyle, persistedMetadata: d.persistedMetadata });
}

/** detect() plus the review packet. */
export function analyse(bytes: Uint8Array, settings: HyperlinkSettings): Analysis {
  const d = detect(bytes, settings);
  return { ...d, packet: packetOf(d) };
}

/** Reads a DOCX without modifying it and proposes every link, for review. */
export function scan(bytes: Uint8Array, settings: HyperlinkSettings): ScanPacket {
  return analyse(bytes, settings).packet;
}
