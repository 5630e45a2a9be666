// Every match of the scan, grouped by kind, with the global bulk action and the apply button.
import { useMemo } from 'react';
import { Accordion, Button, Text } from '@fluentui/react-components';
import type { MatchKind, ReviewMatch } from '../../shared/contract.ts';
import type { ReviewAction, ReviewState } from '../review/review-state.ts';
import { reviewProgress } from '../review/decisions.ts';
import { KIND_ORDER } from '../review/kinds.ts';
import { KindGroup } from './KindGroup.tsx';

export interface ReviewPanelProps {
  state: ReviewState;
  dispatch: (a: ReviewAction) => void;
  onSelect: (m: ReviewMatch) => void;
  onApply: () => void;
  busy: boolean;
}

export function ReviewPanel({ state, dispatch, onSelect, onApply, busy }: ReviewPanelProps) {
  const groups = useMemo(() => {
    const byKind = new Map<MatchKind, ReviewMatch[]>();
    for (const m of state.matches) byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), m]);
    const known = KIND_ORDER.filter((k) => byKind.has(k));
    const extra = [...byKind.keys()].filter((k) => !KIND_ORDER.includes(k));
    return [...known, ...extra].map((kind) => ({ kind, matches: byKind.get(kind)! }));
  }, [state.matches]);
  const labels = useMemo(() => new Map(state.targets.map((t) => [t.targetId, t.label])), [state.targets]);
  const targetLabel = (id: string) => labels.get(id) ?? id;
  const p = reviewProgress(state);

  if (state.matches.length === 0) return <Text>No links were proposed for this document with these settings.</Text>;
  return (
    <div className="review-panel">
      <div className="review-summary" data-testid="review-summary">
        <Text weight="semibold">
          {p.total} matches · {p.byStatus.ready} ready · {p.decided} reviewed · {p.toLink} to link
        </Text>
        <div className="review-actions">
          <Button appearance="secondary" disabled={p.readyUndecided === 0} onClick={() => dispatch({ type: 'approveAllReady' })}>
            Approve all ready ({p.readyUndecided})
          </Button>
          <Button appearance="primary" disabled={busy || p.toLink === 0} onClick={onApply}>
            Apply {p.toLink} links
          </Button>
        </div>
        {state.error && state.error.refId === null && <Text className="match-error">{state.error.message}</Text>}
      </div>
      <Accordion multiple collapsible defaultOpenItems={groups.slice(0, 1).map((g) => g.kind)}>
        {groups.map((g) => (
          <KindGroup key={g.kind} kind={g.kind} matches={g.matches} state={state} targetLabel={targetLabel} dispatch={dispatch} onSelect={onSelect} />
        ))}
      </Accordion>
    </div>
  );
}
