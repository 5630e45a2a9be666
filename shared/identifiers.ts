// The identifier match kinds (issue 21), in a module without zod: the contract's kind enum
// (schemas/common.ts), the engine's detectors and persisted-link reader, and the add-in read it.

/** Identifiers written in the text that have one canonical resolver, each its own match kind (server/engine/detect/identifiers/). */
export const IDENTIFIER_KINDS = ['url', 'pmid', 'pmcid', 'arxiv', 'nct', 'rrid', 'orcid', 'handle'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** The setting that switches each identifier kind off (all default on). */
export const IDENTIFIER_SETTING = {
  url: 'urls', pmid: 'pmid', pmcid: 'pmcid', arxiv: 'arxiv', nct: 'nct', rrid: 'rrid', orcid: 'orcid', handle: 'handle',
} as const satisfies Record<IdentifierKind, string>;
