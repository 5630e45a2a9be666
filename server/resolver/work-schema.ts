// The registry's records are untrusted input: every work is checked against this schema before
// matching reads it. Only the fields the resolver reads (work.ts's CrossrefWork) are checked, with
// bounds on lengths and counts; anything else a record carries (references, licences, funders…)
// is dropped unread. A record whose fields have the wrong type or size is left out whole and
// counted, so that one bad record costs one candidate, never the request.

import { z } from 'zod';
import type { CrossrefWork } from './work.ts';

const MAX_TEXT = 4000;
const text = z.string().max(MAX_TEXT);
const texts = z.array(text).max(100);
/** A DOI as the registry spells it: the 10. prefix, a slash, no white space. */
const doi = z.string().max(400).regex(/^10\.\d{3,9}(?:\.\d+)*\/\S+$/);
const dateParts = z.array(z.array(z.number().int().min(-9999).max(99999).nullable()).max(3)).max(3);

const author = z.object({
  given: text.optional(),
  family: text.optional(),
  name: text.optional(),
  sequence: z.string().max(40).optional(),
});

const update = z.object({
  DOI: z.string().max(400).optional(),
  type: z.string().max(200).optional(),
  label: z.string().max(200).optional(),
  source: z.string().max(200).optional(),
  updated: z.object({ 'date-parts': dateParts.optional(), 'date-time': z.string().max(60).optional() }).optional(),
  'record-id': z.string().max(200).optional(),
});

const relationTarget = z.object({
  'id-type': z.string().max(60).optional(),
  id: z.string().max(400).optional(),
  'asserted-by': z.string().max(60).optional(),
});

const crossrefWorkSchema = z.object({
  DOI: doi,
  title: texts.optional(),
  subtitle: texts.optional(),
  // Collaboration papers list thousands of authors.
  author: z.array(author).max(20_000).optional(),
  issued: z.object({ 'date-parts': dateParts.optional() }).optional(),
  'container-title': texts.optional(),
  'short-container-title': texts.optional(),
  volume: z.string().max(200).optional(),
  issue: z.string().max(200).optional(),
  page: z.string().max(200).optional(),
  type: z.string().max(100).optional(),
  score: z.number().finite().optional(),
  'update-to': z.array(update).max(200).optional(),
  'updated-by': z.array(update).max(200).optional(),
  relation: z.record(z.string().max(100), z.array(relationTarget).max(2000)).optional(),
});

/** The record as a CrossrefWork when it is one (unknown fields stripped), else null. */
export function validWork(record: unknown): CrossrefWork | null {
  const parsed = crossrefWorkSchema.safeParse(record);
  return parsed.success ? parsed.data : null;
}

/** The records that are works, and how many were left out. */
export function validWorks(records: readonly unknown[]): { works: CrossrefWork[]; dropped: number } {
  const works: CrossrefWork[] = [];
  for (const r of records) {
    const w = validWork(r);
    if (w) works.push(w);
  }
  return { works, dropped: records.length - works.length };
}
