// A DOI already written in a reference is looked up: verified when the registry's record agrees
// with the reference (title, first author, year), flagged as an identity change when it describes
// another work (with the search's better candidate, if any), reported when the DOI does not exist.

import { reasonFields, reasonOf, type ReasonCode } from '../../shared/reasons.ts';
import type { CrossrefClient } from './crossref-client.ts';
import { decide, explain, rankCandidates } from './match.ts';
import type { CachedResolution } from './ports.ts';
import { fromDecision, queryText, toResolvedWork } from './outcome.ts';
import type { PreparedReference } from './score.ts';
import type { CrossrefWork } from './work.ts';

/** Whether the record of the written DOI contradicts the reference. */
function contradicts(prepared: PreparedReference, work: CrossrefWork): { contradicted: boolean; reasons: ReasonCode[] } {
  const [ranked] = rankCandidates(prepared, [{ ...work, score: 0 }]);
  const f = ranked!.features;
  const reasons = explain(f);
  const titleBad = f.title !== null && f.title < 0.5;
  const authorBad = f.author === 0;
  const yearBad = f.year === 0;
  // Two of title, first author and year against it, or a title clearly different with nothing else for it.
  const against = [titleBad, authorBad, yearBad].filter(Boolean).length;
  const contradicted = against >= 2 || (titleBad && ranked!.agreements < 2) || f.notice;
  return { contradicted, reasons };
}

export async function verifyExistingDoi(doi: string, prepared: PreparedReference, client: CrossrefClient, search: (q: string) => Promise<CrossrefWork[]>): Promise<CachedResolution> {
  const record = await client.lookup(doi);
  if (record) {
    const check = contradicts(prepared, record);
    if (!check.contradicted) {
      const reasons = [reasonOf('writtenVerified', { doi }), ...check.reasons];
      return { status: 'ready', work: toResolvedWork(record, 'ready', 0.99, reasons), reasons, existingDoiCheck: 'verified' };
    }
  }
  // The DOI does not exist, or names another work: search for the reference itself.
  const better = fromDecision(decide(prepared, (await search(queryText(prepared))).filter((w) => w.DOI.toLowerCase() !== doi)));
  const betterWork = better.work && better.status !== 'unmatched' ? better.work : null;
  const head = record
    ? reasonOf('writtenOther', { doi, title: toResolvedWork(record, 'low_confidence', 0, []).title })
    : reasonOf('writtenMissing', { doi });
  const reasons = [head, ...(betterWork ? [reasonOf('betterCandidate', { doi: betterWork.doi })] : [])];
  const identityChange = { writtenDoi: doi, registryTitle: record ? toResolvedWork(record, 'low_confidence', 0, []).title : null, notFound: !record, betterDoi: betterWork?.doi ?? null };
  const existingDoiCheck = record ? 'contradicted' : 'not_found';
  if (betterWork) {
    const work = { ...betterWork, status: 'low_confidence' as const, confidence: Math.min(betterWork.confidence, 0.899), ...reasonFields([...reasons, ...(betterWork.reasonCodes ?? [])]), identityChange, citationImpact: 'identity-change' };
    return { status: 'low_confidence', work, reasons, existingDoiCheck };
  }
  if (record) {
    const work = toResolvedWork(record, 'low_confidence', 0.1, reasons, { identityChange });
    return { status: 'low_confidence', work, reasons, existingDoiCheck };
  }
  return { status: 'unmatched', work: null, reasons, existingDoiCheck };
}
