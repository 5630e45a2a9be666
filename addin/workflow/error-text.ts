// Errors in words with the fix: what the user reads instead of "Non-JSON response (504)". A refused
// file's reason code (DOCX rejected, CSL style refused) is said in the display language with its fix.
import { ServiceError } from '../service-client.ts';
import { S } from '../strings.ts';

export function errorInWords(e: unknown, baseUrl: string): string {
  if (e instanceof ServiceError) {
    const body = e.body;
    const fromService = body?.error && !/^Non-JSON response/.test(body.error);
    const coded = body?.reason ? (S.errors.docxRejected(body.reason) ?? S.errors.cslRejected(body.reason)) : null;
    if (coded && (e.status === 400 || e.status === 503)) return coded;
    switch (true) {
      case e.status === 0:
        return S.errors.unreachable(baseUrl);
      case e.status === 401 && body?.error === 'scan token invalid':
        return S.errors.scanTokenRefused;
      case e.status === 401:
        return S.errors.revoked;
      case e.status === 402:
        return S.errors.noCredits;
      case e.status === 413:
        return S.errors.tooLarge;
      case e.status === 429:
        return S.errors.busy;
      case e.status === 502 || e.status === 503 || e.status === 504:
        return fromService ? e.message : S.errors.gateway(e.status);
      case e.status >= 500:
        return fromService ? e.message : S.errors.server(e.status);
      default:
        return e.message;
    }
  }
  return S.errors.generic(e instanceof Error ? e.message : String(e));
}
