// What the pane is doing: the step in words, a bar (determinate while slices are read), and Cancel.
import { Button, ProgressBar, Text } from '@fluentui/react-components';
import type { Progress } from '../workflow/pipeline.ts';
import { S } from '../strings.ts';

const CANCELLABLE = new Set(['exporting', 'scanning', 'resolving', 'rescanning', 'applying']);

export function ProgressLine({ progress, onCancel }: { progress: Progress; onCancel: () => void }) {
  const text = (S.phase as Record<string, string | undefined>)[progress.phase];
  if (!text) return null;
  const value = progress.total ? (progress.done ?? 0) / progress.total : undefined;
  return (
    <div className="progress-line" role="status" aria-live="polite" data-testid="progress">
      <Text size={200}>{text}</Text>
      <ProgressBar value={value} thickness="medium" aria-label={text} />
      {CANCELLABLE.has(progress.phase) && (
        <Button size="small" appearance="subtle" onClick={onCancel}>
          {S.phase.cancel}
        </Button>
      )}
    </div>
  );
}
