// Runs in a worker thread: loads the engine and executes one task. The engine is loaded lazily so that
// the service starts (and answers a clear 503) even when the engine cannot be loaded.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { LinkedDocument } from '../engine/index.ts';
import type { ReasonCode } from '../../shared/reasons.ts';
import { applyResultJson } from './apply-json.ts';
import { LARGE_JOB_BYTES, collectSoon, reclaimIfLarge } from '../common/reclaim.ts';
import type { ApplyJsonOutcome, EngineFailure, EngineReply, EngineTask, EngineValue, ScanJsonOutcome } from './protocol.ts';

type EngineModule = typeof import('../engine/index.ts');
type StyleModule = typeof import('../citation-style/index.ts');
let engine: Promise<EngineModule> | null = null;
let style: Promise<StyleModule> | null = null;
/** Citation-style detection at scan, on unless STYLE_DETECTION=off: it compares templates against style profiles cached
 * on disk (server/citation-style/profiles.ts), so it costs a small share of a scan. */
const detectStyles = process.env.STYLE_DETECTION !== 'off';

/** Compiled (dist/server, bundled by scripts/build-server.mjs): a plain import. From source (tests, `--import tsx`):
 * worker threads do not always inherit tsx's module hooks, so the engine is loaded through tsx's own API. */
async function importEngine(): Promise<EngineModule> {
  if (!import.meta.url.endsWith('.ts')) return import('../engine/index.ts');
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport('../engine/index.ts', import.meta.url)) as EngineModule;
}

async function importStyle(): Promise<StyleModule> {
  if (!import.meta.url.endsWith('.ts')) return import('../citation-style/index.ts');
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport('../citation-style/index.ts', import.meta.url)) as StyleModule;
}

type CslModule = typeof import('../csl/bibliography.ts');
let csl: Promise<CslModule> | null = null;

/** The bibliography renderer (citeproc-js and the CSL files), loaded on the first rewrite. */
async function importCsl(): Promise<CslModule> {
  if (!import.meta.url.endsWith('.ts')) return import('../csl/bibliography.ts');
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport('../csl/bibliography.ts', import.meta.url)) as CslModule;
}

function loadCsl(): Promise<CslModule> {
  csl ??= importCsl();
  return csl;
}

function loadStyle(): Promise<StyleModule> {
  style ??= importStyle();
  return style;
}

function loadEngine(): Promise<EngineModule> {
  engine ??= importEngine();
  return engine;
}

function failure(kind: EngineFailure['kind'], reason: string, message: string, counted: { count?: number; limit?: number } = {}): { ok: false; failure: EngineFailure } {
  return { ok: false, failure: { kind, reason, message, ...counted } };
}

/** A scan answer over the limit (bytes of its JSON, measured here, off the event loop), or null. */
function answerTooLarge(bytes: number, limit: number): { ok: false; failure: EngineFailure } | null {
  if (bytes <= limit) return null;
  return failure('too-much-output', 'response-too-large', `the scan answer would be ${bytes} bytes, more than the limit of ${limit}`, { count: bytes, limit });
}

/** Collects what detection left (see server/common/reclaim.ts); passed to the engine as its afterDetect hook. */
const afterDetect = (): void => {
  reclaimIfLarge();
};

/** The linked document's answer, made here (apply-json.ts), goes back to the service thread by transfer, not by copy.
 * The tree and model are garbage by now: collected first, so the answer buffer reuses their memory. */
function linked(output: LinkedDocument, extraWarnings: ReasonCode[] | undefined): EngineReply<EngineValue> {
  reclaimIfLarge();
  const value: ApplyJsonOutcome = { json: applyResultJson(output, extraWarnings), linkCount: output.linkCount };
  return move({ [transferableSymbol]: [value.json.buffer], [valueSymbol]: { ok: true, value } }) as unknown as EngineReply<EngineValue>;
}

/** Runs one task; after a large one, the worker collects its leftovers (the tree, its handle on the upload's
 * shared memory) as soon as the answer is posted, so an idle worker does not hold a document's memory. */
export default async function runTask(task: EngineTask): Promise<EngineReply<EngineValue>> {
  try {
    return await runEngineTask(task);
  } finally {
    if (task.bytes.byteLength >= LARGE_JOB_BYTES) collectSoon();
  }
}

async function runEngineTask(task: EngineTask): Promise<EngineReply<EngineValue>> {
  // Style refinement needs no document and no engine: the style module alone (citeproc, the bundled styles).
  if (task.op === 'style-refine') {
    try {
      return { ok: true, value: (await loadStyle()).refineStyleDetection(task.list, task.metadata) };
    } catch (err) {
      if (err instanceof RangeError) return failure('too-much-output', 'style-detection-too-large', 'the reference list is too large to detect its style');
      return failure('engine-failed', 'engine_failed', err instanceof Error ? err.message : String(err));
    }
  }
  let mod: EngineModule;
  try {
    mod = await loadEngine();
  } catch (err) {
    engine = null;
    return failure('engine-unavailable', 'engine_unavailable', err instanceof Error ? err.message : String(err));
  }
  try {
    switch (task.op) {
      case 'scan': {
        const hooks = detectStyles ? { detectStyle: (await loadStyle()).detectListStyle } : {};
        const packet = mod.scan(task.bytes, task.settings, { ...hooks, maxMatches: task.limits.maxMatches });
        const tooLarge = answerTooLarge(Buffer.byteLength(JSON.stringify(packet)), task.limits.maxAnswerBytes);
        if (tooLarge) return tooLarge;
        return { ok: true, value: { packet, graphHash: mod.graphHash(packet), metadataHash: mod.metadataHash(packet.persistedMetadata ?? null) } };
      }
      case 'scan-json': {
        const hooks = detectStyles ? { detectStyle: (await loadStyle()).detectListStyle } : {};
        const packet = mod.scan(task.bytes, task.settings, { ...hooks, maxMatches: task.limits.maxMatches });
        const json = new TextEncoder().encode(JSON.stringify(packet));
        const tooLarge = answerTooLarge(json.byteLength, task.limits.maxAnswerBytes);
        if (tooLarge) return tooLarge;
        const value: ScanJsonOutcome = {
          json,
          scanFingerprint: packet.scanFingerprint,
          estimatedLinkCount: packet.summary?.estimatedLinkCount ?? 0,
          graphHash: mod.graphHash(packet),
          metadataHash: mod.metadataHash(packet.persistedMetadata ?? null),
        };
        return move({ [transferableSymbol]: [json.buffer], [valueSymbol]: { ok: true, value } }) as unknown as EngineReply<EngineValue>;
      }
      case 'apply': {
        const bibliography = task.bibliographyStyle ? (await loadCsl()).createBibliographyRenderer(task.bibliographyStyle, task.resolvedWorks) : undefined;
        const output = mod.applyInPieces(task.bytes, task.settings, task.decisions, { maxMatches: task.limits.maxMatches, ...(task.resolvedWorks ? { resolvedWorks: task.resolvedWorks } : {}), ...(task.expect ? { expect: task.expect } : {}), ...(bibliography ? { bibliography } : {}), afterDetect });
        return linked(output, task.extraWarnings);
      }
      case 'preview': {
        // Registry first in the preview as at apply: the resolved works go to the renderer and to the links apply writes.
        const renderer = (await loadCsl()).createBibliographyRenderer(task.style, task.resolvedWorks);
        return { ok: true, value: mod.previewRewrite(task.bytes, task.settings, renderer, task.count, { maxMatches: task.limits.maxMatches, ...(task.resolvedWorks ? { resolvedWorks: task.resolvedWorks } : {}) }) };
      }
      case 'direct':
        return linked(mod.directInPieces(task.bytes, task.settings, { maxMatches: task.limits.maxMatches, ...(task.resolvedWorks ? { resolvedWorks: task.resolvedWorks } : {}), afterDetect }), task.extraWarnings);
    }
  } catch (err) {
    // Exhausted stack or array limits are the document's size, like running out of heap: never a 500.
    if (err instanceof RangeError) return failure('docx-rejected', 'too-large-to-process', 'document too large or too deeply structured to process');
    if (err instanceof mod.TooManyMatchesError) return failure('too-much-output', err.reason, err.message, { count: err.count, limit: err.limit });
    if (err instanceof mod.DocxRejectedError) return failure('docx-rejected', err.reason, err.message);
    if (err instanceof mod.DecisionError) return failure('decision-rejected', err.reason, err.message);
    if (err instanceof mod.ScanMismatchError) return failure('scan-mismatch', err.reason, err.message);
    return failure('engine-failed', 'engine_failed', err instanceof Error ? err.message : String(err));
  }
}
