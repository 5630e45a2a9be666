import { Badge } from '@fluentui/react-components';
import type { MatchStatus } from '../../shared/contract.ts';
import type { Choice } from '../review/review-state.ts';

const STATUS: Record<MatchStatus, { label: string; color: 'success' | 'danger' | 'warning' | 'informative' | 'important' }> = {
  ready: { label: 'ready', color: 'success' },
  unmatched: { label: 'unmatched', color: 'danger' },
  low_confidence: { label: 'low confidence', color: 'warning' },
  held: { label: 'held', color: 'informative' },
  identity_change: { label: 'identity change', color: 'important' },
};

export function StatusBadge({ status }: { status: MatchStatus }) {
  const s = STATUS[status] ?? { label: status, color: 'informative' as const };
  return (
    <Badge appearance="tint" color={s.color} size="small" data-status={status}>
      {s.label}
    </Badge>
  );
}

const CHOICE_LABEL: Record<Choice['status'], string> = {
  approved: 'approved',
  skipped: 'skipped',
  retargeted: 'retargeted',
  link_only: 'DOI link',
};

export function ChoiceBadge({ choice }: { choice: Choice | undefined }) {
  if (!choice) return null;
  return (
    <Badge appearance="filled" color={choice.status === 'skipped' ? 'subtle' : 'brand'} size="small" data-choice={choice.status}>
      {CHOICE_LABEL[choice.status]}
    </Badge>
  );
}
