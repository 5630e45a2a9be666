// Crossref evidence: DOIs found for references, each approved or not before apply.
import { Checkbox, Text } from '@fluentui/react-components';
import type { ResolverReport } from '../../shared/contract.ts';

export function ResolverPanel(props: { report: ResolverReport; approved: Record<string, boolean>; onChange: (a: Record<string, boolean>) => void }) {
  const { report, approved, onChange } = props;
  const entries = Object.entries(report.resolvedWorks);
  if (entries.length === 0) return <Text size={200}>Crossref found no DOIs to add.</Text>;
  return (
    <div className="resolver-panel">
      <Text weight="semibold" block>
        Crossref: {entries.length} DOIs found
      </Text>
      <ul className="match-list">
        {entries.map(([id, w]) => (
          <li key={id} className="match-row">
            <Checkbox
              checked={approved[id] === true}
              onChange={(_, d) => onChange({ ...approved, [id]: d.checked === true })}
              label={`${w.title.slice(0, 90)} — ${w.doi} (${Math.round(w.confidence * 100)}%)`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
