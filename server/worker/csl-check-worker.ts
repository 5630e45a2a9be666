// Runs in a worker thread of the CSL check pool (csl-check-pool.ts): checks one uploaded CSL style
// (server/csl/csl-file.ts: static bounds, XML, a trial render with citeproc) and answers with the style or
// the problem as plain data. The pool caps this thread's time and heap and replaces it when they are passed.
import { CslFileError, parseCslFile } from '../csl/csl-file.ts';
import type { CslCheckReply } from './csl-check-pool.ts';

export default function checkCsl(task: { bytes: Uint8Array }): CslCheckReply {
  try {
    return { ok: true, style: parseCslFile(task.bytes) };
  } catch (err) {
    if (err instanceof CslFileError) return { ok: false, reason: err.reason, message: err.message };
    // An exhausted stack inside citeproc is the style's doing, like its other refusals.
    const why = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : 'unknown error';
    return { ok: false, reason: 'csl_rejected_by_processor', message: `cslFile is not a usable CSL style: ${why}` };
  }
}
