// Documentation events: sanitised before they are stored (known event types only, paths without query
// strings, searches lower-cased with e-mail addresses, keys, tokens and long numbers masked), then stored.
import type { Pool } from 'mysql2/promise';
import { insertDocsEvent } from '../../db/docs-events.ts';
import { badRequest } from '../errors.ts';
import { parseRequest } from '../validate.ts';
import { docsEventSchema } from '../../../shared/schemas/docs.ts';
import type { DocsEvent } from '../../../shared/contract.ts';
import { sha256Hex } from '../../common/hash.ts';

type DocsEventType = DocsEvent['event_type'];

interface SanitisedDocsEvent {
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
function sanitiseText(text: string): string {
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

function sanitisePath(value: string): string {
  const bare = value.split(/[?#]/)[0] ?? '/';
  return sanitiseText(bare).replace(/[^A-Za-z0-9/_.\-[\]]/g, '').slice(0, 300) || '/';
}

/** Validates the body with the DocsEvent schema, then masks and trims what is stored. */
function sanitiseDocsEvent(body: unknown): SanitisedDocsEvent {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A JSON body is required', 'missing_body');
  const event = parseRequest(docsEventSchema, body, {
    reason: 'invalid_body',
    reasons: { event_type: 'invalid_event_type', path: 'invalid_path', session_id: 'invalid_session_id', query: 'invalid_query', result_count: 'invalid_result_count', status: 'invalid_status', error: 'invalid_error', helpful: 'invalid_helpful' },
  });
  const sessionHash = event.session_id !== undefined ? sha256Hex(`docs-session:${event.session_id}`) : null;
  const detail: Record<string, string | number> = {};
  switch (event.event_type) {
    case 'page_view':
      break;
    case 'search':
      detail.query = sanitiseText(event.query.toLowerCase());
      detail.result_count = event.result_count;
      break;
    case 'playground_response':
      detail.status = event.status;
      if (event.error !== undefined && event.error !== null) detail.error = sanitiseText(event.error);
      if (event.route !== undefined) detail.route = sanitisePath(event.route);
      break;
    case 'feedback':
      detail.helpful = event.helpful;
      break;
  }
  return { eventType: event.event_type, path: sanitisePath(event.path), sessionHash, detail };
}

/** Sanitises a POST /docs-events body and stores it; a body that is not a known event is 400. */
export async function recordDocsEvent(pool: Pool, body: unknown): Promise<void> {
  const event = sanitiseDocsEvent(body);
  await insertDocsEvent(pool, { eventType: event.eventType, sessionHash: event.sessionHash, path: event.path, detailJson: JSON.stringify(event.detail) });
}
