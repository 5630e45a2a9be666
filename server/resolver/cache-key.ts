// Cache keys: the normalised reference text and the resolver version, hashed. Two spellings of one
// reference that differ only in case, spacing, punctuation or the printed label share a key; a new
// resolver version (changed matching rules) invalidates every earlier answer.

import { sha256Hex } from '../common/hash.ts';

/** Bump when matching or validation changes what a reference resolves to, or what an answer holds (r7: reasons as codes; r8: the reference reader reads books, chapters, dates, LNCS names; r9: Elsevier's journal, titles read as names, edited books, PLOS and Chicago numbers). */
export const RESOLVER_VERSION = 'r9';

/** Lower case, accents folded, label dropped, punctuation and spacing collapsed. */
function normaliseReferenceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^\s*(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}[.)])\s*/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** sha-256 (hex) of the resolver version, the existing DOI if any, and the normalised text. */
export function cacheKey(text: string, existingDoi: string | null = null): string {
  return sha256Hex(`${RESOLVER_VERSION}\n${existingDoi ?? ''}\n${normaliseReferenceText(text)}`);
}
