// One measurement in a fresh process, so peak memory of one kind of work does not leak into another's.
//   node --expose-gc .bench-cache/dist/measure-one.js MODE FILE [RUNS]   (compiled with the service by npm run bench)
//   node --expose-gc --import tsx bench/measure-one.ts MODE FILE [RUNS]   (from source: tsx's loader adds about 55 MB)
// MODE: scan | scan-style | scan-floor | apply | apply-floor | service-direct | service-apply. Prints one JSON line
// (Measurement) on stdout. The service modes run through the service's engine pool (one worker thread, the
// bytes transferred as the service does): service-direct is /hyperlink's engine call, service-apply is
// /hyperlink-apply's (token hashes checked and every ready match approved, as direct does, linked in one
// call; hashes and decisions come from a scan in a separate process, so its memory is not in this one).
// The first run is the memory run (peak RSS above the baseline taken before reading the file);
// RUNS further runs (default 3) are timed, with a GC between them, and their median is reported.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScanExpectation } from '../server/engine/apply.ts';
import type { ReviewDecision } from '../shared/contract.ts';
import { parseSettings } from '../shared/settings.ts';
import type { XmlDocument } from '../server/engine/package/xml.ts';
import { benchArgs, numberArg, UsageError } from './common/args.ts';

export type Mode = 'scan' | 'scan-style' | 'scan-floor' | 'apply' | 'apply-floor' | 'service-direct' | 'service-apply';

export interface Measurement {
  mode: Mode;
  file: string;
  bytes: number;
  ok: boolean;
  error?: string;
  firstMs?: number;
  runsMs?: number[];
  medianMs?: number;
  /** CPU time of the process over each timed run (user + system, every thread: the engine pool's worker and
   * V8's collector threads included), and their median: on a loaded machine the wall-clock times mostly
   * measure the wait for a core, this the work. */
  runsCpuMs?: number[];
  medianCpuMs?: number;
  /** RSS when the work started (modules loaded, file not yet read). npm run bench runs this script compiled, as
   * users run the CLI and the service; from source, tsx's loader adds about 55 MB to it. */
  baselineRss?: number;
  /** Highest RSS of the process over its life (getrusage maxrss: the kernel's high-water mark, nothing sampled);
   * in the service modes the worker thread's memory is the same process's. */
  peakRss?: number;
  /** peakRss - baselineRss: memory the work itself needed, input bytes included. */
  peakDelta?: number;
  heapUsedAfter?: number;
}

/** The parts scan reads, and the only parts the floor touches. */
export const FLOOR_PARTS = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml', 'word/styles.xml', 'word/numbering.xml'];

type Work = (bytes: Uint8Array) => unknown;

const SETTINGS = { doi: true };

interface Review {
  expect: ScanExpectation;
  /** Every ready match approved: the decisions direct makes, so apply links exactly what direct links. */
  decisions: ReviewDecision[];
}

/** What /hyperlink-scan would bind into the token for FILE, and a review approving what direct would:
 * printed by `measure-one.ts expectation FILE`. */
async function reviewOf(file: string): Promise<Review> {
  const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'expectation', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`expectation: ${r.stderr.trim().split('\n').pop()}`);
  return JSON.parse(r.stdout) as Review;
}

async function printExpectation(file: string): Promise<void> {
  const engine = await import('../server/engine/index.ts');
  const packet = engine.scan(new Uint8Array(readFileSync(file)), parseSettings(SETTINGS));
  const expect: ScanExpectation = { fingerprint: packet.scanFingerprint, graphHash: engine.graphHash(packet), metadataHash: engine.metadataHash(packet.persistedMetadata ?? null) };
  const decisions: ReviewDecision[] = packet.matches.filter((m) => m.status === 'ready').map((m) => ({ refId: m.refId, status: 'approved' }));
  console.log(JSON.stringify({ expect, decisions } satisfies Review));
}

/** The service's engine pool, warmed on the sample manuscript so the engine is loaded before the baseline. */
async function loadServiceWork(mode: 'service-direct' | 'service-apply', file: string): Promise<{ work: Work; close: () => Promise<void> }> {
  const settings = parseSettings(SETTINGS);
  const { EnginePool } = await import('../server/worker/pool.ts');
  const pool = new EnginePool({ threads: 1, timeoutMs: 600_000 });
  await pool.direct(new Uint8Array(readFileSync(join(process.cwd(), 'examples/sample.docx'))), settings);
  const close = () => pool.close();
  if (mode === 'service-direct') return { work: (b) => pool.direct(b, settings), close };
  const { expect, decisions } = await reviewOf(file);
  return { work: (b) => pool.apply(b, settings, decisions, { expect }), close };
}

async function loadWork(mode: Mode): Promise<Work> {
  const settings = parseSettings(SETTINGS);
  if (mode === 'scan') {
    const { scan } = (await import('../server/engine/scan.ts')) as { scan: (b: Uint8Array, s: typeof settings) => unknown };
    return (b) => scan(b, settings);
  }
  if (mode === 'scan-style') {
    // As `hyperlinker scan` and the service's scan run it with style detection on: its first run reads the
    // style profiles from the disk cache (npm run bench makes sure the cache is there beforehand).
    const { scan } = await import('../server/engine/scan.ts');
    const { detectListStyle } = await import('../server/citation-style/index.ts');
    return (b) => scan(b, settings, { detectStyle: detectListStyle });
  }
  if (mode === 'apply') {
    // As the CLI's link runs it: the document in pieces (written out in turn, never joined) and garbage
    // collected between detection and linking (server/common/reclaim.ts), that collection's time included.
    const { directInPieces } = await import('../server/engine/apply.ts');
    const { reclaimIfLarge } = await import('../server/common/reclaim.ts');
    return (b) => directInPieces(b, settings, { afterDetect: () => reclaimIfLarge() });
  }
  const zip = await import('../server/engine/package/zip.ts');
  const reader = await import('../server/engine/package/xml-reader.ts');
  const serialize = await import('../server/engine/package/serialize.ts');
  // The floor parses with the engine's XML reader alone (readXmlNodes): none of the engine's own work on the
  // tree (parseXml's checks and compaction, parse-large's batching) is counted in it.
  const parse = (text: string): XmlDocument => ({ prolog: '', nodes: reader.readXmlNodes(text), epilogue: '' });
  if (mode === 'scan-floor') {
    return (b) => {
      const archive = zip.readZip(b);
      const docs = [];
      for (const part of FLOOR_PARTS) {
        const name = archive.resolve(part);
        if (name) docs.push(parse(archive.text(name)));
      }
      return docs;
    };
  }
  return (b) => {
    const archive = zip.readZip(b);
    const parsed = new Map<string, XmlDocument>();
    for (const part of FLOOR_PARTS) {
      const name = archive.resolve(part);
      if (name) parsed.set(name, parse(archive.text(name)));
    }
    // Serialised and deflated chunk by chunk, as apply writes changed parts.
    return zip.writeZip(archive.names().map((name) => {
      const doc = parsed.get(name);
      return doc ? { name, produce: (emit: (c: Uint8Array) => void) => serialize.serializeXmlTo(doc, emit) } : { name, copyFrom: archive };
    }));
  };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function main(): Promise<void> {
  const { mode, file, runs } = benchArgs(import.meta.url, {}, ({ positional }) => {
    const [mode, file, runsArg] = positional;
    if (!mode || !file || positional.length > 3) throw new UsageError('MODE FILE [RUNS]');
    return { mode: mode as Mode | 'expectation', file, runs: Math.max(1, numberArg(runsArg, 'runs', 3)) };
  });
  if (mode === 'expectation') return printExpectation(file);
  const result: Measurement = { mode, file, bytes: 0, ok: false };
  let work: Work;
  let close = async (): Promise<void> => {};
  try {
    if (mode === 'service-direct' || mode === 'service-apply') ({ work, close } = await loadServiceWork(mode, file));
    else work = await loadWork(mode);
  } catch (err) {
    result.error = `not available (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`;
    console.log(JSON.stringify(result));
    return;
  }
  gc();
  const baselineRss = process.memoryUsage().rss;
  const buf = readFileSync(file);
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.length); // a view: the input is counted once
  result.bytes = bytes.length;
  try {
    // The service modes give their bytes away (the pool transfers them to the worker, as the service does with
    // an upload), so each timed run reads the file again before its clock starts.
    const service = mode === 'service-direct' || mode === 'service-apply';
    let t = performance.now();
    await work(bytes);
    result.firstMs = performance.now() - t;
    result.peakRss = process.resourceUsage().maxRSS * 1024;
    result.baselineRss = baselineRss;
    result.peakDelta = result.peakRss - baselineRss;
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      gc();
      const input = service ? new Uint8Array(readFileSync(file)) : bytes;
      const cpu = process.cpuUsage();
      t = performance.now();
      await work(input);
      times.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
    }
    result.runsMs = times;
    result.medianMs = median(times);
    result.runsCpuMs = cpuTimes;
    result.medianCpuMs = median(cpuTimes);
    gc();
    result.heapUsedAfter = process.memoryUsage().heapUsed;
    result.ok = true;
  } catch (err) {
    result.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  await close();
  console.log(JSON.stringify(result));
}

await main();
