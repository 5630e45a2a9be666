// Manuscript checks (findings of `hyperlinker check`, the ScanPacket's `checks`): faults a journal's editorial
// office would return a manuscript for, each located like a match and naming the targets involved.
// The codes are stable and documented in docs/checks.md.
import { z } from 'zod';
import { locationSchema, named } from './common.ts';

export const checkSeveritySchema = z.enum(['error', 'warning', 'note']);

/** Every finding's code, as docs/checks.md documents them. @public the contract's list of codes, for clients. */
export const CHECK_CODES = [
  'citation-without-entry',
  'entry-not-cited',
  'citation-order',
  'reference-numbering',
  'duplicate-entry',
  'mention-without-target',
  'target-not-mentioned',
  'mention-order',
  'caption-numbering',
  'author-count',
  'year-suffix',
  'undecided',
  'retracted-work',
  'corrected-work',
  'doi-mismatch',
  'doi-available',
] as const;

export const checkCodeSchema = z.enum(CHECK_CODES);

export const checkFindingSchema = named(
  'CheckFinding',
  z.looseObject({
    code: checkCodeSchema,
    severity: checkSeveritySchema,
    message: z.string(),
    /** The offending mention, or the entry or caption itself when that is the fault. */
    location: locationSchema,
    /** The text around the location in its paragraph. */
    context: z.object({ before: z.string(), after: z.string() }),
    /** The text at the location when it is a mention (the entry or caption itself is in context.after). */
    text: z.string().optional(),
    /** Targets involved (reference entries, figures…), by targetId. */
    related: z.array(z.string()),
  }),
);
