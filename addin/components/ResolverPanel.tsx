// The Resolve step's review: every reference with the DOI Crossref proposes (title, confidence,
// reasons, retraction or identity-change flags), approved, rejected or replaced by a DOI typed in.
// What needs a look comes first: flagged, then low confidence, then held and unmatched; the ready ones
// are collapsed under their count, with "approve all ready", so they never bury the rest.
import { Badge, Button, Input, Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { ResolutionStatus, ResolverReport } from '../../shared/contract.ts';
import { parseTypedDoi, resolverRows, type ResolverRow, type WorkChoice, type WorkChoices } from '../review/resolver-choices.ts';
import { S } from '../strings.ts';

const STATUS_COLOR: Record<ResolutionStatus, 'success' | 'danger' | 'warning' | 'informative'> = {
  ready: 'success',
  low_confidence: 'warning',
  unmatched: 'danger',
  held: 'informative',
};

/** Ready and unflagged: nothing to look at unless the author wants to. */
function isReady(row: ResolverRow): boolean {
  return row.status === 'ready' && row.flags.length === 0;
}

export function ResolverPanel(props: { report: ResolverReport; approved: WorkChoices; onChange: (choices: WorkChoices) => void }) {
  const { report, approved, onChange } = props;
  const rows = useMemo(() => resolverRows(report), [report]);
  const [showReady, setShowReady] = useState(false);
  if (rows.length === 0) return <Text size={200}>{S.resolver.none}</Text>;
  const counts = report.resolverReport;
  const set = (refId: string, choice: WorkChoice) => onChange({ ...approved, [refId]: choice });
  const attention = rows.filter((r) => !isReady(r));
  const ready = rows.filter(isReady);
  const readyOpen = ready.filter((r) => r.work !== null && approved[r.refId]?.approved !== true);
  const approveAllReady = () => {
    const next = { ...approved };
    for (const r of readyOpen) next[r.refId] = { ...next[r.refId], approved: true };
    onChange(next);
  };
  return (
    <section className="resolver-panel" aria-label={S.resolver.title} data-testid="resolver-panel">
      <Text weight="semibold" block>
        {S.resolver.heading(counts)}
      </Text>
      {attention.length > 0 && (
        <ul className="resolver-list" aria-label={S.resolver.attentionList(attention.length)}>
          {attention.map((row) => (
            <ResolverRowView key={row.refId} row={row} choice={approved[row.refId]} onChoice={(c) => set(row.refId, c)} />
          ))}
        </ul>
      )}
      {ready.length > 0 && (
        <div className="resolver-ready" data-testid="resolver-ready">
          <div className="resolver-actions">
            <Button size="small" appearance="subtle" aria-expanded={showReady} onClick={() => setShowReady((v) => !v)}>
              {showReady ? S.resolver.hideReady(ready.length) : S.resolver.showReady(ready.length)}
            </Button>
            <Button size="small" disabled={readyOpen.length === 0} onClick={approveAllReady}>
              {S.resolver.approveAllReady(readyOpen.length)}
            </Button>
          </div>
          {showReady && (
            <ul className="resolver-list">
              {ready.map((row) => (
                <ResolverRowView key={row.refId} row={row} choice={approved[row.refId]} onChoice={(c) => set(row.refId, c)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function ResolverRowView({ row, choice, onChoice }: { row: ResolverRow; choice: WorkChoice | undefined; onChoice: (c: WorkChoice) => void }) {
  const color = STATUS_COLOR[row.status];
  const typed = choice?.doi ?? '';
  const typedDoi = typed ? parseTypedDoi(typed) : null;
  const approved = choice?.approved === true;
  const linkable = typed ? typedDoi !== null : row.work !== null;
  const decided = approved && linkable ? 'decided-approved' : choice && !approved ? 'decided-skipped' : '';
  return (
    <li className={`match-row resolver-row ${decided}`} data-refid={row.refId} data-status={row.status}>
      <div className="resolver-head">
        <Text size={200} weight="semibold">{S.resolver.number(row.number)}</Text>{' '}
        <Badge appearance="tint" color={color} size="small">{S.resolver.status[row.status] ?? row.status}</Badge>{' '}
        {row.work && <Text size={200}>{S.resolver.confidence(Math.round(row.work.confidence * 100))}</Text>}
      </div>
      <Text size={200} className="resolver-ref">{row.refText.length > 220 ? `${row.refText.slice(0, 217)}…` : row.refText}</Text>
      {row.work && (
        <Text size={200} className="resolver-work">
          → <a className="doi-link" href={`https://doi.org/${row.work.doi}`} target="_blank" rel="noreferrer">{row.work.doi}</a>
          {row.work.title ? ` · ${row.work.title}` : ''}
          {row.work.year ? ` (${row.work.year})` : ''}
        </Text>
      )}
      {row.flags.map((f) => (
        <Text key={f} size={200} className="resolver-flag" role="note">{S.resolver.flag(f)}</Text>
      ))}
      {row.reasons.length > 0 && <Text size={100} className="resolver-reasons">{row.reasons.join(' · ')}</Text>}
      <div className="resolver-actions">
        <Button size="small" appearance={approved ? 'primary' : 'secondary'} disabled={!linkable} onClick={() => onChoice({ ...choice, approved: true })}>
          {S.resolver.approve}
        </Button>
        <Button size="small" appearance={choice && !approved ? 'primary' : 'secondary'} onClick={() => onChoice({ ...choice, approved: false })}>
          {S.resolver.reject}
        </Button>
        <Input
          size="small"
          placeholder={S.resolver.typeDoi}
          aria-label={S.resolver.doiFor(row.number)}
          value={typed}
          onChange={(_, d) => {
            const doi = d.value.trim();
            onChoice(doi ? { approved: parseTypedDoi(doi) !== null, doi } : { approved: false });
          }}
          aria-invalid={typed !== '' && typedDoi === null}
        />
      </div>
      {typed !== '' && typedDoi === null && <Text size={100} className="resolver-flag">{S.resolver.notADoiYet}</Text>}
    </li>
  );
}
