import { Badge } from '@fluentui/react-components';
import type { MatchStatus } from '../../shared/contract.ts';
import type { Choice } from '../review/review-state.ts';
import { S } from '../strings.ts';

const STATUS_COLOR: Record<MatchStatus, 'success' | 'danger' | 'warning' | 'informative' | 'important'> = {
  ready: 'success',
  unmatched: 'danger',
  low_confidence: 'warning',
  held: 'informative',
  identity_change: 'important',
};

export function StatusBadge({ status }: { status: MatchStatus }) {
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status] ?? 'informative'} size="small" data-status={status}>
      {S.review.statusLabel[status] ?? status}
    </Badge>
  );
}

export function ChoiceBadge({ choice }: { choice: Choice | undefined }) {
  if (!choice) return null;
  return (
    <Badge appearance="filled" color={choice.status === 'skipped' ? 'subtle' : 'brand'} size="small" data-choice={choice.status}>
      {S.review.choiceLabel[choice.status] ?? choice.status}
    </Badge>
  );
}
