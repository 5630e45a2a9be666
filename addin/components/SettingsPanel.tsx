// The settings panel, generated from the shared HyperlinkSettings schema (settings-fields.ts).
import { memo, useMemo, useState } from 'react';
import { Button, Dropdown, Field, Input, Option, Select, Switch, Text } from '@fluentui/react-components';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { DEFAULT_SETTINGS } from '../../shared/settings.ts';
import { groupedSettingsFields, type SettingsField } from '../settings/settings-fields.ts';
import { fieldWarnings, validateSettingsForm, type SettingsFormValues } from '../settings/settings-form.ts';
import { S } from '../strings.ts';

export interface SettingsPanelProps {
  settings: HyperlinkSettings;
  onSave: (s: HyperlinkSettings) => void;
}


/** The text a field shows for its value: strings and numbers as written, anything else (unset) empty. */
function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function FieldControl({ field, value, error, warning, onChange }: { field: SettingsField; value: unknown; error?: string; warning?: string; onChange: (v: unknown) => void }) {
  const message = error ?? warning;
  const common = { label: field.label, hint: field.help, validationMessage: message, validationState: error ? ('error' as const) : warning ? ('warning' as const) : ('none' as const), size: 'small' as const };
  switch (field.control) {
    case 'boolean':
      return (
        <Field {...common} label={undefined}>
          <Switch label={field.label} checked={value === true} onChange={(_, d) => onChange(d.checked)} data-field={field.name} />
        </Field>
      );
    case 'enum':
      return (
        <Field {...common}>
          <Select size="small" value={textOf(value)} onChange={(_, d) => onChange(d.value)} data-field={field.name}>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {field.optionLabels[o] ?? o}
              </option>
            ))}
          </Select>
        </Field>
      );
    case 'color':
      return (
        <Field {...common}>
          <div className="color-line">
            <input type="color" aria-label={S.settings.colorPicker(field.label)} value={/^#[0-9a-f]{6}$/i.test(textOf(value)) ? textOf(value) : '#000000'} onChange={(e) => onChange(e.target.value.toUpperCase())} />
            <Input size="small" value={textOf(value)} onChange={(_, d) => onChange(d.value)} data-field={field.name} />
          </div>
        </Field>
      );
    case 'languages': {
      // None chosen: the languages are detected ("auto"); the names are the display language's (Intl).
      const chosen = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      return (
        <Field {...common}>
          <Dropdown
            size="small"
            multiselect
            placeholder={S.settings.languagesAuto}
            value={S.format.formatList(chosen.map((c) => S.format.languageName(c)))}
            selectedOptions={chosen}
            onOptionSelect={(_, d) => onChange(d.selectedOptions.length ? field.options.filter((o) => d.selectedOptions.includes(o)) : undefined)}
            data-field={field.name}
          >
            {field.options.map((o) => (
              <Option key={o} value={o}>
                {S.format.languageName(o)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      );
    }
    case 'text':
      return (
        <Field {...common}>
          <Input size="small" value={textOf(value)} maxLength={field.maxLength} onChange={(_, d) => onChange(d.value)} data-field={field.name} />
        </Field>
      );
  }
}

function SettingsPanelView({ settings, onSave }: SettingsPanelProps) {
  const groups = useMemo(() => groupedSettingsFields(), []);
  const [values, setValues] = useState<SettingsFormValues>({ ...settings });
  const validation = validateSettingsForm(values);
  const errors = validation.ok ? {} : validation.errors;
  const dirty = JSON.stringify(values) !== JSON.stringify(settings);
  const warnings = fieldWarnings(values);
  return (
    <form
      className="settings-panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (validation.ok) onSave(validation.settings);
      }}
    >
      {groups.map((g) => (
        <fieldset key={g.group} className="settings-group">
          <legend>{g.group}</legend>
          {g.fields.map((f) => (
            <FieldControl key={f.name} field={f} value={values[f.name]} error={errors[f.name]} warning={warnings[f.name]} onChange={(v) => setValues({ ...values, [f.name]: v })} />
          ))}
        </fieldset>
      ))}
      {dirty && (
        <Text className="settings-warning" block data-testid="settings-unsaved">
          {S.settings.unsaved}
        </Text>
      )}
      <div className="settings-buttons">
        <Button appearance="primary" type="submit" disabled={!validation.ok || !dirty}>
          {S.settings.save}
        </Button>
        <Button type="button" onClick={() => setValues({ ...DEFAULT_SETTINGS })}>
          {S.settings.defaults}
        </Button>
      </div>
    </form>
  );
}

export const SettingsPanel = memo(SettingsPanelView);
