// The identifier detector: every identifier written in the text or the references that has one canonical
// resolver (URLs, PubMed and PMC IDs, arXiv IDs, ClinicalTrials.gov numbers, RRIDs, ORCID iDs, handles) is
// a match of its own kind linking to that resolver. One finder per kind (this folder), each switched by
// its setting. Where two overlap, the DOI wins (the contract's DOI rules stand: an address that holds a
// DOI is the DOI detector's, linked or not as the doi setting says), then a URL (an ID inside an address
// is part of it), then the earlier and longer one. Identifiers inside an existing hyperlink, a field
// result, a citation-manager field or math are left alone (not proposed at all).

import { IDENTIFIER_SETTING, type IdentifierKind } from '../../../../shared/identifiers.ts';
import { findDois } from '../../../references/doi-text.ts';
import { piecesIn } from '../../model/queries.ts';
import type { DetectContext, MatchCandidate } from '../types.ts';
import { arxivFinder } from './arxiv.ts';
import { handleFinder } from './handle.ts';
import { nctFinder } from './nct.ts';
import { orcidFinder } from './orcid.ts';
import { pmcidFinder } from './pmcid.ts';
import { pmidFinder } from './pmid.ts';
import { rridFinder } from './rrid.ts';
import type { FoundIdentifier, IdentifierFinder } from './types.ts';
import { urlFinder } from './url.ts';

/** Finders in precedence order (a URL before the IDs it may hold). */
const IDENTIFIER_FINDERS: readonly IdentifierFinder[] = [urlFinder, pmidFinder, pmcidFinder, arxivFinder, nctFinder, rridFinder, orcidFinder, handleFinder];


/** Quick test before any regular expression runs: a paragraph with none of these holds no identifier. */
const HINT = /https?:|www\.|pmid|pubmed|pmc\d|arxiv|\/\d{7}|nct\d|rrid|orcid|hdl/i;

type Span = FoundIdentifier & { kind: IdentifierKind };

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/** The identifiers of one string, overlaps resolved (pure; the detector adds paragraphs and holds). */
function findIdentifiers(text: string, enabled: (kind: IdentifierKind) => boolean = () => true): Span[] {
  if (!HINT.test(text)) return [];
  const kept: Span[] = [];
  const reserved = text.includes('10.') ? findDois(text) : [];
  for (const finder of IDENTIFIER_FINDERS) {
    if (!enabled(finder.kind)) continue;
    for (const f of finder.find(text)) {
      if (f.end <= f.start || reserved.some((d) => overlaps(d, f)) || kept.some((k) => overlaps(k, f))) continue;
      kept.push({ ...f, kind: finder.kind });
    }
  }
  return kept.sort((a, b) => a.start - b.start);
}

export function detectIdentifiers(ctx: DetectContext): MatchCandidate[] {
  const enabled = (kind: IdentifierKind) => ctx.settings[IDENTIFIER_SETTING[kind]] !== false;
  if (!IDENTIFIER_FINDERS.some((f) => enabled(f.kind))) return [];
  const out: MatchCandidate[] = [];
  for (const paragraph of ctx.model.paragraphs) {
    for (const s of findIdentifiers(paragraph.text, enabled)) {
      if (piecesIn(paragraph, s.start, s.end).some((pc) => pc.hold)) continue;
      out.push({ kind: s.kind, paragraph, start: s.start, end: s.end, status: 'ready', confidence: 1, identifier: { id: s.id, url: s.url } });
    }
  }
  return out;
}
