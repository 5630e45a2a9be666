// Engine failures as the contract's errors.
import { EngineError } from '../../worker/pool.ts';
import { HttpError } from '../errors.ts';
import { scanTokenInvalid } from '../scan-token.ts';

export function engineHttpError(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  const { kind, reason } = err.failure;
  switch (kind) {
    case 'docx-rejected':
      return new HttpError(400, `DOCX rejected (${reason})`, reason);
    case 'decision-rejected':
      // The engine's message names the offending decision or resolved work (no document text, no server detail).
      return new HttpError(400, reason.includes('resolved') ? `resolvedWorks rejected (${reason})` : `Decisions rejected (${reason})`, reason, { hint: err.failure.message });
    case 'scan-mismatch':
      return scanTokenInvalid('graph_mismatch');
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
