// Retarget (targets of the same type) and "link to DOI only" for one match.
import { useState } from 'react';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import { retargetOptions } from '../review/kinds.ts';
import type { ReviewAction } from '../review/review-state.ts';

function optionText(t: ReviewTarget): string {
  const text = t.text ? ` — ${t.text.slice(0, 60)}` : '';
  return `${t.label}${text}`;
}

export function MatchEditor(props: { match: ReviewMatch; targets: ReviewTarget[]; dispatch: (a: ReviewAction) => void }) {
  const { match, targets, dispatch } = props;
  const options = retargetOptions(match, targets);
  const [targetId, setTargetId] = useState(match.targetId || options[0]?.targetId || '');
  const [doi, setDoi] = useState(match.doi ?? '');
  return (
    <div className="match-editor">
      {options.length > 0 && (
        <div className="editor-line">
          <Field label="Link to" size="small" className="grow">
            <Select size="small" value={targetId} onChange={(_, d) => setTargetId(d.value)} aria-label="Retarget to">
              {options.map((t) => (
                <option key={t.targetId} value={t.targetId}>
                  {optionText(t)}
                </option>
              ))}
            </Select>
          </Field>
          <Button size="small" onClick={() => dispatch({ type: 'retarget', refId: match.refId, targetId })} disabled={!targetId}>
            Retarget
          </Button>
        </div>
      )}
      <div className="editor-line">
        <Field label="DOI only" size="small" className="grow">
          <Input size="small" value={doi} placeholder="10.1371/journal.pone.0117949" onChange={(_, d) => setDoi(d.value)} aria-label="DOI" />
        </Field>
        <Button size="small" onClick={() => dispatch({ type: 'linkDoi', refId: match.refId, doi })} disabled={!doi.trim()}>
          Link DOI
        </Button>
      </div>
    </div>
  );
}
