// The registry bench:abuse's service resolves against: the hostile registry of the resolver tests over the
// development registry's works, well-behaved ('ok') unless a probe sets another mode; and the manuscripts
// the registry probes resolve ($RESOLVER_DIR/docs/resolve, default ../shared/resolver).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry } from '../../test/helpers/fake-crossref/server.ts';
import { startHostileRegistry, type HostileRegistry } from '../../test/helpers/hostile-registry.ts';

const RESOLVER_DIR = process.env.RESOLVER_DIR ?? join(resolve(fileURLToPath(new URL('../..', import.meta.url))), '..', 'shared', 'resolver');
export const RESOLVE_DOCS = join(RESOLVER_DIR, 'docs', 'resolve');

export function startBenchRegistry(): Promise<HostileRegistry> {
  return startHostileRegistry(loadRegistry(join(RESOLVER_DIR, 'registry-dev.jsonl')));
}
