// The resolver's door: every reference → a cached answer, or a registry search (and a look-up of a
// DOI the reference already carries) matched and validated → ready / low_confidence / unmatched,
// or held when the registry cannot be reached. Progress is reported once per reference.

import type { ReferenceCandidate, ResolvedWork } from '../../shared/contract.ts';
import { reasonFields, reasonOf, type ReasonCode } from '../../shared/reasons.ts';
import { fromDecision, queryText } from './outcome.ts';
import { readReference } from '../references/record.ts';
import { cacheKey } from './cache-key.ts';
import { CrossrefClient, RegistryError } from './crossref-client.ts';
import { decide } from './match.ts';
import type { CachedResolution, ResolveReference, ResolverDeps, ResolverReportParts } from './ports.ts';
import { NEGATIVE_TTL_MS, POSITIVE_TTL_MS } from './ports.ts';
import { referenceCandidate } from './references.ts';
import { verifyExistingDoi } from './verify.ts';
import { comparedEntryIndices, refineStyleDetection, workFields } from '../citation-style/index.ts';
import type { CslItem } from '../csl/render.ts';
import type { ReferenceListInput, StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import { prepareReference, type PreparedReference } from './score.ts';
import { cachedStyleDetection } from './style-cache.ts';

/** Searches ask for this many rows: enough for the runner-up and the usual twins. */
const SEARCH_ROWS = 10;
/** References resolved at once; the limiter decides how many requests actually run. */
const WORKERS = 8;

interface Resolution extends CachedResolution {
  cached: boolean;
}

async function resolveOne(ref: ResolveReference, prepared: PreparedReference, client: CrossrefClient): Promise<CachedResolution> {
  const existing = ref.existingDoi ?? prepared.parsed.doi;
  if (existing) return verifyExistingDoi(existing, prepared, client, (q) => client.search(q, SEARCH_ROWS));
  const works = await client.search(queryText(prepared), SEARCH_ROWS);
  return fromDecision(decide(prepared, works));
}

export async function resolveReferences(references: ResolveReference[], deps: ResolverDeps): Promise<ResolverReportParts> {
  const { signal, cache, onProgress } = deps;
  const client = new CrossrefClient({
    apiUrl: deps.apiUrl,
    mailto: deps.mailto,
    limiter: deps.limiter,
    ...(deps.account ? { account: deps.account } : {}),
    ...(signal ? { signal } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.requestTimeoutMs ? { timeoutMs: deps.requestTimeoutMs } : {}),
    ...(deps.maxAttempts ? { maxAttempts: deps.maxAttempts } : {}),
  });
  const total = references.length;
  let done = 0;
  // Each reference read once by the one reference reader (when its turn comes, so the first request leaves
  // without waiting for the whole list to be read); scoring reads the record's parsed fields.
  const preparedRefs: (PreparedReference | undefined)[] = [];
  const prepared = (i: number): PreparedReference => (preparedRefs[i] ??= prepareReference(readReference(references[i]!.text).parsed));
  const keyOf = (i: number): string => cacheKey(references[i]!.text, references[i]!.existingDoi ?? prepared(i).parsed.doi);
  const results: (Resolution | null)[] = references.map(() => null);
  const inRun = new Map<string, Promise<CachedResolution | null>>();
  const held = new Map<number, ReasonCode>();
  const heldWhy = new Map<string, ReasonCode>();

  // Style detection reads the registry's fields of the entries it compares and of no other: those references are
  // resolved first, and once they are all answered detection starts while the others wait for the registry (the
  // service detects in its engine pool, the CLI in a worker thread, so the wait is spent detecting). The outcome is
  // the one detection would give after the last answer: the metadata it reads is final by then.
  const list: ReferenceListInput = { entries: references.map((r) => ({ text: r.text, printedLabel: null })), citeStyle: 'off' };
  const compared = new Set(comparedEntryIndices(list.entries));
  const order = [...compared, ...references.keys()].filter((i, at, all) => all.indexOf(i) === at);
  const refine = deps.refineStyle ?? refineStyleDetection;
  const metadataOf = (i: number): CslItem | null => (results[i]?.status === 'ready' ? workFields(results[i]!.work) : null);
  let comparedLeft = compared.size;
  let sentToRegistry = false;
  let early: Promise<StyleDetectionOutcome> | null = null;
  const settled = (i: number) => {
    if (!compared.has(i) || --comparedLeft > 0 || !sentToRegistry || done === total) return;
    const metadata = references.map((_, j) => (compared.has(j) ? metadataOf(j) : null));
    early = Promise.resolve().then(() => refine(list, metadata));
    // Awaited only when the style cache has no outcome for the list; a failure is then reported by that await.
    early.catch(() => undefined);
  };

  const report = (i: number, res: Resolution) => {
    results[i] = res;
    done++;
    onProgress?.({ done, total, refId: references[i]!.refId, status: res.status, doi: res.work?.doi ?? null, confidence: res.work?.confidence ?? null, cached: res.cached });
    settled(i);
  };

  const one = async (i: number): Promise<void> => {
    signal?.throwIfAborted();
    const key = keyOf(i);
    const hit = cache ? await cache.get(key).catch(() => null) : null;
    if (hit) return report(i, { ...hit, cached: true });
    // The same reference twice in one manuscript is resolved once.
    let pending = inRun.get(key);
    const first = !pending;
    if (!pending) {
      sentToRegistry = true;
      pending = resolveOne(references[i]!, prepared(i), client).catch((err: unknown) => {
        // Unreachable, or an answer that failed its checks (too large, malformed): held, never cached.
        if (err instanceof RegistryError && (err.kind === 'unavailable' || err.kind === 'bad_response')) {
          heldWhy.set(key, err.why);
          return null;
        }
        if (signal?.aborted) throw signal.reason;
        if (err instanceof RegistryError) return { status: 'unmatched', work: null, reasons: [reasonOf('registryRefused', {}, { why: [err.why] })] } satisfies CachedResolution;
        throw err;
      });
      inRun.set(key, pending);
    }
    const res = await pending;
    if (!res) {
      results[i] = null;
      done++;
      const why = heldWhy.get(key) ?? client.unavailable;
      const reason = why ? reasonOf('registryUnavailable', {}, { why: [why] }) : reasonOf('crossrefUnavailable');
      onProgress?.({ done, total, refId: references[i]!.refId, status: 'held', doi: null, confidence: null, cached: false });
      held.set(i, reason);
      settled(i);
      return;
    }
    if (first && cache) await cache.put(key, res, res.work ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS).catch(() => undefined);
    report(i, { ...res, cached: !first });
  };

  let next = 0;
  const worker = async () => {
    while (next < order.length) await one(order[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, references.length) }, worker));

  const referencesOut: ReferenceCandidate[] = [];
  const resolvedWorks: Record<string, ResolvedWork> = {};
  const counts = { resolved: 0, reviewRequired: 0, unresolved: 0 };
  references.forEach((ref, i) => {
    const p = prepared(i).parsed;
    const candidate = referenceCandidate(ref, { author: p.authors[0]?.family ?? null, year: p.year, title: p.title });
    const res = results[i];
    if (!res) {
      candidate.status = 'held';
      Object.assign(candidate, reasonFields([held.get(i) ?? reasonOf('crossrefUnavailable'), reasonOf('resolveLater')]));
      counts.unresolved++;
    } else {
      candidate.status = res.status;
      Object.assign(candidate, reasonFields(res.reasons));
      if (res.existingDoiCheck) candidate.existingDoiCheck = res.existingDoiCheck;
      if (res.work) resolvedWorks[ref.refId] = res.work;
      if (res.status === 'ready' && !res.work?.identityChange) counts.resolved++;
      else if (res.status === 'unmatched') counts.unresolved++;
      else counts.reviewRequired++;
    }
    referencesOut.push(candidate);
  });
  // Citation style of the list, refined with the registry's fields of the works resolved ready;
  // cached beside the answers (a warm resolve renders no style). Not stored while references are held.
  const style = references.length
    ? await cachedStyleDetection(list, references.map((_, i) => metadataOf(i)), cache, (l, m) => early ?? refine(l, m), held.size === 0)
    : { detectedCslId: null, styleDetection: null };
  return { references: referencesOut, resolvedWorks, detectedCslId: style.detectedCslId, styleDetection: style.styleDetection, resolverReport: { ...counts, ...(client.stats.droppedRecords ? { registryRecordsDropped: client.stats.droppedRecords } : {}) } };
}
