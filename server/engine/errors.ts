// Typed errors the engine throws for bad input. Each carries a machine-readable reason that the
// service forwards as ErrorResponse.reason and the command line prints.

import type { DocxRejectReason } from '../../shared/schemas/errors.ts';

/** Why a DOCX package was rejected: the contract's list (shared/schemas/errors.ts). */
export type { DocxRejectReason };

export class DocxRejectedError extends Error {
  readonly reason: DocxRejectReason;
  constructor(reason: DocxRejectReason, detail: string) {
    super(`DOCX rejected (${reason}): ${detail}`);
    this.name = 'DocxRejectedError';
    this.reason = reason;
  }
}

/**
 * A document proposing more links than a reviewer could handle, or than the service answers: one
 * paragraph of dense "Figure 1 [3] doi" text made 490,658 matches and a 38.6 MB answer. Raised right
 * after detection, before the review packet is built.
 */
export class TooManyMatchesError extends Error {
  readonly reason = 'too-many-matches';
  constructor(readonly count: number, readonly limit: number) {
    super(`the document proposes ${count} links, more than the limit of ${limit}`);
    this.name = 'TooManyMatchesError';
  }
}

/** Why a set of review decisions cannot be applied. */
export type DecisionRejectReason =
  | 'unknown-ref-id'
  | 'unknown-target-id'
  | 'invalid-decision'
  | 'missing-doi'
  | 'duplicate-decision'
  | 'unknown-resolved-work'
  | 'invalid-resolved-work'
  | 'invalid-resolved-doi';

export class DecisionError extends Error {
  readonly reason: DecisionRejectReason;
  constructor(reason: DecisionRejectReason, detail: string) {
    super(detail);
    this.name = 'DecisionError';
    this.reason = reason;
  }
}

/** The document no longer analyses as the scan a token describes (its graph, metadata or fingerprint differ). */
export class ScanMismatchError extends Error {
  readonly reason = 'graph_mismatch';
  constructor(detail: string) {
    super(detail);
    this.name = 'ScanMismatchError';
  }
}
