// What an identifier finder returns: the span of one identifier in a paragraph's text, the identifier
// as normalised, and the one resolver URL it links to. Finders are pure functions of a string.

import type { IdentifierKind } from '../../../../shared/identifiers.ts';
import { trimTrailing as trimTrailingOf } from '../../../common/trailing.ts';

export interface FoundIdentifier {
  start: number;
  end: number;
  /** The identifier as the resolver reads it: "12345678", "PMC1234567", "2101.01234v2", "RRID:AB_2298772". */
  id: string;
  url: string;
}

export interface IdentifierFinder {
  kind: IdentifierKind;
  find(text: string): FoundIdentifier[];
}

/** Sentence punctuation and unbalanced closing brackets trimmed from the end of an identifier or URL. */
export function trimTrailing(s: string): string {
  return trimTrailingOf(s, /[.,;:!?'"*\u2019\u201d\u00bb\u2026]+$/);
}

/** Every match of a global regular expression (lastIndex reset first). */
export function* matchesOf(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    if (m[0].length === 0) re.lastIndex++;
  }
}
