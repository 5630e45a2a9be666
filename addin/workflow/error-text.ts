// Errors in words with a way out, one per failure class: the service unreachable, down or slow; the key
// refused; a refused file's reason code (DOCX rejected, CSL style refused) said in the display language
// with its fix; the plan; no credits; too large; busy. What the user reads instead of
// "DOCX rejected (not-a-zip) [HTTP 400]" or "Non-JSON response (504)".
import { ServiceError } from '../service-client.ts';
import { S } from '../strings.ts';

export function errorInWords(e: unknown, baseUrl: string): string {
  if (e instanceof ServiceError) {
    const body = e.body;
    const fromService = body?.error && !/^Non-JSON response/.test(body.error);
    const reason = body?.reason ?? '';
    const coded = reason ? (S.errors.docxRejected(reason) ?? S.errors.cslRejected(reason)) : null;
    if (coded && (e.status === 400 || e.status === 503)) return coded;
    switch (true) {
      // No answer at all, or the dev server's proxy finding nothing listening (addin/build/proxy-errors.mjs).
      case e.status === 0 || reason === 'service_unreachable':
        return S.errors.unreachable(baseUrl);
      case reason === 'service_timeout' || reason === 'processing_timeout':
        return S.errors.slow;
      case e.status === 401 && body?.error === 'scan token invalid':
        return S.errors.scanTokenRefused;
      case e.status === 401:
        return S.errors.revoked;
      case e.status === 402:
        return S.errors.noCredits;
      case e.status === 403 && (reason === 'hyperlinker_requires_paid_plan' || body?.error === 'hyperlinker_requires_paid_plan'):
        return S.errors.paidPlan;
      case e.status === 413:
        return S.errors.tooLarge;
      case e.status === 429 || reason === 'engine_busy':
        return S.errors.busy;
      // A gateway's own page: 504 is a slow service, 502/503 one that is not answering (or starting, draining).
      case e.status === 504 && !fromService:
        return S.errors.slow;
      case e.status === 504:
        return S.errors.gateway(e.status);
      case e.status === 503 || (e.status === 502 && !fromService):
        return S.errors.down(baseUrl, e.status);
      case e.status >= 500:
        return fromService ? e.message : S.errors.server(e.status);
      default:
        return e.message;
    }
  }
  return S.errors.generic(e instanceof Error ? e.message : String(e));
}
