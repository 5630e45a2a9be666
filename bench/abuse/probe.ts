// What a bench:abuse probe is: a name, the service settings it needs, and a run that returns the
// figures it measured, whether its goals held, and the statuses the abuse got.
import type { HostileRegistry } from '../../test/helpers/hostile-registry.ts';
import type { BenchService, HealthWatch } from './harness.ts';

interface ProbeContext {
  service: BenchService;
  health: HealthWatch;
  /** Upper bound on the probe's own wall time. */
  deadlineMs: number;
  /** The registry the service resolves against (CROSSREF_API_URL); its mode is the probe's to set. */
  registry?: HostileRegistry;
}

interface ProbeResult {
  /** One line each: "figure: value". */
  figures: string[];
  /** Goals as "goal: held/BROKEN (detail)". */
  goals: { goal: string; held: boolean; detail: string }[];
  statuses: string;
}

export interface Probe {
  name: string;
  /** What the probe does, one line. */
  about: string;
  run(ctx: ProbeContext): Promise<ProbeResult>;
}
