// A review saved with the open document: resume it (scan, then the decisions back) or start over.
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import type { SavedReview } from '../review/saved-review.ts';
import { savedDecisionCount } from '../review/saved-review.ts';
import { S } from '../strings.ts';

export function ResumeOffer({ saved, busy, onResume, onStartOver }: { saved: SavedReview; busy: boolean; onResume: () => void; onStartOver: () => void }) {
  return (
    <MessageBar intent="info" layout="multiline" data-testid="resume-offer">
      <MessageBarBody>{S.resume.offer(savedDecisionCount(saved), new Date(saved.savedAt))}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" disabled={busy} onClick={onResume}>
          {S.resume.resume}
        </Button>
        <Button size="small" appearance="subtle" disabled={busy} onClick={onStartOver}>
          {S.resume.startOver}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
