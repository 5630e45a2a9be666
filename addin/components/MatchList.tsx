// The review list, virtualised (@tanstack/react-virtual: only the rows in view are in the DOM, so
// 1,000 matches scroll smoothly), with one tab stop for the whole list and keys inside it:
// ↑/↓ (or K/J) move, A approve, S skip (both then move to the next row that needs attention), C change,
// U undo, Enter show in the document. Focus never falls to the page: when the focused row leaves the
// list (decided under "Not reviewed yet"), the row that took its place takes the focus. Decisions and
// moves are said in a live region for screen readers.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import { approveProblem, type Choice, type ReviewAction, type ReviewState } from '../review/review-state.ts';
import { nextToReview } from '../review/filter.ts';
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
  const box = useRef<HTMLDivElement>(null);
  /** The list (or its empty message) holds the keyboard focus: restore it if a render drops it to the page. */
  const hasFocus = useRef(false);
  const [said, setSaid] = useState('');
  const nextSaid = useRef<string | null>(null);

  const describe = useCallback(
    (refId: string) => {
      const m = state.matches.find((x) => x.refId === refId);
      if (!m) return null;
      return { m, kind: S.review.kindSingular[m.kind] ?? m.kind, n: numbers.get(m.refId) ?? 0 };
    },
    [state.matches, numbers],
  );

  // Say each decision (keys, buttons, bulk) and, after A or S, where the list moved to.
  const prevChoices = useRef(state.choices);
  useEffect(() => {
    const before = prevChoices.current;
    prevChoices.current = state.choices;
    if (before === state.choices) return;
    const changed = [...new Set([...Object.keys(before), ...Object.keys(state.choices)])].filter((id) => before[id] !== state.choices[id]);
    const tail = nextSaid.current ?? '';
    nextSaid.current = null;
    if (changed.length !== 1) {
      if (changed.length > 1) setSaid(S.review.announce.many(changed.length) + tail);
      return;
    }
    const d = describe(changed[0]!);
    if (!d) return;
    const c: Choice | undefined = state.choices[d.m.refId];
    setSaid((c ? S.review.announce.decided(S.review.choiceLabel[c.status] ?? c.status, d.kind, d.n, d.m.sourceText) : S.review.announce.undone(d.kind, d.n, d.m.sourceText)) + tail);
  }, [state.choices, describe]);

  // The current row left the list (decided under a filter that hides decided rows, say): the row that
  // took its place becomes current, so the keys go on working.
  const last = useRef<{ refId: string | null; index: number }>({ refId: null, index: -1 });
  useEffect(() => {
    const was = last.current;
    last.current = { refId: current, index: currentIndex };
    if (current !== null && current === was.refId && was.index >= 0 && currentIndex < 0 && matches.length > 0) {
      focusAfterMove.current = hasFocus.current;
      setCurrent(matches[Math.min(was.index, matches.length - 1)]!.refId);
    }
  });

  // Focus never falls to the page while the pane has it: back to the current row (or the empty message).
  useEffect(() => {
    if (!hasFocus.current || !document.hasFocus()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const row: HTMLElement | null | undefined = box.current?.querySelector('.match-row.current');
    const empty: HTMLElement | null | undefined = box.current?.querySelector('.list-empty');
    (row ?? empty)?.focus({ preventScroll: true });
  });

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
    else if (m && KEYS[key]) {
      const type = KEYS[key];
      // A and S go on to the next row that needs attention (an approval refused stays put).
      if (type !== 'undo' && !(type === 'approve' && approveProblem(m) !== null)) {
        const next = nextToReview(matches, state.choices, m.refId);
        const d = next ? describe(next) : null;
        nextSaid.current = d ? S.review.announce.next(d.kind, d.n, d.m.sourceText, S.review.statusLabel[d.m.status] ?? d.m.status) : S.review.announce.allDone;
        if (next) {
          focusAfterMove.current = true;
          setCurrent(next);
        }
      }
      dispatch({ type, refId: m.refId });
    }
    else if (m && key === 'c') onToggle(m.refId);
    else if (m && key === 'Enter' && e.target === e.currentTarget.querySelector('.match-row.current')) onSelect(m);
    else return;
    e.preventDefault();
  };

  const focusIn = () => {
    hasFocus.current = true;
  };
  const focusOut = (e: React.FocusEvent<HTMLDivElement>) => {
    // Focus moved to another element of the pane (not dropped by a removed row, not to Word): let it go.
    if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) hasFocus.current = false;
  };
  const live = (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="list-announcer">
      {said}
    </div>
  );
  if (matches.length === 0) {
    return (
      <div ref={box} onFocus={focusIn} onBlur={focusOut}>
        <p className="list-empty" tabIndex={-1}>
          {S.review.noneShown}
        </p>
        {live}
      </div>
    );
  }
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={box} onFocus={focusIn} onBlur={focusOut}>
    {live}
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
    </div>
  );
}
