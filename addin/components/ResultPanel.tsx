// What apply did: link counts per category, warnings, where the output went, what Word kept
// (verification after the replace), and "Restore original".
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { ApplySession } from '../workflow/pipeline.ts';
import type { Verification } from '../docx/verify.ts';
import { S } from '../strings.ts';

function Problems({ title, v, testId }: { title: string; v: Verification; testId: string }) {
  return (
    <MessageBar intent="error" layout="multiline" data-testid={testId}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        <ul className="verify-problems">
          {v.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

export function ResultPanel({ applied, restored, busy, onRestore }: { applied: ApplySession; restored: Verification | null; busy: boolean; onRestore: () => void }) {
  const { result, outcome, verification } = applied;
  const stats = Object.entries(result.statCounts ?? {}).filter(([, n]) => n > 0);
  const canRestore = outcome.mode !== 'opened-new';
  return (
    <div className="result-panel" data-testid="result">
      <MessageBar intent={outcome.mode === 'opened-new' ? 'warning' : 'success'} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{S.apply.linksAdded(result.linkCount)}</MessageBarTitle>
          {outcome.message}
        </MessageBarBody>
      </MessageBar>
      {verification?.ok && (
        <Text size={200} block data-testid="verified">
          {S.apply.verified}
        </Text>
      )}
      {verification && !verification.ok && <Problems title={S.apply.lost} v={verification} testId="verify-problems" />}
      {stats.length > 0 && (
        <Text size={200} block>
          {stats.map(([k, n]) => S.apply.statCount(k, n)).join(S.apply.statSeparator)}
        </Text>
      )}
      {(result.warnings ?? []).map((w) => (
        <Text key={w} size={200} block className="settings-warning">
          {w}
        </Text>
      ))}
      {canRestore && !restored && (
        <div className="restore-line">
          <Button appearance={verification?.ok === false ? 'primary' : 'secondary'} disabled={busy} onClick={onRestore}>
            {S.apply.restore}
          </Button>
          <Text size={200}>{S.apply.undoWarning}</Text>
        </div>
      )}
      {restored?.ok && (
        <MessageBar intent="info" data-testid="restored">
          <MessageBarBody>{S.apply.restored}</MessageBarBody>
        </MessageBar>
      )}
      {restored && !restored.ok && <Problems title={S.apply.restoredWithProblems} v={restored} testId="restore-problems" />}
    </div>
  );
}
