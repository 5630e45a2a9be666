// Sanitising documentation events before they are stored: known event types only, paths without
// query strings, searches lower-cased with e-mail addresses, keys, tokens and long numbers masked.
import { badRequest } from '../errors.ts';
import { sha256Hex } from '../../common/hash.ts';

export const DOCS_EVENT_TYPES = ['page_view', 'search', 'playground_response', 'feedback'] as const;
export type DocsEventType = (typeof DOCS_EVENT_TYPES)[number];

export interface SanitisedDocsEvent {
  eventType: DocsEventType;
  path: string;
  sessionHash: string | null;
  detail: Record<string, string | number>;
}

const MAX_TEXT = 120;
/**
 * How much of a text is looked at: it is cut to this before any pattern runs, so the work per field
 * is bounded whatever the body holds (a 200,000-character query once took 28 s in the e-mail pattern).
 * Masking shortens text ("[email]"), so a little more than MAX_TEXT is kept.
 */
const MAX_SCANNED = 1_000;

/** One whitespace-free token, masked: anything with an @ is an address (or part of one). */
function maskToken(token: string): string {
  if (token.includes('@')) return '[email]';
  return token
    .replace(/sk_[A-Za-z0-9_-]+/g, '[key]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[token]')
    .replace(/\d{6,}/g, '[number]');
}

/**
 * Masks what must never be stored, collapses whitespace, trims to 120 characters. Linear in the
 * input: the text is cut first, then split on white space, and each token is masked on its own with
 * patterns that cannot backtrack across it. A token cut at the MAX_SCANNED boundary is dropped, so
 * half an address can never slip through unmasked.
 */
export function sanitiseText(text: string): string {
  let cut = text.length > MAX_SCANNED ? text.slice(0, MAX_SCANNED) : text;
  cut = cut.replace(/[\u0000-\u001f\u007f]/g, ' ');
  if (text.length > MAX_SCANNED && !/\s/.test(text[MAX_SCANNED] ?? ' ')) cut = cut.replace(/\S+$/, '');
  const tokens = cut.split(/\s+/).filter((t) => t !== '');
  const masked: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // "Bearer <long token>" is masked as one.
    if (tokens[i] === 'Bearer' && i + 1 < tokens.length && /^[A-Za-z0-9_-]{32,}$/.test(tokens[i + 1]!)) {
      masked.push('[token]');
      i++;
      continue;
    }
    masked.push(maskToken(tokens[i]!));
  }
  return masked.join(' ').slice(0, MAX_TEXT);
}

function sanitisePath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) throw badRequest('path must be a site path starting with /', 'invalid_path');
  const bare = value.split(/[?#]/)[0] ?? '/';
  return sanitiseText(bare).replace(/[^A-Za-z0-9/_.\-[\]]/g, '').slice(0, 300) || '/';
}

function nonNegativeInt(value: unknown, name: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) throw badRequest(`${name} must be an integer between 0 and ${max}`, `invalid_${name}`);
  return value;
}

export function sanitiseDocsEvent(body: unknown): SanitisedDocsEvent {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A JSON body is required', 'missing_body');
  const b = body as Record<string, unknown>;
  const eventType = b.event_type;
  if (typeof eventType !== 'string' || !(DOCS_EVENT_TYPES as readonly string[]).includes(eventType)) {
    throw badRequest(`event_type must be one of ${DOCS_EVENT_TYPES.join(', ')}`, 'invalid_event_type');
  }
  const path = sanitisePath(b.path);
  let sessionHash: string | null = null;
  if (b.session_id !== undefined) {
    if (typeof b.session_id !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(b.session_id)) throw badRequest('session_id must be 8 to 128 letters, digits, - or _', 'invalid_session_id');
    sessionHash = sha256Hex(`docs-session:${b.session_id}`);
  }
  const detail: Record<string, string | number> = {};
  switch (eventType as DocsEventType) {
    case 'page_view':
      break;
    case 'search': {
      if (typeof b.query !== 'string' || b.query.trim() === '') throw badRequest('query is required for search events', 'invalid_query');
      detail.query = sanitiseText(b.query.toLowerCase());
      detail.result_count = nonNegativeInt(b.result_count, 'result_count', 1_000_000);
      break;
    }
    case 'playground_response': {
      const status = b.status;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) throw badRequest('status must be an HTTP status code', 'invalid_status');
      detail.status = status;
      if (b.error !== undefined && b.error !== null) {
        if (typeof b.error !== 'string') throw badRequest('error must be a string', 'invalid_error');
        detail.error = sanitiseText(b.error);
      }
      if (typeof b.route === 'string') detail.route = sanitisePath(b.route);
      break;
    }
    case 'feedback': {
      if (b.helpful !== 'yes' && b.helpful !== 'no') throw badRequest("helpful must be 'yes' or 'no'", 'invalid_helpful');
      detail.helpful = b.helpful;
      break;
    }
  }
  return { eventType: eventType as DocsEventType, path, sessionHash, detail };
}
