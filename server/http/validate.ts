// Request validation with the contract's zod schemas (shared/schemas/): the first problem becomes a 400
// ErrorResponse whose error names the field ("decisions[3].status must be one of approved, …") and whose
// reason is the route's code for that field (missing_key_id, invalid_credits, …).
import type { z } from 'zod';
import { badRequest, type HttpError } from './errors.ts';

export interface ParseOptions {
  /** Prefix of field names in messages, e.g. 'decisions' for a form field holding an array. */
  field?: string;
  /** Reason code by top-level field name, or by the field and 'missing' or a zod issue code ('name.missing', 'name.too_big'). */
  reasons?: Record<string, string>;
  /** Reason when no entry of `reasons` applies. */
  reason: string;
}

type Issue = z.core.$ZodIssue;

function fieldName(prefix: string | undefined, path: readonly PropertyKey[]): string {
  let out = prefix ?? '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

const DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Expected|Unrecognized|Invalid input)/;

const article = (type: string): string => (type === 'integer' || type === 'int' || type === 'array' || type === 'object' ? `an ${type === 'int' ? 'integer' : type}` : `a ${type}`);

/** The message of one issue, without the field name: "must be one of a, b", "is required", … */
function describeIssue(issue: Issue, input: unknown): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? 'is required' : `must be ${article(issue.expected === 'int' ? 'integer' : issue.expected)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_union': {
      const note = (issue as { note?: string; options?: unknown[] }).options;
      return Array.isArray(note) && note.length ? `must be one of ${note.map(String).join(', ')}` : 'is not valid';
    }
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `may hold at most ${String(issue.maximum)} entries`;
      return `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'is required' : `must be at least ${String(issue.minimum)} characters`;
      return `must be at least ${String(issue.minimum)}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

/** The value at `path` inside `root` (undefined when absent), to tell a missing field from a wrong one. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** The HttpError for the first issue of a failed parse. */
function issueError(issues: readonly Issue[], input: unknown, options: ParseOptions): HttpError {
  const issue = issues[0]!;
  const value = valueAt(input, issue.path);
  const name = fieldName(options.field, issue.path);
  const top = issue.path.length ? String(issue.path[0]) : '';
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  const reason = (missing ? options.reasons?.[`${top}.missing`] : undefined) ?? options.reasons?.[`${top}.${issue.code}`] ?? options.reasons?.[top] ?? options.reason;
  const text = describeIssue(issue, value);
  return badRequest(name === '' ? `Body ${text}` : `${name} ${text}`, reason);
}

/** Parses `input` with `schema`; throws a 400 HttpError naming the first offending field. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw issueError(result.error.issues, input, options);
}
