// apply on an analysis: decisions → plans → links written into the parsed parts → package bytes.
// Separate from apply.ts so that it runs on any analysis (tests build them by hand).

import type { ApplyOutput, BibRewriteResult, PersistedMetadata, ResolvedWork, ReviewDecision, UnmatchedItem } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import type { BibEntry, MatchCandidate, TargetCandidate } from '../detect/types.ts';
import { rewriteBibliography, rewriteSummary } from '../rewrite/bibliography.ts';
import { citationContext, entryLabel, NO_REFERENCE_LIST, planRewrite, rewriteEntriesIn, textFamilyOf, type RewritePlan } from '../rewrite/plan.ts';
import type { BibliographyRenderer } from '../citation-style-hooks.ts';
import type { DocumentModel } from '../model/types.ts';
import type { DocxPackage } from '../package/docx.ts';
import { BookmarkAllocator } from './bookmarks.ts';
import { normaliseDoi } from '../../../shared/doi.ts';
import { reasonOf, reasonText, warningFields, type ReasonCode } from '../../../shared/reasons.ts';
import { doiUrl, planDecisions, unmatchedItem, type ReferenceDoi } from './decisions.ts';
import { Linker } from './linker.ts';
import { planResolvedWorks, referenceLinkRange, type Range } from './references.ts';
import { PackageEdit } from '../package/edit.ts';
import type { ZipPieces } from '../package/zip.ts';
import { readPersistedMetadata } from '../metadata/persisted.ts';
import { writePersisted } from '../metadata/write.ts';
import { hexColor, type Appearance } from './rpr.ts';
import { CATEGORY, emptyStatCounts, type LinkStats } from './stats.ts';
import { ensureHyperlinkStyle, findHyperlinkStyle } from './styles.ts';

/** What apply needs from a scan (scan.ts's Analysis satisfies it). */
export interface LinkInput {
  pkg: DocxPackage;
  model: DocumentModel;
  settings: HyperlinkSettings;
  targetById: Map<string, TargetCandidate>;
  matchById: Map<string, MatchCandidate>;
  /** What the scan found in the document's metadata part; read from the package when absent. */
  persistedMetadata?: PersistedMetadata | null;
  /** In-text citation form the scan found (number, superscript, author-year, off). */
  citeStyle?: string;
}

export interface ApplyOptions {
  resolvedWorks?: Record<string, ResolvedWork>;
  /** Timestamp written into the metadata part (tests pin it). */
  now?: Date;
  /** Rewrite the reference entries in this style (applyBibRewrite=true); planned in rewrite/plan.ts, written by rewrite/bibliography.ts. */
  bibliography?: BibliographyRenderer;
  /** Receives the restyle plan as apply made it (the pane's preview shows it: one planner, one plan). */
  onRestylePlan?: (plan: RewritePlan, entries: BibEntry[]) => void;
}

/** refTitleLink: references some approved citation links to, and that carry a DOI of their own, get their title linked to it. */
function ownDoiTitleLinks(settings: HyperlinkSettings, linkedTargets: Iterable<TargetCandidate>): ReferenceDoi[] {
  const out: ReferenceDoi[] = [];
  if (!settings.refTitleLink) return out;
  for (const t of linkedTargets) {
    const doi = t.type === 'bibliography' ? normaliseDoi(t.doi) : null;
    if (doi) out.push({ target: t, doi, source: 'refTitleLink' });
  }
  return out;
}

interface ReferenceLink { ref: ReferenceDoi; range: Range | null; coveredByDoiMatch: boolean }

const sameDoi = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The restyle, planned whole before anything is written (refused: nothing written), or null when no list was found. */
function planRestyle(input: LinkInput, renderer: BibliographyRenderer, linker: Linker): { plan: RewritePlan; entries: BibEntry[]; total: number } | null {
  const entries = rewriteEntriesIn(input.targetById);
  if (!entries.length) return null;
  const pendingLinks = new Map(entries.map((e) => [e.key, linker.queuedTexts(e.paragraph)]));
  const ctx = { textFamily: textFamilyOf(input.citeStyle), partial: input.settings.bibRewritePartial === true, ...citationContext(input.model, input.matchById.values()), pendingLinks };
  return { plan: planRewrite(entries, renderer, ctx), entries, total: entries.length };
}

/** ApplyOutput with the document as the pieces of its zip (see ZipPieces): views of `bytes` for every entry
 * left as it was, so `bytes` must not change until the pieces are written out. */
export type LinkedDocument = Omit<ApplyOutput, 'docx'> & { docx: ZipPieces };


export function linkAnalysis(input: LinkInput, bytes: Uint8Array, decisions: ReviewDecision[], options: ApplyOptions = {}): LinkedDocument {
  const { pkg, model, settings } = input;
  const resolvedRefs = planResolvedWorks(input.targetById, options.resolvedWorks);
  const resolvedByTarget = new Map(resolvedRefs.map((r) => [r.target.key, r.doi]));
  const plan = planDecisions(input.matchById, input.targetById, decisions, (key) => resolvedByTarget.get(key));
  const warnings: ReasonCode[] = [];
  const unmatched: UnmatchedItem[] = plan.unmatched;
  const edit = new PackageEdit(pkg);
  const style = findHyperlinkStyle(pkg);
  const styleId = style.id ?? 'Hyperlink'; // created at the end when missing (ensureHyperlinkStyle)
  const internalLook: Appearance = { styleId, color: hexColor(settings.xrefLinkColor), font: '' };
  const externalLook: Appearance = { styleId, color: hexColor(settings.linkColor), font: settings.urlFont ?? '' };
  const bookmarks = new BookmarkAllocator(model);
  const linker = new Linker(edit, bookmarks, internalLook, externalLook);
  const statCounts = emptyStatCounts();
  const stats: LinkStats = {
    internalLinks: 0, externalLinks: 0, titleLinks: 0, resolvedWorkLinks: 0, relinked: 0, bookmarksCreated: 0, bookmarksReused: 0,
    segments: 0, partsChanged: [], matches: input.matchById.size, decisions: decisions.length,
  };
  const linkedTargets = new Set<TargetCandidate>();

  for (const ip of plan.internal) {
    const m = ip.match;
    if (ip.relink) {
      if (linker.relink(m.paragraph, m.start, m.end, ip.target, m.kind)) {
        stats.relinked++;
        statCounts[CATEGORY[m.kind]]++;
      } else unmatched.push(unmatchedItem(ip.refId, m, m.status, reasonOf('relinkNotFound')));
      continue;
    }
    const reason = linker.add({ paragraph: m.paragraph, start: m.start, end: m.end, kind: m.kind, target: ip.target, category: CATEGORY[m.kind] });
    if (reason) unmatched.push(unmatchedItem(ip.refId, m, m.status, reason));
    else linkedTargets.add(ip.target);
  }
  // Reference entries linked to a DOI: a link_only decision on the reference first, then its approved
  // resolved work, then (refTitleLink) the DOI the entry carries. One link per entry.
  const refLinks: ReferenceLink[] = [];
  const seenRefs = new Set<string>();
  for (const ref of [...plan.references, ...resolvedRefs, ...ownDoiTitleLinks(settings, linkedTargets)]) {
    if (seenRefs.has(ref.target.key)) continue;
    seenRefs.add(ref.target.key);
    refLinks.push({ ref, range: referenceLinkRange(ref.target, settings.refTitleLink || ref.source === 'refTitleLink'), coveredByDoiMatch: false });
  }
  for (const ep of plan.external) {
    const m = ep.match;
    // A reference link on the same text wins: the same DOI is linked once (by the DOI match), another
    // DOI (the reviewer approved the resolver's correction) replaces the one written.
    if (ep.url) {
      // An identifier (URL, PMID, ...) links to its resolver; a reference link written on the same text wins.
      const inRefLink = refLinks.some((l) => l.range && l.ref.target.paragraph === m.paragraph && l.range.start < m.end && l.range.end > m.start);
      const reason = inRefLink ? reasonOf('insideReferenceDoi') : linker.add({ paragraph: m.paragraph, start: m.start, end: m.end, kind: m.kind, url: ep.url, category: CATEGORY[m.kind] });
      if (reason) unmatched.push(unmatchedItem(ep.refId ?? '', m, m.status, reason));
      continue;
    }
    const claim = refLinks.find((l) => l.range && l.ref.target.paragraph === m.paragraph && l.range.start < m.end && l.range.end > m.start);
    if (claim) {
      if (sameDoi(claim.ref.doi, ep.doi) && claim.range!.start === m.start && claim.range!.end === m.end) claim.coveredByDoiMatch = true;
      else { unmatched.push(unmatchedItem(ep.refId ?? '', m, m.status, reasonOf('referenceDoiHere', { doi: claim.ref.doi }))); continue; }
    }
    const reason = linker.add({ paragraph: m.paragraph, start: m.start, end: m.end, kind: 'doi', url: doiUrl(ep.doi), category: CATEGORY[m.kind] });
    if (reason) unmatched.push(unmatchedItem(ep.refId ?? '', m, m.status, reason));
  }
  for (const { ref, range, coveredByDoiMatch } of refLinks) {
    if (coveredByDoiMatch) continue;
    if (!range) { warnings.push(reasonOf('doiNoText', {}, { label: [entryLabel(ref.target)] })); continue; }
    const reason = linker.add({
      paragraph: ref.target.paragraph, start: range.start, end: range.end, kind: 'doi', url: doiUrl(ref.doi), category: 'dois',
      reference: ref.source === 'resolvedWork' ? 'resolvedWork' : 'entry',
    });
    if (reason && reason.code !== 'alreadyLinked') warnings.push(reasonOf('doiNotWritten', {}, { label: [entryLabel(ref.target)], why: [reason] }));
  }

  // A restyle, planned whole once every link is queued (the links apply writes in an entry must have a place in
  // its new text); renumbered in-text citations get their new text, with links on the numbers that had one.
  const restyle = options.bibliography ? planRestyle(input, options.bibliography, linker) : null;
  if (restyle) options.onRestylePlan?.(restyle.plan, restyle.entries);
  if (restyle && restyle.plan.result.outcome !== 'refused') {
    const approved = new Set(plan.internal.filter((ip) => !ip.relink).map((ip) => ip.match));
    for (const c of restyle.plan.citations) {
      const linked = c.replaces.some((m) => approved.has(m));
      const pieces = c.pieces.map((x) => {
        const target = linked && x.targetKey ? input.targetById.get(x.targetKey) : undefined;
        return { text: x.text, ...(target ? { target } : {}), ...(x.superscript ? { superscript: true } : {}), ...(x.italic ? { italic: true } : {}) };
      });
      const why = linker.replace({ paragraph: c.paragraph, start: c.start, end: c.end, kind: 'citation', category: CATEGORY.citation, pieces, plain: c.plain === true });
      if (why) warnings.push(reasonOf('notRenumbered', { text: c.paragraph.text.slice(c.start, c.end) }, { why: [why] }));
    }
  }

  const result = linker.execute();
  for (const req of result.written) {
    statCounts[req.category]++;
    if (req.target) stats.internalLinks++;
    else {
      stats.externalLinks++;
      if (req.reference === 'resolvedWork') stats.resolvedWorkLinks++;
      else if (req.reference) stats.titleLinks++;
    }
  }
  let bibRewrite: BibRewriteResult | undefined;
  if (options.bibliography) {
    if (restyle) {
      const out = rewriteBibliography(edit, restyle.plan, result.records);
      bibRewrite = restyle.plan.result;
      warnings.push(rewriteSummary(bibRewrite, restyle.total), ...out.warnings);
    } else {
      bibRewrite = { cslId: options.bibliography.styleId, family: options.bibliography.family, outcome: 'refused', reason: reasonText(NO_REFERENCE_LIST), reasonCode: NO_REFERENCE_LIST, rewritten: 0, unchanged: 0, entries: [] };
      warnings.push(reasonOf('rewriteNoList'));
    }
    stats.bibliographyRewritten = bibRewrite.rewritten;
  }
  stats.segments = result.segments;
  stats.bookmarksCreated = bookmarks.created;
  stats.bookmarksReused = bookmarks.reused;
  const linkCount = result.written.length + stats.relinked;

  let docx: ZipPieces;
  if (linkCount > 0 || edit.changed.size > 0) {
    if (!style.id && result.written.length > 0) ensureHyperlinkStyle(edit);
    const previous = input.persistedMetadata !== undefined ? input.persistedMetadata : readPersistedMetadata(pkg);
    writePersisted(edit, previous ?? null, result.records, (options.now ?? new Date()).toISOString());
    stats.partsChanged = [...edit.changed].sort();
    docx = edit.writePieces();
  } else {
    docx = { pieces: [bytes], byteLength: bytes.byteLength };
  }
  return {
    docx, linkCount, statCounts, stats: stats as unknown as Record<string, unknown>, unmatched, appliedDecisions: plan.applied,
    ...warningFields(warnings), ...(bibRewrite ? { bibRewrite } : {}),
  };
}
