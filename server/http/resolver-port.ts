// The door /hyperlink-crossref calls. A resolver implementation (Crossref client, caching, matching)
// plugs in here; until one is configured the route answers 503.
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ResolverReport, ScanPacket } from '../../shared/contract.ts';
import type { ProgressCallback } from '../resolver/ports.ts';

interface ResolveRequest {
  bytes: Uint8Array;
  settings: HyperlinkSettings;
  packet: ScanPacket;
  crossrefApiUrl: string;
  crossrefMailto: string;
  signal: AbortSignal;
  /** The caller's account ("user:ID" or "org:ID"): registry capacity is shared fairly between accounts. */
  account?: string;
  /** Called once per reference resolved (the route streams it as a server-sent event). */
  onProgress?: ProgressCallback;
}

export interface ResolverPort {
  /** Returns the report without scanFingerprint and scanToken; the route adds both. */
  resolve(request: ResolveRequest): Promise<Omit<ResolverReport, 'scanFingerprint' | 'scanToken'>>;
}
