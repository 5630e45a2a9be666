// Asked before apply when Track Changes is on: each link as its own tracked change (where the host can make
// them one by one), Track Changes off for the apply (put back after), the whole document as one revision,
// or cancel. Says why tracked links are not offered: the host cannot, or this apply is more than links.
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import type { Unplannable } from '../docx/revision-plan.ts';
import type { TrackAnswer } from '../workflow/use-workflow.ts';
import { S } from '../strings.ts';

export function TrackChangesPrompt({
  canTrack,
  untrackable,
  onAnswer,
  onCancel,
}: {
  canTrack: boolean;
  untrackable: Unplannable | null;
  onAnswer: (answer: TrackAnswer) => void;
  onCancel: () => void;
}) {
  const offerTracked = canTrack && !untrackable;
  const why = !canTrack ? S.trackChanges.hostCannot : untrackable ? S.trackChanges.notOnlyLinks(untrackable.changedParagraphs, untrackable.linksElsewhere) : null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="track-changes">
      <MessageBarBody>
        <MessageBarTitle>{S.trackChanges.title}</MessageBarTitle>
        {offerTracked ? S.trackChanges.bodyTracked : S.trackChanges.body}
        {why && (
          <Text block size={200} data-testid="track-changes-why">
            {why}
          </Text>
        )}
      </MessageBarBody>
      <MessageBarActions className="track-changes-actions">
        {offerTracked && (
          <Button size="small" appearance="primary" onClick={() => onAnswer('tracked')}>
            {S.trackChanges.tracked}
          </Button>
        )}
        <Button size="small" appearance={offerTracked ? 'secondary' : 'primary'} onClick={() => onAnswer('turn-off')}>
          {S.trackChanges.turnOff}
        </Button>
        <Button size="small" onClick={() => onAnswer('one-revision')}>
          {S.trackChanges.anyway}
        </Button>
        <Button size="small" appearance="subtle" onClick={onCancel}>
          {S.trackChanges.cancel}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
