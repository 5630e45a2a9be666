// The Checks step (issue 21): the manuscript's findings (the scan packet's `checks`) with their counts per
// severity, grouped by severity; each quotes its sentence, and selecting it goes to its text in Word
// through the same path as selecting a match.
import { Text } from '@fluentui/react-components';
import type { CheckFinding, ReviewMatch } from '../../shared/contract.ts';
import { findingPlace, findingQuote, findingsOf, SEVERITIES, severityCounts } from '../review/findings.ts';
import { S } from '../strings.ts';

export interface ChecksPanelProps {
  findings: readonly CheckFinding[];
  onSelect: (place: ReviewMatch) => void;
}

export function ChecksPanel({ findings, onSelect }: ChecksPanelProps) {
  const counts = severityCounts(findings);
  const indexOf = new Map(findings.map((f, i) => [f, i]));
  return (
    <section className="checks-panel" data-testid="checks-panel" aria-label={S.checks.title}>
      <Text block weight="semibold" data-testid="checks-counts">
        {S.checks.counts(counts.error, counts.warning, counts.note)}
      </Text>
      {findings.length === 0 && <Text block>{S.checks.none}</Text>}
      {SEVERITIES.filter((s) => counts[s] > 0).map((severity) => (
        <div key={severity} className={`checks-group checks-${severity}`} data-severity={severity}>
          <Text block size={300} weight="semibold">
            {S.checks.severity[severity]} ({counts[severity]})
          </Text>
          <ul className="checks-list">
            {findingsOf(findings, severity).map((f) => {
              const i = indexOf.get(f)!;
              return (
                <li key={i}>
                  <button type="button" className="link-button" data-code={f.code} onClick={() => onSelect(findingPlace(f, i))} title={S.checks.show}>
                    <Text block size={200} weight="semibold">{f.message}</Text>
                    <Text block size={200}>{findingQuote(f)}</Text>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
