// Building blocks of the contract schemas: the enums, Location, date-time strings, and the registry that
// names every component of /openapi.json (shared/openapi.ts generates the document from it).
import { z } from 'zod';
import { IDENTIFIER_KINDS } from '../identifiers.ts';

/** Every named schema of the contract; the id is its name under #/components/schemas. */
export const contractRegistry = z.registry<{ id: string; description?: string }>();

/** Registers a schema as a named OpenAPI component and returns it unchanged. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  (schema as z.ZodType).register(contractRegistry, description ? { id, description } : { id });
  return schema;
}

/** A date-time string as the service writes it (ISO 8601). */
export const dateTime = z.string().meta({ format: 'date-time' });

export const matchStatusSchema = z.enum(['ready', 'unmatched', 'low_confidence', 'held', 'identity_change']);
export const decisionStatusSchema = z.enum(['approved', 'skipped', 'retargeted', 'link_only']);
/** Resolver outcome of one reference: ready to link, needs review, nothing found, or not resolved now (registry unavailable). */
export const resolutionStatusSchema = z.enum(['ready', 'low_confidence', 'unmatched', 'held']);

/**
 * Kinds of match the engine reports. The contract's ReviewMatch.kind is an open string ("for example
 * citation"), so the identifier kinds extend this list without leaving the contract.
 */
export const matchKindSchema = z.enum(['citation', 'figure', 'table', 'equation', 'section', 'appendix', 'algorithm', 'listing', 'supplementary', 'doi', ...IDENTIFIER_KINDS]);
/** Kinds of target a match can point at. */
export const targetTypeSchema = z.enum(['bibliography', 'figure', 'table', 'equation', 'section', 'appendix', 'algorithm', 'listing', 'supplementary']);
export const statCategorySchema = z.enum(['citations', 'figures', 'tables', 'equations', 'sections', 'appendices', 'algorithms', 'listings', 'supplementary', 'dois', 'urls', 'pmids', 'pmcids', 'arxiv', 'trials', 'rrids', 'orcids', 'handles']);

/** Where a match or target sits: see issue 2's location convention. */
export const locationSchema = named(
  'Location',
  z.looseObject({
    /** Package part, e.g. word/document.xml or word/footnotes.xml. */
    part: z.string(),
    /** 0-based index of the w:p among all w:p of the part in document order (tables and text boxes count, mc:Fallback copies do not). */
    paragraph: z.int(),
    /** Character offsets into the paragraph's visible text (deleted text and field instructions excluded; a tab is one character). */
    start: z.int(),
    end: z.int(),
  }),
);

/** An object whose contents the contract does not show (extra allowed). */
export const openObject = z.record(z.string(), z.unknown());
