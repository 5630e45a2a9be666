// scan(): bytes → package → document model → detectors → review packet.
// detect() keeps the intermediate results so that apply() can act on the same matches; analyse()
// adds the review packet (scan and the service need it, apply does not).

import type { PersistedMetadata, ScanPacket } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { detectBibliography } from './detect/bibliography.ts';
import { detectCitations } from './detect/citations.ts';
import { detectCrossReferences } from './detect/cross-references.ts';
import { detectDois } from './detect/dois.ts';
import { detectIdentifiers } from './detect/identifiers/index.ts';
import type { Bibliography, DetectContext, MatchCandidate, TargetCandidate } from './detect/types.ts';
import { TooManyMatchesError } from './errors.ts';
import { readPersistedMetadata, markIdentityChanges } from './metadata/persisted.ts';
import { buildModel } from './model/document.ts';
import type { DocumentModel, ModelParagraph } from './model/types.ts';
import { openDocx, type DocxPackage } from './package/docx.ts';
import { DEFAULT_ZIP_LIMITS } from './package/zip.ts';
import { sha256Hex } from './review/hashes.ts';
import { applyHolds } from './review/holds.ts';
import { buildPacket, matchId, sortMatches } from './review/packet.ts';
import type { ReferenceListInput, ScanHooks, StyleEntryText } from './citation-style-hooks.ts';
import { isReferenceHeadingText } from './detect/bibliography/headings.ts';
import { runChecks } from './checks/index.ts';
import { languagesReport, manuscriptLanguages, type ManuscriptLanguages } from './detect/languages.ts';

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
  /** The languages the manuscript was read in (detect/languages.ts). */
  languages: ManuscriptLanguages;
}

export interface Analysis extends Detection {
  packet: ScanPacket;
}

/** Makes target keys unique (a second "Figure 1" caption becomes fig-1~2); `seen` counts the keys of targets before these. */
function uniqueTargets(targets: TargetCandidate[], seen = new Map<string, number>()): TargetCandidate[] {
  for (const t of targets) {
    const n = (seen.get(t.key) ?? 0) + 1;
    seen.set(t.key, n);
    if (n > 1) t.key = `${t.key}~${n}`;
  }
  return targets;
}

/** Matches one document may propose by default (the synthetic 25 MB manuscript has about 17,000). */
export const DEFAULT_MAX_MATCHES = 25_000;

export interface EngineLimits {
  /** More matches than this → TooManyMatchesError (default DEFAULT_MAX_MATCHES). */
  maxMatches?: number;
}

export interface DetectOptions extends EngineLimits {
  /** The trees will be kept and edited through linking and writing (apply): build them lean (ParseOptions.lean). */
  forLinking?: boolean;
}

/**
 * In a document citing with parenthesised numbers, "the system (3)" next to a display equation (3) is
 * the equation: a citation on the span of a resolved equation mention is dropped.
 */
function withoutEquationSpans(citations: MatchCandidate[], xrefs: MatchCandidate[]): MatchCandidate[] {
  const spans = new Map<ModelParagraph, MatchCandidate[]>();
  for (const m of xrefs) {
    if (m.kind !== 'equation' || m.status === 'unmatched') continue;
    const list = spans.get(m.paragraph);
    if (list) list.push(m);
    else spans.set(m.paragraph, [m]);
  }
  if (!spans.size) return citations;
  return citations.filter((c) => !spans.get(c.paragraph)?.some((e) => e.start < c.end && c.start < e.end));
}

/**
 * detect() in two stages. The first reads the package, builds the model and finds the reference list, whose
 * entries already carry the keys they keep; `rest()` runs every other detector and gives what detect() gives. A
 * caller that needs the references before the rest (the command line's resolve sends them to the registry while
 * the rest is detected) takes them from the first stage.
 */
export interface StagedDetection {
  bibliography: Bibliography | null;
  rest(): Detection;
}

export function detectInStages(bytes: Uint8Array, settings: HyperlinkSettings, options: DetectOptions = {}): StagedDetection {
  const pkg = openDocx(bytes, DEFAULT_ZIP_LIMITS, { lean: options.forLinking === true });
  const model = buildModel(pkg);
  const ctx: DetectContext = { model, settings };
  const bibliography = settings.refs || settings.citeStyle !== 'off' ? detectBibliography(ctx) : null;
  // The entries come first among the targets: their keys are final before any other target is found.
  const seen = new Map<string, number>();
  uniqueTargets(bibliography?.entries ?? [], seen);
  let detection: Detection | null = null;
  return { bibliography, rest: () => (detection ??= detectRest(bytes, settings, options, { pkg, model, ctx, bibliography, seen })) };
}

export function detect(bytes: Uint8Array, settings: HyperlinkSettings, options: DetectOptions = {}): Detection {
  return detectInStages(bytes, settings, options).rest();
}

function detectRest(
  bytes: Uint8Array,
  settings: HyperlinkSettings,
  options: DetectOptions,
  first: { pkg: DocxPackage; model: DocumentModel; ctx: DetectContext; bibliography: Bibliography | null; seen: Map<string, number> },
): Detection {
  const { pkg, model, ctx, bibliography } = first;
  const fileHash = sha256Hex(bytes);
  const excluded = new Set(bibliography?.region ?? []);
  const citations = detectCitations(ctx, bibliography);
  const languages = manuscriptLanguages(model, settings);
  const xrefs = detectCrossReferences(ctx, excluded, { parenCitations: citations.parens, vocabulary: languages.vocabulary });
  const dois = detectDois(ctx);
  const identifiers = detectIdentifiers(ctx);

  const targets = [...(bibliography?.entries ?? []), ...uniqueTargets(xrefs.targets, first.seen)];
  const matches = [...withoutEquationSpans(citations.matches, xrefs.matches), ...xrefs.matches, ...dois, ...identifiers];
  const maxMatches = options.maxMatches ?? DEFAULT_MAX_MATCHES;
  if (matches.length > maxMatches) throw new TooManyMatchesError(matches.length, maxMatches);
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
  return { pkg, model, settings, bibliography, targets, targetById, matchById, persistedMetadata: persisted, citeStyle: citations.style, fileHash, languages };
}

/** The review packet of a detection (scan shows it; apply checks a scan token's hashes against it). */
export function packetOf(d: Detection): ScanPacket {
  const matches = [...d.matchById].map(([id, match]) => ({ id, match }));
  const packet = buildPacket({ fileHash: d.fileHash, settings: d.settings, matches, targets: d.targets, citeStyle: d.citeStyle, persistedMetadata: d.persistedMetadata });
  return { ...packet, languages: languagesReport(d.languages), checks: runChecks(packet) };
}

/**
 * The paragraphs under the last reference-list heading of the main text, up to the next heading: a
 * fallback for style detection when the bibliography detector (which needs citations it can match)
 * found fewer entries.
 */
function paragraphsUnderReferenceHeading(model: DocumentModel): StyleEntryText[] {
  const main = model.parts[0]?.paragraphs ?? [];
  let at = -1;
  for (let i = main.length - 1; i >= 0; i--) if (isReferenceHeadingText(main[i].text)) { at = i; break; }
  if (at < 0) return [];
  const out: StyleEntryText[] = [];
  for (let i = at + 1; i < main.length; i++) {
    const p = main[i];
    if (p.headingLevel !== null || isReferenceHeadingText(p.text)) break;
    if (p.text.trim()) out.push({ text: p.text, printedLabel: p.numbering?.text.trim() || null });
  }
  return out;
}

/** A note that reads like a citation: a capitalised name and a year, or "Ibid." / "op. cit.". */
const NOTE_CITATION = /\p{Lu}[\p{L}'’-]+[\s\S]{0,200}?\b(?:1[5-9]\d\d|20\d\d)\b|\b(?:Ibid|ibid|op\. cit)\b/u;

/** Footnotes and endnotes whose text reads like a citation (a note style cites there). */
function noteCitationCount(model: DocumentModel): number {
  const notes = new Set<string>();
  for (const part of model.parts.slice(1)) {
    for (const p of part.paragraphs) if (p.noteId != null && NOTE_CITATION.test(p.text)) notes.add(`${part.name}#${p.noteId}`);
  }
  return notes.size;
}

/** The reference list as style detection reads it. */
export function referenceList(d: Pick<Detection, 'bibliography' | 'citeStyle' | 'model'>): ReferenceListInput | null {
  const found = (d.bibliography?.entries ?? []).map((e) => ({ text: e.text, printedLabel: e.printedLabel ?? null }));
  const under = paragraphsUnderReferenceHeading(d.model);
  const entries = under.length > found.length ? under : found;
  return entries.length ? { entries, citeStyle: d.citeStyle, noteCitations: noteCitationCount(d.model) } : null;
}

/** detect() plus the review packet (with the detected citation style when a detector is given). */
export function analyse(bytes: Uint8Array, settings: HyperlinkSettings, hooks: ScanHooks & EngineLimits = {}): Analysis {
  const d = detect(bytes, settings, { maxMatches: hooks.maxMatches });
  const packet = packetOf(d);
  const list = hooks.detectStyle ? referenceList(d) : null;
  if (hooks.detectStyle && list) {
    const found = hooks.detectStyle(list);
    packet.detectedCslId = found.detectedCslId;
    packet.styleDetection = found.styleDetection;
  }
  return { ...d, packet };
}

/** Reads a DOCX without modifying it and proposes every link, for review. */
export function scan(bytes: Uint8Array, settings: HyperlinkSettings, hooks: ScanHooks & EngineLimits = {}): ScanPacket {
  return analyse(bytes, settings, hooks).packet;
}
