// Where a saved review is kept: in the document (the host's custom XML part, so it travels with the
// file to a co-author) and, always, a local copy in the pane's storage by document name, for hosts
// that cannot write the part (below WordApi 1.4) and for a document reopened from disk without it.
// Saves are made as decisions are made; a save that arrives while one is writing waits and only the
// newest is written.
import type { DocumentHost } from '../host/host.ts';
import type { KeyValueStore } from '../settings/stores.ts';
import { reviewFromXml, reviewToXml, type SavedReview } from './saved-review.ts';

const LOCAL_REVIEWS_KEY = 'savedReviews';
/** Local copies kept (the newest by save time); older documents' reviews are dropped. */
const LOCAL_REVIEWS_LIMIT = 5;

function localCopies(store: KeyValueStore): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(store.get(LOCAL_REVIEWS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

async function writeLocal(store: KeyValueStore, name: string, xml: string | null): Promise<void> {
  const all = localCopies(store);
  if (xml === null) delete all[name];
  else all[name] = xml;
  const newest = Object.entries(all)
    .map(([k, v]) => [k, v, reviewFromXml(v)?.savedAt ?? ''] as const)
    .sort((a, b) => (a[2] < b[2] ? 1 : a[2] > b[2] ? -1 : 0))
    .slice(0, LOCAL_REVIEWS_LIMIT);
  await store.set(LOCAL_REVIEWS_KEY, JSON.stringify(Object.fromEntries(newest.map(([k, v]) => [k, v]))));
}

export interface SaveOutcome {
  /** The record is in the document itself (false: only the local copy). */
  inDocument: boolean;
}

export async function saveReview(host: DocumentHost, store: KeyValueStore, saved: SavedReview): Promise<SaveOutcome> {
  const xml = reviewToXml(saved);
  let inDocument = false;
  try {
    inDocument = await host.writeReviewRecord(xml);
  } catch {
    inDocument = false; // the local copy below still keeps the work
  }
  await writeLocal(store, saved.documentName, xml);
  return { inDocument };
}

/** The saved review of the open document: the document's own record, or the local copy when that is newer or the only one. */
export async function loadReview(host: DocumentHost, store: KeyValueStore): Promise<SavedReview | null> {
  let fromDocument: SavedReview | null = null;
  try {
    const xml = await host.readReviewRecord();
    fromDocument = xml ? reviewFromXml(xml) : null;
  } catch {
    fromDocument = null;
  }
  const local = localCopies(store)[host.documentName()];
  const fromLocal = local ? reviewFromXml(local) : null;
  if (fromDocument && fromLocal) return fromLocal.savedAt > fromDocument.savedAt ? fromLocal : fromDocument;
  return fromDocument ?? fromLocal;
}

/** After apply (or "start over"): the record is removed from the document and the local copy. */
export async function clearReview(host: DocumentHost, store: KeyValueStore, documentName: string = host.documentName()): Promise<void> {
  await host.writeReviewRecord(null).catch(() => false);
  await writeLocal(store, documentName, null);
}

/** Saves one at a time, newest wins: a burst of decisions costs at most two writes. */
export function reviewSaver(write: (saved: SavedReview) => Promise<unknown>): { push(saved: SavedReview): void; idle(): Promise<void> } {
  let pending: SavedReview | null = null;
  let running: Promise<void> | null = null;
  const loop = async (): Promise<void> => {
    while (pending) {
      const next = pending;
      pending = null;
      await write(next).catch(() => undefined);
    }
    running = null;
  };
  return {
    push(saved) {
      pending = saved;
      running ??= loop();
    },
    idle: () => running ?? Promise.resolve(),
  };
}
