// Asked before apply when Track Changes is on: the whole body would become one revision.
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { S } from '../strings.ts';

export function TrackChangesPrompt({ onTurnOff, onAnyway, onCancel }: { onTurnOff: () => void; onAnyway: () => void; onCancel: () => void }) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="track-changes">
      <MessageBarBody>
        <MessageBarTitle>{S.trackChanges.title}</MessageBarTitle>
        {S.trackChanges.body}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" onClick={onTurnOff}>
          {S.trackChanges.turnOff}
        </Button>
        <Button size="small" onClick={onAnyway}>
          {S.trackChanges.anyway}
        </Button>
        <Button size="small" appearance="subtle" onClick={onCancel}>
          {S.trackChanges.cancel}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
