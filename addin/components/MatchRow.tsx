// One match in the review list: its text (click shows it in the document), status, the target in
// words, and actions whose labels name the match. Memoised: a decision re-renders only its own row.
import { memo } from 'react';
import { Button, Text } from '@fluentui/react-components';
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import type { Choice, ReviewAction } from '../review/review-state.ts';
import { approveProblem } from '../review/review-state.ts';
import { ChoiceBadge, StatusBadge } from './StatusBadge.tsx';
import { MatchEditor } from './MatchEditor.tsx';
import { S } from '../strings.ts';

export interface MatchRowProps {
  match: ReviewMatch;
  /** 1-based number of the match among those of its kind, for labels ("citation 12"). */
  number: number;
  choice: Choice | undefined;
  /** The proposed (or chosen) target in words. */
  targetText: string;
  targets: ReviewTarget[];
  error: string | null;
  current: boolean;
  expanded: boolean;
  dispatch: (a: ReviewAction) => void;
  onSelect: (m: ReviewMatch) => void;
  onToggle: (refId: string) => void;
  onFocusRow: (refId: string) => void;
}

declare global {
  // Rows that rendered, recorded only when a test defines the array (render measurement).
  var __hyperlinkerRowRenders: string[] | undefined;
}

export function proposalText(match: ReviewMatch, choice: Choice | undefined, targetText: (id: string) => string): string {
  if (choice?.status === 'retargeted') return targetText(choice.targetId);
  if (choice?.status === 'link_only') return `doi.org/${choice.doi}`;
  if (match.kind === 'doi') return match.doi ? `doi.org/${match.doi}` : S.review.noDoi;
  if (!match.targetId && match.url) return match.url.replace(/^https?:\/\//, '');
  if (!match.targetId) return S.review.noTarget;
  return targetText(match.targetId);
}

function MatchRowView(props: MatchRowProps) {
  const { match, number, choice, targetText, targets, error, current, expanded, dispatch, onSelect, onToggle, onFocusRow } = props;
  globalThis.__hyperlinkerRowRenders?.push(match.refId);
  const blocked = approveProblem(match);
  const kind = S.review.kindSingular[match.kind] ?? match.kind;
  const label = (action: string) => S.review.rowLabel(action, kind, number, match.sourceText, targetText);
  const tab = current ? 0 : -1;
  return (
    <div
      role="listitem"
      className={`match-row${choice ? ` decided-${choice.status}` : ''}${current ? ' current' : ''}`}
      data-refid={match.refId}
      data-status={match.status}
      data-paragraph={match.location?.paragraph}
      data-start={match.location?.start}
      tabIndex={tab}
      aria-current={current ? 'true' : undefined}
      aria-label={S.review.rowName(kind, number, match.sourceText, targetText)}
      onFocus={(e) => (e.target === e.currentTarget && !current ? onFocusRow(match.refId) : undefined)}
      onClick={() => (!current ? onFocusRow(match.refId) : undefined)}
    >
      <div className="match-line">
        <button className="match-text" tabIndex={tab} title={S.review.showInDocument} aria-label={label(S.review.showInDocument)} onClick={() => onSelect(match)}>
          {match.sourceText}
        </button>
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
        → {targetText}
        {match.reason ? <span className="match-reason"> · {S.reason(match.reason, match.reasonCode)}</span> : null}
      </Text>
      <div className="match-actions">
        <Button size="small" tabIndex={tab} appearance={choice?.status === 'approved' ? 'primary' : 'secondary'} disabled={blocked !== null} title={blocked ?? undefined} aria-label={label(S.review.approve)} onClick={() => dispatch({ type: 'approve', refId: match.refId })}>
          {S.review.approve}
        </Button>
        <Button size="small" tabIndex={tab} aria-label={label(S.review.skip)} onClick={() => dispatch({ type: 'skip', refId: match.refId })}>
          {S.review.skip}
        </Button>
        <Button size="small" tabIndex={tab} appearance="subtle" onClick={() => onToggle(match.refId)} aria-expanded={expanded}>
          {expanded ? S.review.close : S.review.change}
        </Button>
        {choice && (
          <Button size="small" tabIndex={tab} appearance="transparent" aria-label={label(S.review.undo)} onClick={() => dispatch({ type: 'undo', refId: match.refId })}>
            {S.review.undo}
          </Button>
        )}
      </div>
      {expanded && <MatchEditor match={match} targets={targets} dispatch={dispatch} />}
      {error && (
        <Text size={200} className="match-error" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}

export const MatchRow = memo(MatchRowView);
