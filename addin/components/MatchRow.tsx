// One match: its text (click selects it in the document), status, proposed target, and actions.
import { useState } from 'react';
import { Button, Text, Tooltip } from '@fluentui/react-components';
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import type { Choice, ReviewAction } from '../review/review-state.ts';
import { approveProblem } from '../review/review-state.ts';
import { ChoiceBadge, StatusBadge } from './StatusBadge.tsx';
import { MatchEditor } from './MatchEditor.tsx';

export interface MatchRowProps {
  match: ReviewMatch;
  choice: Choice | undefined;
  targets: ReviewTarget[];
  targetLabel: (id: string) => string;
  error: string | null;
  dispatch: (a: ReviewAction) => void;
  onSelect: (m: ReviewMatch) => void;
}

function proposal(match: ReviewMatch, choice: Choice | undefined, targetLabel: (id: string) => string): string {
  if (choice?.status === 'retargeted') return `→ ${targetLabel(choice.targetId)}`;
  if (choice?.status === 'link_only') return `→ doi.org/${choice.doi}`;
  if (match.kind === 'doi') return match.doi ? `→ doi.org/${match.doi}` : '→ (no DOI)';
  if (!match.targetId) return '→ no target';
  return `→ ${match.label || targetLabel(match.targetId)}`;
}

export function MatchRow(props: MatchRowProps) {
  const { match, choice, targets, targetLabel, error, dispatch, onSelect } = props;
  const [open, setOpen] = useState(false);
  const blocked = approveProblem(match);
  return (
    <li className={`match-row${choice ? ` decided-${choice.status}` : ''}`} data-refid={match.refId}>
      <div className="match-line">
        <Tooltip content="Show in document" relationship="description">
          <button className="match-text" onClick={() => onSelect(match)}>
            {match.sourceText}
          </button>
        </Tooltip>
        <StatusBadge status={match.status} />
        <ChoiceBadge choice={choice} />
      </div>
      {match.context && (
        <Text size={200} className="match-context">
          {match.context.before}
          <mark>{match.sourceText}</mark>
          {match.context.after}
        </Text>
      )}
      <Text size={200} className="match-target">
        {proposal(match, choice, targetLabel)}
        {match.reason ? <span className="match-reason"> · {match.reason}</span> : null}
      </Text>
      <div className="match-actions">
        <Button size="small" appearance={choice?.status === 'approved' ? 'primary' : 'secondary'} disabled={blocked !== null} title={blocked ?? 'Keep the proposed link'} onClick={() => dispatch({ type: 'approve', refId: match.refId })}>
          Approve
        </Button>
        <Button size="small" onClick={() => dispatch({ type: 'skip', refId: match.refId })}>
          Skip
        </Button>
        <Button size="small" appearance="subtle" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Close' : 'Change…'}
        </Button>
        {choice && (
          <Button size="small" appearance="transparent" onClick={() => dispatch({ type: 'undo', refId: match.refId })}>
            Undo
          </Button>
        )}
      </div>
      {open && <MatchEditor match={match} targets={targets} dispatch={dispatch} />}
      {error && (
        <Text size={200} className="match-error" role="alert">
          {error}
        </Text>
      )}
    </li>
  );
}
