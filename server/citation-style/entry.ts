// A reference entry as style detection reads it: the one reference record (server/references/record.ts,
// CSL-JSON plus the label and where each field stands) over the entry's text, with the body the styles
// are compared on (label and dangling link words removed) and the field spans moved into that body.

import type { CslItem, CslName } from '../csl/render.ts';
import { stripTrailer } from '../references/fields.ts';
import { readReference, type RecordField, type TextSpan } from '../references/record.ts';

export type LabelForm = 'brackets' | 'parens' | 'dot' | 'bare' | 'none';

export interface StyleEntry {
  /** The entry without its label and without dangling link words, white space collapsed. */
  body: string;
  label: string;
  labelForm: LabelForm;
  /** The record's CSL-JSON item (an abbreviated author list padded, so styles abbreviate it their way). */
  item: CslItem;
  /** Where each field found stands in `body`. */
  spans: Partial<Record<RecordField, TextSpan>>;
  /** The author list was abbreviated ("et al."). */
  etAl: boolean;
}

export function labelFormOf(label: string): LabelForm {
  if (!label) return 'none';
  if (label.startsWith('[')) return 'brackets';
  if (label.startsWith('(')) return 'parens';
  if (label.endsWith('.')) return 'dot';
  return 'bare';
}

/** Stand-in title for journal articles written without one (detection only; never written into a document). */
export const UNSEEN_TITLE = 'T';

/** Names standing in for the authors an "et al." left out (detection only, never written). */
const PAD_TO = 9;

export function styleEntry(text: string, id: string, printedLabel?: string | null): StyleEntry {
  const flat = text.replace(/\s+/g, ' ').trim();
  const record = readReference(flat, id);
  const label = record.label?.text ?? printedLabel?.trim() ?? '';
  const start = record.label ? flat.indexOf(record.label.text) + record.label.text.length : 0;
  const lead = flat.slice(start).length - flat.slice(start).trimStart().length;
  const from = start + lead;
  const body = stripTrailer(flat.slice(from));
  const spans: StyleEntry['spans'] = {};
  for (const [k, s] of Object.entries(record.spans) as Array<[RecordField, TextSpan]>) {
    if (s.start >= from && s.end - from <= body.length) spans[k] = { start: s.start - from, end: s.end - from };
  }
  const item: CslItem = { ...record.item } as CslItem;
  if (record.etAl && item.author?.length) {
    const authors: CslName[] = [...item.author];
    for (let k = 0; authors.length < PAD_TO; k++) authors.push({ family: `Etal${String.fromCharCode(97 + k)}`, given: 'A.' });
    item.author = authors;
  }
  return { body, label, labelForm: labelFormOf(label), item, spans, etAl: record.etAl };
}
