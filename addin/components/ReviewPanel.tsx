// Every match of the scan in one virtualised list: needs-attention first, filters by status and
// kind, search, bulk approval of what is shown, and the apply button.
import { memo, useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Button, Dropdown, Field, Option, SearchBox, Text } from '@fluentui/react-components';
import type { ManuscriptLanguagesReport, MatchKind, ReviewMatch } from '../../shared/contract.ts';
import type { ReviewAction, ReviewState } from '../review/review-state.ts';
import { approveProblem } from '../review/review-state.ts';
import { reviewProgress } from '../review/decisions.ts';
import { KIND_TITLES } from '../review/kinds.ts';
import { ALL, attentionCount, kindsPresent, targetInWords, visibleMatches, type ListFilter, type StatusFilter } from '../review/filter.ts';
import { MatchList } from './MatchList.tsx';
import { S } from '../strings.ts';

export interface ReviewPanelProps {
  state: ReviewState;
  dispatch: (a: ReviewAction) => void;
  onSelect: (m: ReviewMatch) => void;
  onApply: () => void;
  busy: boolean;
  /** The match under Word's selection, when the user selected text in the document. */
  current: string | null;
  setCurrent: (refId: string) => void;
  /** The languages the scan read the manuscript in (ScanPacket.languages; absent from an older service). */
  languages?: ManuscriptLanguagesReport;
}

const STATUS_FILTERS: StatusFilter[] = ['all', 'attention', 'undecided', 'ready', 'decided'];

/** Search and the two filters; memoised, so a decision (which changes neither) does not re-render them. */
const FilterBar = memo(function FilterBar({ filter, setFilter, kinds, attention }: { filter: ListFilter; setFilter: Dispatch<SetStateAction<ListFilter>>; kinds: MatchKind[]; attention: number }) {
  return (
    <>
      <SearchBox
        size="small"
        aria-label={S.review.search}
        placeholder={S.review.searchPlaceholder}
        value={filter.query}
        onChange={(_, d) => setFilter((f) => ({ ...f, query: d.value }))}
        data-testid="match-search"
      />
      <div className="filter-line">
        <Field label={S.review.statusFilter} size="small" className="grow">
          <Dropdown
            size="small"
            value={S.review.status[filter.status]}
            selectedOptions={[filter.status]}
            onOptionSelect={(_, d) => setFilter((f) => ({ ...f, status: (d.optionValue as StatusFilter) ?? 'all' }))}
            data-testid="status-filter"
          >
            {STATUS_FILTERS.map((s) => (
              <Option key={s} value={s}>
                {s === 'attention' ? `${S.review.status[s]} (${attention})` : S.review.status[s]!}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={S.review.kindFilter} size="small" className="grow">
          <Dropdown
            size="small"
            value={filter.kind === 'all' ? S.review.allKinds : KIND_TITLES[filter.kind]}
            selectedOptions={[filter.kind]}
            onOptionSelect={(_, d) => setFilter((f) => ({ ...f, kind: (d.optionValue as MatchKind | 'all') ?? 'all' }))}
            data-testid="kind-filter"
          >
            <Option value="all">{S.review.allKinds}</Option>
            {kinds.map((k) => (
              <Option key={k} value={k}>
                {KIND_TITLES[k] ?? k}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
    </>
  );
});

export function ReviewPanel({ state, dispatch, onSelect, onApply, busy, current, setCurrent, languages }: ReviewPanelProps) {
  const [filter, setFilter] = useState<ListFilter>(() => ({ ...ALL, status: attentionCount(state.matches) > 0 ? 'attention' : 'all' }));
  const words = useMemo(() => new Map(state.targets.map((t) => [t.targetId, targetInWords(t)])), [state.targets]);
  const targetText = useCallback((id: string) => words.get(id) ?? id, [words]);
  const numbers = useMemo(() => {
    const perKind = new Map<MatchKind, number>();
    const out = new Map<string, number>();
    for (const m of state.matches) {
      const n = (perKind.get(m.kind) ?? 0) + 1;
      perKind.set(m.kind, n);
      out.set(m.refId, n);
    }
    return out;
  }, [state.matches]);
  const kinds = useMemo(() => kindsPresent(state.matches), [state.matches]);
  const shown = useMemo(() => visibleMatches(state.matches, state.choices, filter, targetText), [state.matches, state.choices, filter, targetText]);
  const attention = useMemo(() => attentionCount(state.matches), [state.matches]);
  const p = reviewProgress(state);
  const shownReady = shown.filter((m) => m.status === 'ready' && !state.choices[m.refId] && approveProblem(m) === null);

  // The languages the manuscript was read in, in small text: why "Figura 2" was (or was not) proposed.
  const languagesLine = languages ? (
    <Text size={200} block data-testid="review-languages">
      {S.review.languages(languages.read, languages.basis)}
    </Text>
  ) : null;
  if (state.matches.length === 0) {
    return (
      <>
        <Text>{S.review.none}</Text>
        {languagesLine}
      </>
    );
  }
  return (
    <div className="review-panel">
      <div className="review-summary" data-testid="review-summary">
        <Text weight="semibold">{S.review.summary(p.total, attention, p.decided, p.toLink)}</Text>
        {languagesLine}
        <div className="review-actions">
          <Button appearance="secondary" disabled={busy || p.readyUndecided === 0} onClick={() => dispatch({ type: 'approveAllReady' })}>
            {S.review.approveAllReady(p.readyUndecided)}
          </Button>
          <Button appearance="primary" disabled={busy || p.toLink === 0} onClick={onApply}>
            {S.review.apply(p.toLink)}
          </Button>
        </div>
        {state.error && state.error.refId === null && <Text className="match-error">{state.error.message}</Text>}
      </div>
      <div className="review-filters">
        <FilterBar filter={filter} setFilter={setFilter} kinds={kinds} attention={attention} />
        <div className="filter-line">
          <Text size={200} data-testid="shown-count">
            {S.review.shown(shown.length, state.matches.length)}
          </Text>
          {shownReady.length > 0 && shownReady.length < p.readyUndecided && (
            <Button size="small" appearance="subtle" onClick={() => shownReady.forEach((m) => dispatch({ type: 'approve', refId: m.refId }))}>
              {S.review.approveShownReady(shownReady.length)}
            </Button>
          )}
        </div>
      </div>
      <MatchList matches={shown} state={state} targetText={targetText} numbers={numbers} current={current} setCurrent={setCurrent} dispatch={dispatch} onSelect={onSelect} />
    </div>
  );
}
