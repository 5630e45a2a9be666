// Retarget among targets of the same kind with a searchable combobox (targets in words), and
// "link to DOI only" for one match.
import { useMemo, useState } from 'react';
import { Button, Combobox, Field, Input, Option } from '@fluentui/react-components';
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import { retargetOptions } from '../review/kinds.ts';
import { targetInWords, targetMatchesQuery, targetSearchText } from '../review/filter.ts';
import type { ReviewAction } from '../review/review-state.ts';
import { S } from '../strings.ts';

const MAX_OPTIONS = 60;

export function MatchEditor(props: { match: ReviewMatch; targets: ReviewTarget[]; dispatch: (a: ReviewAction) => void }) {
  const { match, targets, dispatch } = props;
  const options = useMemo(() => retargetOptions(match, targets).map((t) => ({ id: t.targetId, text: targetInWords(t), search: targetSearchText(t) })), [match, targets]);
  const initial = options.find((o) => o.id === match.targetId) ?? options[0];
  const [targetId, setTargetId] = useState(initial?.id ?? '');
  const [query, setQuery] = useState(initial?.text ?? '');
  const [doi, setDoi] = useState(match.doi ?? '');
  const chosen = options.find((o) => o.id === targetId);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = !q || q === chosen?.text.toLowerCase() ? options : options.filter((o) => targetMatchesQuery(o.search, q));
    return all.slice(0, MAX_OPTIONS);
  }, [options, query, chosen]);
  return (
    <div className="match-editor">
      {options.length > 0 && (
        <div className="editor-line">
          <Field label={S.review.linkTo} size="small" className="grow">
            <Combobox
              size="small"
              freeform
              aria-label={S.review.retargetTo}
              placeholder={S.review.targetSearch}
              value={query}
              selectedOptions={targetId ? [targetId] : []}
              onChange={(e) => setQuery(e.target.value)}
              onOptionSelect={(_, d) => {
                // Typing clears the selection (optionValue undefined): keep what was typed.
                if (!d.optionValue) return;
                setTargetId(d.optionValue);
                setQuery(d.optionText ?? '');
              }}
              listbox={{ className: 'target-listbox' }}
            >
              {filtered.length === 0 ? (
                <Option key="none" value="" text="" disabled>
                  {S.review.noTargetsFound}
                </Option>
              ) : (
                filtered.map((o) => (
                  <Option key={o.id} value={o.id} text={o.text}>
                    {o.text}
                  </Option>
                ))
              )}
            </Combobox>
          </Field>
          <Button size="small" onClick={() => dispatch({ type: 'retarget', refId: match.refId, targetId })} disabled={!targetId}>
            {S.review.retarget}
          </Button>
        </div>
      )}
      <div className="editor-line">
        <Field label={S.review.doiOnly} size="small" className="grow">
          <Input size="small" value={doi} placeholder={S.review.doiPlaceholder} onChange={(_, d) => setDoi(d.value)} aria-label={S.review.doiLabel} />
        </Field>
        <Button size="small" onClick={() => dispatch({ type: 'linkDoi', refId: match.refId, doi })} disabled={!doi.trim()}>
          {S.review.linkDoi}
        </Button>
      </div>
    </div>
  );
}
