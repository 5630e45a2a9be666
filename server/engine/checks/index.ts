// Manuscript checks: the faults an editorial office returns a manuscript for, read from the review packet's graph
// (every citation and the entry it points to, every figure and table and where each is first mentioned) and, when
// the resolver ran, from its report. Pure: no I/O. Codes and examples: docs/checks.md.
import type { CheckFinding, CheckSeverity, ScanPacket } from '../../../shared/contract.ts';
import { authorDateChecks } from './author-date.ts';
import { citationChecks } from './citations.ts';
import { duplicateChecks } from './duplicates.ts';
import { floatChecks } from './floats.ts';
import { compareLocations, mentionsByTarget } from './mentions.ts';
import { registryChecks, type RegistryFacts } from './registry.ts';

export type { RegistryFacts } from './registry.ts';

const RANK: Record<CheckSeverity, number> = { error: 0, warning: 1, note: 2 };

/** Every finding, errors first, then in document order. */
export function runChecks(packet: Pick<ScanPacket, 'matches' | 'targets' | 'citeStyle'>, registry?: RegistryFacts): CheckFinding[] {
  const { matches, targets } = packet;
  const mentions = mentionsByTarget(matches, targets);
  const findings = [
    ...citationChecks(matches, targets, mentions, packet.citeStyle),
    ...(packet.citeStyle === 'author-year' ? authorDateChecks(matches, targets) : []),
    ...duplicateChecks(targets),
    ...floatChecks(matches, targets, mentions),
    ...(registry ? registryChecks(registry, targets) : []),
  ];
  return findings.sort((a, b) => RANK[a.severity] - RANK[b.severity] || compareLocations(a.location, b.location));
}

/** Findings per severity. */
export function countBySeverity(findings: readonly CheckFinding[]): Record<CheckSeverity, number> {
  const out: Record<CheckSeverity, number> = { error: 0, warning: 0, note: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}
