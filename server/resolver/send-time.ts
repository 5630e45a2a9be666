// When a registry request really leaves. Between a limiter's grant and the request's arrival at the registry
// lie the event loop's delays (a busy machine runs the continuation late) and the HTTP stack's own work (loading
// it, opening a connection: 40-70 ms on a fresh process). Node's fetch (undici) reports the moment it writes a
// request's headers to the socket on the diagnostics channel 'undici:client:sendHeaders'; the client marks its
// limiter slot sent then, so the window counts the request from when it left, whatever came before.

import { subscribe } from 'node:diagnostics_channel';

type OnSent = () => void;

/** Requests waiting to leave, by origin + path (the same URL twice at once: first come, first stamped). */
const waiting = new Map<string, OnSent[]>();
let subscribed = false;

function keyOf(origin: string, path: string): string {
  return `${origin}${path}`;
}

function onSendHeaders(message: unknown): void {
  const request = (message as { request?: { origin?: unknown; path?: unknown } } | null)?.request;
  const origin = typeof request?.origin === 'string' ? request.origin.replace(/\/+$/, '') : request?.origin instanceof URL ? request.origin.origin : null;
  if (origin === null || typeof request?.path !== 'string') return;
  const key = keyOf(origin, request.path);
  const list = waiting.get(key);
  if (!list) return;
  const onSent = list.shift();
  if (!list.length) waiting.delete(key);
  onSent?.();
}

/**
 * Calls `onSent` when Node's fetch writes the headers of a request to `url` (at most once). Returns the function
 * that stops waiting: call it once the answer (or the failure) is in. A fetch that is not Node's (a test's) never
 * reports: the caller stamps its own fallback then.
 */
export function whenSent(url: string, onSent: OnSent): () => void {
  if (!subscribed) {
    subscribe('undici:client:sendHeaders', onSendHeaders);
    subscribed = true;
  }
  const u = new URL(url);
  const key = keyOf(u.origin, `${u.pathname}${u.search}`);
  const list = waiting.get(key) ?? [];
  list.push(onSent);
  waiting.set(key, list);
  return () => {
    const current = waiting.get(key);
    const i = current?.indexOf(onSent) ?? -1;
    if (i < 0) return;
    current!.splice(i, 1);
    if (!current!.length) waiting.delete(key);
  };
}
