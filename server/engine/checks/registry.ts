// Checks from the resolver's report, when it ran: cited works retracted, withdrawn or under an expression of
// concern (error), corrected (note), DOIs written in an entry that name another work or none (error), and entries
// the registry found a DOI for that the manuscript does not give (note).
import type { CheckFinding, ResolverReport, ReviewTarget } from '../../../shared/contract.ts';
import { atTarget, finding } from './mentions.ts';

/** What the registry checks read of a resolver report (the CLI's report has no scan token). */
export type RegistryFacts = Pick<ResolverReport, 'references' | 'resolvedWorks'>;

const SERIOUS = /retract|withdraw|removal|concern/;

export function registryChecks(report: RegistryFacts, targets: readonly ReviewTarget[]): CheckFinding[] {
  const out: CheckFinding[] = [];
  const byId = new Map(targets.map((t) => [t.targetId, t]));
  for (const ref of report.references) {
    const t = byId.get(ref.refId);
    if (!t) continue;
    const n = ref.index + 1;
    const work = report.resolvedWorks[ref.refId];
    for (const u of work?.updates ?? []) {
      const type = u.type.replace(/_/g, ' ');
      const when = u.date ? ` (${u.date})` : '';
      if (SERIOUS.test(u.type)) out.push(finding('retracted-work', 'error', `Reference ${n} (${work!.doi}) carries a ${type} notice${when}: ${u.noticeDoi}`, atTarget(t), [t.targetId]));
      else out.push(finding('corrected-work', 'note', `Reference ${n} (${work!.doi}) has a ${type}${when}: ${u.noticeDoi}`, atTarget(t), [t.targetId]));
    }
    if (work?.identityChange) {
      const ic = work.identityChange;
      const what = ic.notFound ? 'does not exist' : `names another work (“${ic.registryTitle}”)`;
      out.push(finding('doi-mismatch', 'error', `Reference ${n}: the DOI written, ${ic.writtenDoi}, ${what}${ic.betterDoi ? `; the registry suggests ${ic.betterDoi}` : ''}`, atTarget(t), [t.targetId]));
    } else if (ref.existingDoiCheck === 'not_found' || ref.existingDoiCheck === 'contradicted') {
      out.push(finding('doi-mismatch', 'error', `Reference ${n}: the DOI written, ${ref.existingDoi}, ${ref.existingDoiCheck === 'not_found' ? 'does not exist' : 'names another work'}`, atTarget(t), [t.targetId]));
    } else if (!ref.existingDoi && work && ref.status === 'ready') {
      out.push(finding('doi-available', 'note', `Reference ${n} gives no DOI; the registry has ${work.doi}`, atTarget(t), [t.targetId]));
    }
  }
  return out;
}
