// The review list, virtualised (@tanstack/react-virtual: only the rows in view are in the DOM, so
// 1,000 matches scroll smoothly), with one tab stop for the whole list and keys inside it:
// ↑/↓ (or K/J) move, A approve, S skip, C change, U undo, Enter show in the document.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import type { ReviewAction, ReviewState } from '../review/review-state.ts';
import { MatchRow, proposalText } from './MatchRow.tsx';
import { S } from '../strings.ts';

export interface MatchListProps {
  matches: ReviewMatch[];
  state: ReviewState;
  targetText: (id: string) => string;
  numbers: ReadonlyMap<string, number>;
  current: string | null;
  setCurrent: (refId: string) => void;
  dispatch: (a: ReviewAction) => void;
  onSelect: (m: ReviewMatch) => void;
}

const KEYS: Record<string, 'approve' | 'skip' | 'undo'> = { a: 'approve', s: 'skip', u: 'undo' };

export function MatchList({ matches, state, targetText, numbers, current, setCurrent, dispatch, onSelect }: MatchListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const focusAfterMove = useRef(false);
  const index = useMemo(() => new Map(matches.map((m, i) => [m.refId, i])), [matches]);
  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 104,
    overscan: 6,
    getItemKey: (i) => matches[i]!.refId,
  });
  const currentIndex = current !== null ? (index.get(current) ?? -1) : -1;
  const activeIndex = currentIndex >= 0 ? currentIndex : 0;
  const targets: ReviewTarget[] = state.targets;

  const onToggle = useCallback((refId: string) => setExpanded((e) => ({ ...e, [refId]: !e[refId] })), []);
  const onFocusRow = useCallback((refId: string) => setCurrent(refId), [setCurrent]);

  // Keep the current row in view (also when Word's selection picked it).
  useEffect(() => {
    if (currentIndex >= 0) virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
  }, [currentIndex, virtualizer]);

  useEffect(() => {
    if (!focusAfterMove.current || !current) return;
    focusAfterMove.current = false;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-refid="${CSS.escape(current)}"]`);
    el?.focus({ preventScroll: true });
  });

  const move = (delta: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, activeIndex + delta));
    const m = matches[next];
    if (!m) return;
    focusAfterMove.current = true;
    setCurrent(m.refId);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('.match-editor, input, [role="combobox"]')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const m = matches[activeIndex];
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 'ArrowDown' || key === 'j') move(1);
    else if (key === 'ArrowUp' || key === 'k') move(-1);
    else if (key === 'Home') move(-matches.length);
    else if (key === 'End') move(matches.length);
    else if (m && KEYS[key]) dispatch({ type: KEYS[key], refId: m.refId });
    else if (m && key === 'c') onToggle(m.refId);
    else if (m && key === 'Enter' && e.target === e.currentTarget.querySelector('.match-row.current')) onSelect(m);
    else return;
    e.preventDefault();
  };

  if (matches.length === 0) return <p className="list-empty">{S.review.noneShown}</p>;
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} className="match-scroller" onKeyDown={onKeyDown} data-testid="match-list">
      <div role="list" className="match-list" aria-label={S.review.list} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((v) => {
          const m = matches[v.index]!;
          const choice = state.choices[m.refId];
          return (
            <div key={v.key} data-index={v.index} ref={virtualizer.measureElement} className="match-slot" role="none" style={{ transform: `translateY(${v.start}px)` }}>
              <MatchRow
                match={m}
                number={numbers.get(m.refId) ?? v.index + 1}
                choice={choice}
                targetText={proposalText(m, choice, targetText)}
                targets={targets}
                error={state.error?.refId === m.refId ? state.error.message : null}
                current={v.index === activeIndex}
                expanded={expanded[m.refId] === true}
                dispatch={dispatch}
                onSelect={onSelect}
                onToggle={onToggle}
                onFocusRow={onFocusRow}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
