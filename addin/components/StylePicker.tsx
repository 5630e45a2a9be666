// The bibliography style step: the style the scan (or the resolver) detected with its confidence, a
// searchable picker over the bundled CSL styles, and the explicit choice to rewrite the reference list
// in that style at apply (off unless the author turns it on), after a preview of the first entries rewritten. In-text citations are never changed.
import { Badge, Checkbox, Combobox, Option, Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { detectedStyle, searchStyles, styleInfo } from '../review/style-choice.ts';
import { StylePreviewList, type PreviewState } from './StylePreviewList.tsx';

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
  const percent = detection.score === null ? null : Math.round(detection.score * 100);
  return (
    <section className="style-picker" aria-label="Bibliography style" data-testid="style-picker">
      <Text weight="semibold" block>Bibliography style</Text>
      {detection.confidence === 'high' && (
        <Text size={200} block data-testid="style-detected">
          Detected: {detection.title}{' '}
          <Badge appearance="tint" color="success" size="small">{percent}% match</Badge>
        </Text>
      )}
      {detection.confidence === 'low' && (
        <Text size={200} block data-testid="style-detected">
          No clear match{detection.candidates.length ? `; closest: ${detection.candidates.map((c) => c.title).join(', ')}` : ''}.
        </Text>
      )}
      {detection.confidence === 'none' && <Text size={200} block>No reference list style detected.</Text>}
      <Combobox
        aria-label="Choose a citation style"
        placeholder="Search styles by name (e.g. Vancouver, APA, Nature)"
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
        label={chosen ? `Rewrite the reference list in ${chosen.title} when applying` : 'Rewrite the reference list when applying (choose a style)'}
        disabled={!chosen}
        checked={choice.rewrite && !!chosen}
        onChange={(_, d) => onChange({ styleId: choice.styleId, rewrite: d.checked === true })}
      />
      <Text size={100} block>
        Entries that cannot be rewritten faithfully stay as written and are listed after applying. Citations in the text are not changed.
      </Text>
    </section>
  );
}
