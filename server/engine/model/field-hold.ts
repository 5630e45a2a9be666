// Which field results are held from linking, by field type: existing hyperlinks and cross-references,
// citation-manager fields (Zotero, EndNote, Mendeley, Word's own CITATION), and other generated results.

import type { HoldReason } from './types.ts';

const CITATION_MANAGER = /^(ADDIN\s+(ZOTERO_|EN\.CITE|EN\.REFLIST|CSL_|CITAVI|PAPERS2|MENDELEY|F1000|RW\.)|CITATION\b|BIBLIOGRAPHY\b)/i;

/** How a field's result text is held from linking, by field type. */
export function holdForField(instruction: string): HoldReason | undefined {
  const type = fieldType(instruction);
  if (type === 'HYPERLINK') return 'existing-hyperlink';
  if (type === 'REF' || type === 'PAGEREF' || type === 'NOTEREF') return 'existing-cross-reference';
  if (CITATION_MANAGER.test(instruction.trim())) return 'citation-manager-field';
  if (type === 'ADDIN' || type === 'TOC' || type === 'INDEX' || type === 'TOA') return 'field-result';
  return undefined;
}

/** The field's type: the instruction's first word, upper-cased ("HYPERLINK", "REF", "ADDIN"). */
export function fieldType(instruction: string): string {
  return (/^\s*([A-Za-z.]+)/.exec(instruction)?.[1] ?? '').toUpperCase();
}
