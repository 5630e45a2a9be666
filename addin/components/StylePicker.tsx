// The bibliography style step: the style the scan (or the resolver) detected with its calibrated
// probability (the runner-up when the margin is thin) and the list's citation form, a
// searchable picker over the bundled CSL styles, and the explicit choice to rewrite the reference list
// in that style at apply (off unless the author turns it on), after a preview of the first entries rewritten. In-text citations are never changed.
import { Badge, Checkbox, Combobox, Option, Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { detectedStyle, searchStyles, styleInfo } from '../review/style-choice.ts';
import { StylePreviewList, type PreviewState } from './StylePreviewList.tsx';
import { S } from '../strings.ts';

export interface StyleChoice {
  /** The style to rewrite in, or null. */
  styleId: string | null;
  /** The author approved the rewrite. */
  rewrite: boolean;
}

interface Props {
  detection: ReturnType<typeof detectedStyle>;
  choice: StyleChoice;
  onChange: (choice: StyleChoice) => void;
  /** The first entries rewritten in the chosen style, shown before the author approves the rewrite. */
  preview?: PreviewState;
}

export function StylePicker({ detection, choice, onChange, preview }: Props) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => searchStyles(query), [query]);
  const chosen = choice.styleId ? styleInfo(choice.styleId) : null;
  const percent = detection.probability === null ? null : Math.round(detection.probability * 100);
  return (
    <section className="style-picker" aria-label={S.style.title} data-testid="style-picker">
      <Text weight="semibold" block>{S.style.title}</Text>
      {detection.confidence === 'high' && (
        <Text size={200} block data-testid="style-detected">
          {S.style.detected}{detection.title}{' '}
          {percent !== null && <Badge appearance="tint" color={percent >= 90 ? 'success' : 'warning'} size="small">{S.style.probability(percent)}</Badge>}
        </Text>
      )}
      {detection.confidence === 'high' && detection.runnerUp && (
        <Text size={200} block data-testid="style-runner-up">
          {S.style.runnerUp(detection.runnerUp.title, Math.round(detection.runnerUp.probability * 100))}
        </Text>
      )}
      {detection.confidence === 'high' && !detection.rewritable && (
        <Text size={200} block data-testid="style-not-bundled">
          {S.style.notBundled}
        </Text>
      )}
      {detection.confidence === 'low' && (
        <Text size={200} block data-testid="style-detected">
          {S.style.noClearMatch(detection.candidates.map((c) => c.title), percent)}
        </Text>
      )}
      {detection.form && (
        <Text size={200} block data-testid="style-form">
          {S.style.form[detection.form]}
        </Text>
      )}
      {detection.confidence === 'none' && <Text size={200} block>{S.style.noneDetected}</Text>}
      <Combobox
        aria-label={S.style.choose}
        placeholder={S.style.searchPlaceholder}
        freeform
        value={query || (chosen?.title ?? '')}
        selectedOptions={choice.styleId ? [choice.styleId] : []}
        onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
        onOptionSelect={(_, d) => {
          setQuery('');
          onChange({ styleId: d.optionValue ?? null, rewrite: choice.rewrite });
        }}
      >
        {options.map((s) => (
          <Option key={s.id} value={s.id} text={s.title}>
            {s.title}
          </Option>
        ))}
      </Combobox>
      {preview && <StylePreviewList state={preview} />}
      <Checkbox
        label={S.style.rewrite(chosen?.title ?? null)}
        disabled={!chosen}
        checked={choice.rewrite && !!chosen}
        onChange={(_, d) => onChange({ styleId: choice.styleId, rewrite: d.checked === true })}
      />
      <Text size={100} block>
        {S.style.note}
      </Text>
    </section>
  );
}
