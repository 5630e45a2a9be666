// HttpError carries the contract's ErrorResponse fields; the error handler turns it into JSON.
import type { ErrorResponse } from '../../shared/contract.ts';

export type ErrorExtras = Omit<ErrorResponse, 'error' | 'reason' | 'requestId'>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason?: string,
    readonly extras: ErrorExtras = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(error);
    this.name = 'HttpError';
  }
}

export const badRequest = (error: string, reason?: string): HttpError => new HttpError(400, error, reason);
export const unauthorized = (error = 'Unauthorized', reason?: string): HttpError => new HttpError(401, error, reason);
export const forbidden = (error: string, reason?: string): HttpError => new HttpError(403, error, reason);
export const notFound = (error: string, reason?: string): HttpError => new HttpError(404, error, reason);
export const conflict = (error: string, reason?: string): HttpError => new HttpError(409, error, reason);

export const managerRequired = (): HttpError => forbidden('Manager or owner role required', 'manager_or_owner_required');
export const ownerRequired = (): HttpError => forbidden('Owner role required', 'owner_required');
export const orgRequired = (): HttpError => forbidden('Organisation membership required', 'organisation_required');
