// What apply did: link counts per category, warnings, and where the output went.
import { MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { ApplySession } from '../workflow/pipeline.ts';

export function ResultPanel({ applied }: { applied: ApplySession }) {
  const { result, outcome } = applied;
  const stats = Object.entries(result.statCounts ?? {}).filter(([, n]) => n > 0);
  return (
    <div className="result-panel" data-testid="result">
      <MessageBar intent={outcome.mode === 'opened-new' ? 'warning' : 'success'}>
        <MessageBarBody>
          <MessageBarTitle>{result.linkCount} links added</MessageBarTitle>
          {outcome.message}
        </MessageBarBody>
      </MessageBar>
      {stats.length > 0 && (
        <Text size={200} block>
          {stats.map(([k, n]) => `${k}: ${n}`).join(' · ')}
        </Text>
      )}
      {(result.warnings ?? []).map((w) => (
        <Text key={w} size={200} block className="settings-warning">
          {w}
        </Text>
      ))}
    </div>
  );
}
