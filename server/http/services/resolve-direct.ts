// /hyperlink (direct) with settings crossref: resolve the references, link the ready works.
import type { ResolvedWork } from '../../../shared/contract.ts';
import { reasonOf, type ApplyWarningCode, type ReasonCode } from '../../../shared/reasons.ts';
import { creditBalance } from '../../db/credits.ts';
import type { AppContext } from '../context.ts';
import type { DocumentRequest } from './documents.ts';

/**
 * /hyperlink with settings crossref (and doi) true: the references are resolved first and the works
 * the resolver marks ready are linked with everything else. Anything that keeps the resolver from
 * running (not enabled, free plan, failure, time-out) leaves the document linked without it, with a
 * warning saying why; registry trouble only holds references.
 */
export async function resolveForDirect(ctx: AppContext, req: DocumentRequest, signal: AbortSignal): Promise<{ resolvedWorks?: Record<string, ResolvedWork>; warnings: ReasonCode[] }> {
  if (!req.settings.crossref || !req.settings.doi) return { warnings: [] };
  const skipped = (why: ApplyWarningCode) => ({ warnings: [reasonOf(why)] });
  if (!ctx.resolver) return skipped('resolverOff');
  if (req.caller.plan === 'free') return skipped('resolverPaidPlan');
  if ((await creditBalance(ctx.pool, req.caller.account)) <= 0) return { warnings: [] }; // the charge that follows answers 402
  try {
    const { packet } = await ctx.engine.scan(req.bytes, req.settings);
    const parts = await ctx.resolver.resolve({
      bytes: req.bytes, settings: req.settings, packet, crossrefApiUrl: ctx.config.crossrefApiUrl, crossrefMailto: ctx.config.crossrefMailto, signal,
      account: `${req.caller.account.kind}:${req.caller.account.id}`,
    });
    const resolvedWorks: Record<string, ResolvedWork> = {};
    for (const [id, work] of Object.entries(parts.resolvedWorks)) if (work.status === 'ready' && work.approved !== false) resolvedWorks[id] = work;
    const held = parts.references.filter((r) => r.status === 'held').length;
    return { resolvedWorks, warnings: held ? [reasonOf('referencesHeld', { n: held })] : [] };
  } catch (err) {
    if (signal.aborted) return skipped('resolverCancelled');
    ctx.logger.warn({ requestId: req.requestId, errName: (err as { name?: string })?.name }, 'resolver failed in direct');
    return skipped('resolverFailed');
  }
}
