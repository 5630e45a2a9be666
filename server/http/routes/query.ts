// Integer query parameters with bounds: absent gives the default, anything else outside the bounds is 400.
import { badRequest } from '../errors.ts';

export function intQuery(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value)) throw badRequest(`${name} must be an integer between ${min} and ${max}`, `invalid_${name}`);
  const n = Number(value);
  if (n < min || n > max) throw badRequest(`${name} must be an integer between ${min} and ${max}`, `invalid_${name}`);
  return n;
}
