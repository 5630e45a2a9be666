// Engine failures as the contract's errors.
import { EngineError } from '../../worker/pool.ts';
import { HttpError } from '../errors.ts';
import { scanTokenInvalid } from '../scan-token.ts';

/** Seconds a client is asked to wait when every engine worker is busy and the queue is full. */
const BUSY_RETRY_AFTER = 5;

export function engineHttpError(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  const { kind, reason, count, limit } = err.failure;
  switch (kind) {
    case 'docx-rejected':
      return new HttpError(400, `DOCX rejected (${reason})`, reason);
    case 'decision-rejected':
      // The engine's message names the offending decision or resolved work (no document text, no server detail).
      return new HttpError(400, reason.includes('resolved') ? `resolvedWorks rejected (${reason})` : `Decisions rejected (${reason})`, reason, { hint: err.failure.message });
    case 'scan-mismatch':
      return scanTokenInvalid('graph_mismatch');
    case 'too-much-output':
      return reason === 'too-many-matches'
        ? new HttpError(422, `Too many matches (${count} of at most ${limit})`, reason, {
            hint: 'The document proposes more links than one request may carry; split it, or turn off kinds you do not need in settings.',
            ...(count !== undefined ? { count } : {}),
            ...(limit !== undefined ? { limit } : {}),
          })
        : new HttpError(422, `Answer too large (${count} bytes of at most ${limit})`, reason, {
            hint: 'The scan answer would be larger than the service sends; turn off kinds you do not need in settings.',
            ...(count !== undefined ? { count } : {}),
            ...(limit !== undefined ? { limit } : {}),
          });
    case 'engine-busy':
      return new HttpError(503, 'Service temporarily unavailable', 'engine_busy', { retry_after: BUSY_RETRY_AFTER, retryAfter: BUSY_RETRY_AFTER, hint: 'Every engine worker is busy; retry after the given seconds.' }, { 'Retry-After': String(BUSY_RETRY_AFTER) });
    case 'engine-unavailable':
      return new HttpError(503, 'Service temporarily unavailable', 'engine_unavailable');
    case 'engine-failed':
      return reason === 'timeout' ? new HttpError(503, 'Service temporarily unavailable', 'processing_timeout') : err;
  }
}

export function statusOf(err: unknown): number {
  const mapped = engineHttpError(err);
  return mapped instanceof HttpError ? mapped.status : 500;
}
