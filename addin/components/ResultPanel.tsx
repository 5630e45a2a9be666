// What apply did: link counts per category, warnings, the matches it left unlinked and why, where the output
// went, what Word kept (verification after the replace), and "Restore original".
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { UnmatchedItem } from '../../shared/contract.ts';
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

/** The matches apply left unlinked, folded under their count: what the service could not link first, the reviewer's skips last. */
function Unlinked({ items }: { items: readonly UnmatchedItem[] }) {
  const ordered = [...items.filter((u) => u.status !== 'skipped'), ...items.filter((u) => u.status === 'skipped')];
  return (
    <details className="unlinked" data-testid="unlinked">
      <summary>
        <Text size={200}>{S.apply.unlinked(items.length)}</Text>
      </summary>
      <ul className="unlinked-list">
        {ordered.map((u, i) => (
          <li key={`${i}:${u.refId}`} data-testid="unlinked-item">
            <Text size={200}>{S.apply.unlinkedItem(u)}</Text>
          </li>
        ))}
      </ul>
    </details>
  );
}

export interface ResultPanelProps {
  applied: ApplySession;
  restored: Verification | null;
  busy: boolean;
  /** anyway: the author was told what would be lost and chose to restore. */
  onRestore: (anyway?: boolean) => void;
  /** Edits made since apply that restoring would lose (asked about), or null. */
  restoreEdits?: string[] | null;
  onKeep?: () => void;
}

/** Restoring would lose edits made since apply: named, then restore anyway or keep the document. */
function RestoreQuestion({ edits, busy, onRestore, onKeep }: { edits: string[]; busy: boolean; onRestore: () => void; onKeep: () => void }) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="restore-question">
      <MessageBarBody>
        <MessageBarTitle>{S.apply.restoreChanged}</MessageBarTitle>
        <ul className="verify-problems">
          {edits.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" disabled={busy} onClick={onRestore}>
          {S.apply.restoreAnyway}
        </Button>
        <Button size="small" appearance="primary" onClick={onKeep}>
          {S.apply.keepDocument}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

export function ResultPanel({ applied, restored, busy, onRestore, restoreEdits = null, onKeep = () => undefined }: ResultPanelProps) {
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
      {(result.warnings ?? []).map((w, i) => (
        <Text key={`${i}:${w}`} size={200} block className="settings-warning">
          {S.reason(w, result.warningCodes?.[i])}
        </Text>
      ))}
      {(result.unmatched ?? []).length > 0 && <Unlinked items={result.unmatched!} />}
      {canRestore && !restored && restoreEdits && <RestoreQuestion edits={restoreEdits} busy={busy} onRestore={() => onRestore(true)} onKeep={onKeep} />}
      {canRestore && !restored && !restoreEdits && (
        <div className="restore-line">
          <Button appearance={verification?.ok === false ? 'primary' : 'secondary'} disabled={busy} onClick={() => onRestore()}>
            {S.apply.restore}
          </Button>
          <Text size={200}>{outcome.mode === 'revisions' ? S.apply.undoTracked : S.apply.undoWarning}</Text>
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
