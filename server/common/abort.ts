// The error a cancelled wait rejects with: the reason its AbortSignal was aborted with when that is an Error
// (the callers here always abort with one), else an AbortError (carrying the reason when it is text). One
// place, so that every limiter and queue rejects with an Error, never with whatever `signal.reason` holds.

export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'The operation was aborted', 'AbortError');
}
