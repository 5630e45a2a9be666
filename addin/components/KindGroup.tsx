// The matches of one kind, with per-kind bulk actions.
import { AccordionHeader, AccordionItem, AccordionPanel, Button, Text } from '@fluentui/react-components';
import type { MatchKind, ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import type { ReviewAction, ReviewState } from '../review/review-state.ts';
import { reviewProgress } from '../review/decisions.ts';
import { KIND_TITLES } from '../review/kinds.ts';
import { MatchRow } from './MatchRow.tsx';

export interface KindGroupProps {
  kind: MatchKind;
  matches: ReviewMatch[];
  state: ReviewState;
  targetLabel: (id: string) => string;
  dispatch: (a: ReviewAction) => void;
  onSelect: (m: ReviewMatch) => void;
}

export function KindGroup({ kind, matches, state, targetLabel, dispatch, onSelect }: KindGroupProps) {
  const p = reviewProgress(state, kind);
  const targets: ReviewTarget[] = state.targets;
  return (
    <AccordionItem value={kind} data-kind={kind}>
      <AccordionHeader size="small">
        {KIND_TITLES[kind]} <Text size={200} className="kind-count">&nbsp;{p.decided}/{p.total} reviewed</Text>
      </AccordionHeader>
      <AccordionPanel>
        <div className="kind-actions">
          <Button size="small" disabled={p.readyUndecided === 0} onClick={() => dispatch({ type: 'approveAllReady', kind })}>
            Approve {p.readyUndecided} ready
          </Button>
        </div>
        <ul className="match-list">
          {matches.map((m) => (
            <MatchRow
              key={m.refId}
              match={m}
              choice={state.choices[m.refId]}
              targets={targets}
              targetLabel={targetLabel}
              error={state.error?.refId === m.refId ? state.error.message : null}
              dispatch={dispatch}
              onSelect={onSelect}
            />
          ))}
        </ul>
      </AccordionPanel>
    </AccordionItem>
  );
}
