// The settings panel's fields, read from the shared zod schema so that a field or allowed value
// added to HyperlinkSettings shows up in the add-in without touching it.
import { z } from 'zod';
import { S } from '../strings.ts';
import { hyperlinkSettingsSchema, type HyperlinkSettings } from '../../shared/settings.ts';
import { LABEL_LANGUAGES } from '../../shared/settings-values.ts';

type FieldControl =
  | { control: 'boolean' }
  | { control: 'enum'; options: string[]; optionLabels: Record<string, string> }
  | { control: 'color' }
  | { control: 'text'; nullable: boolean; maxLength?: number }
  /** A choice of several of `options` (language codes); none chosen is "auto" (detected). */
  | { control: 'languages'; options: readonly string[] };

export type SettingsField = FieldControl & {
  name: keyof HyperlinkSettings;
  label: string;
  help?: string;
  group: string;
  defaultValue: unknown;
};

/** Label, group and help of each field: in strings.ts, with every other word the pane shows. */
const LABELS = S.settings.fields;

const GROUP_ORDER: readonly string[] = S.settings.groups;

type Def = { type: string; innerType?: z.ZodType; defaultValue?: unknown; checks?: { _zod: { def: Record<string, unknown> } }[] };

function defOf(schema: z.ZodType): Def {
  return schema.def as unknown as Def;
}

function controlOf(schema: z.ZodType): FieldControl | null {
  let s = schema;
  let nullable = false;
  for (;;) {
    const d = defOf(s);
    if ((d.type === 'default' || d.type === 'optional' || d.type === 'nullable') && d.innerType) {
      if (d.type === 'nullable') nullable = true;
      s = d.innerType;
      continue;
    }
    break;
  }
  if (s instanceof z.ZodBoolean) return { control: 'boolean' };
  // "auto" or a list of language codes (the setting `languages`): the languages the engine has words for.
  if (s instanceof z.ZodUnion && s.options.some((o) => o instanceof z.ZodArray)) return { control: 'languages', options: LABEL_LANGUAGES };
  if (s instanceof z.ZodEnum) return { control: 'enum', options: s.options.map(String), optionLabels: {} };
  if (s instanceof z.ZodString) {
    const checks = (defOf(s).checks ?? []).map((c) => c._zod.def);
    const isColor = checks.some((c) => c.format === 'regex' && String(c.pattern).includes('[0-9A-Fa-f]{6}'));
    if (isColor) return { control: 'color' };
    const max = checks.find((c) => c.check === 'max_length');
    return { control: 'text', nullable, ...(typeof max?.maximum === 'number' ? { maxLength: max.maximum } : {}) };
  }
  return null;
}

/** Words for each allowed value: the field's own table, the cross-reference one, else the value itself. */
function optionLabelsFor(name: string, options: readonly string[]): Record<string, string> {
  const table = S.settings.options[name] ?? (LABELS[name]?.[1] === S.settings.crossReferenceGroup ? S.settings.options.xref : undefined) ?? {};
  return Object.fromEntries(options.map((o) => [o, table[o] ?? o]));
}

/** Every field of HyperlinkSettings with its control, allowed values, label and default. */
function settingsFields(): SettingsField[] {
  const fields: SettingsField[] = [];
  for (const [name, schema] of Object.entries(hyperlinkSettingsSchema.shape)) {
    const control = controlOf(schema as z.ZodType);
    if (!control) continue;
    const [label, group, help] = LABELS[name] ?? [name, S.settings.otherGroup];
    if (control.control === 'enum') control.optionLabels = optionLabelsFor(name, control.options);
    const d = defOf(schema as z.ZodType);
    fields.push({
      ...control,
      name,
      label,
      group,
      ...(help ? { help } : {}),
      defaultValue: d.type === 'default' ? d.defaultValue : undefined,
    });
  }
  return fields;
}

/** Fields grouped for display, groups in GROUP_ORDER. */
export function groupedSettingsFields(): { group: string; fields: SettingsField[] }[] {
  const all = settingsFields();
  const groups = [...new Set([...GROUP_ORDER, ...all.map((f) => f.group)])];
  return groups.map((group) => ({ group, fields: all.filter((f) => f.group === group) })).filter((g) => g.fields.length > 0);
}
