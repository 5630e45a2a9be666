// The ResolverPort /hyperlink-crossref calls, backed by this resolver: references from the scan
// packet's bibliography targets, resolved under the service's limiter and cache.

import type { ResolverPort, ResolverPortDeps } from './ports.ts';
import { referencesFromPacket } from './references.ts';
import { resolveReferences } from './resolve.ts';

export function createResolverPort(deps: ResolverPortDeps): ResolverPort {
  return {
    resolve(request) {
      return resolveReferences(referencesFromPacket(request.packet), {
        apiUrl: request.crossrefApiUrl,
        mailto: request.crossrefMailto,
        limiter: deps.limiter,
        cache: deps.cache,
        signal: request.signal,
        ...(request.account ? { account: request.account } : {}),
        ...(request.onProgress ? { onProgress: request.onProgress } : {}),
        ...(deps.requestTimeoutMs ? { requestTimeoutMs: deps.requestTimeoutMs } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.refineStyle ? { refineStyle: deps.refineStyle } : {}),
      });
    },
  };
}
