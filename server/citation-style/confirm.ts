// The confirming round of style detection, for a list the templates leave unsure: the few leading styles
// rendered on the list's own entries (their records' CSL-JSON) and compared with the text as written
// (normalised edit distance on the text and on its shape, field order, label form). It renders, so it
// runs only when the template round's probability is below CLEAR (calibration.ts), on FINALISTS styles.

import { bundledStyles, bundledStyleXml } from '../csl/catalog.ts';
import { rendererFor, type CslItem, type RenderedEntry } from '../csl/render.ts';
import { stripTrailer } from '../references/fields.ts';
import { labelFormOf, UNSEEN_TITLE, type StyleEntry } from './entry.ts';
import { formerLayout, formerLayoutXml } from './former-layouts.ts';
import { labelAndBody } from './profiles.ts';
import { nameOrderAgreement, orderAgreement } from './order.ts';
import { median, normaliseEntry, shape, similarity } from './similarity.ts';

/** Entries rendered per style in the confirming round (spread over the list). */
export const CONFIRM_ENTRIES = 16;
const LABEL_WEIGHT = 0.03;
/** Weight of field-order agreement (robust to edition drift in punctuation and abbreviations). */
const ORDER_WEIGHT = 0.35;
/** Weight of the first author's name order ("Smith, J." or "J. Smith"), which editions keep. */
const NAME_ORDER_WEIGHT = 0.1;

export interface Rendered {
  id: string;
  rendered: string;
  score: number;
  signature: string;
  perEntry: number[];
}

function profileOf(id: string): { key: string; xml: () => string; numeric: boolean; answers: string } {
  const former = formerLayout(id);
  if (former) return { key: id, xml: () => formerLayoutXml(id), numeric: former.family === 'numeric', answers: former.answers };
  return { key: `bundled:${id}`, xml: () => bundledStyleXml(id), numeric: bundledStyles().get(id)?.family === 'numeric', answers: id };
}

/**
 * The entries' items as rendered: anything with a container as a journal article (the record calls a
 * container without volume or pages a chapter, which styles lay out with "In:" and editors, as no list
 * of articles is written), anything else as a book; a journal article without a title gets a stand-in
 * one, so styles that print titles pay for it.
 */
export function itemsToRender(items: CslItem[]): CslItem[] {
  return items.map((it) => {
    const typed: CslItem = { ...it, type: it['container-title'] ? 'article-journal' : it.title ? 'book' : it.type };
    return !typed.title && typed['container-title'] && (typed.volume || typed.page) ? { ...typed, title: UNSEEN_TITLE } : typed;
  });
}

/** One style rendered on the entries and compared with them; null when it cannot render them. */
export function renderScore(id: string, entries: StyleEntry[], items: CslItem[]): Rendered | null {
  const profile = profileOf(id);
  let rendered: Map<string, RenderedEntry>;
  try {
    rendered = rendererFor(profile.key, profile.xml).render(items);
  } catch {
    return null;
  }
  const sims: number[] = [];
  let labelHits = 0;
  const texts: string[] = [];
  const orders: number[] = [];
  entries.forEach((p, i) => {
    const r = rendered.get(items[i]!.id);
    const mine = normaliseEntry(p.body);
    const { label, text } = r ? labelAndBody(r, profile.numeric) : { label: '', text: '' };
    const theirs = stripTrailer(normaliseEntry(text));
    texts.push(theirs);
    sims.push(0.5 * similarity(mine, theirs) + 0.5 * similarity(shape(mine), shape(theirs)));
    if (r && labelFormOf(label) === p.labelForm) labelHits++;
    orders.push(r ? orderAgreement(mine, theirs, items[i]!) + (NAME_ORDER_WEIGHT / ORDER_WEIGHT) * nameOrderAgreement(mine, theirs, items[i]!) : 0);
  });
  const perEntry = sims.map((x, i) => x + ORDER_WEIGHT * orders[i]!);
  const mean = sims.reduce((a, b) => a + b, 0) / Math.max(1, sims.length);
  const score = 0.7 * median(sims) + 0.3 * mean + LABEL_WEIGHT * (labelHits / Math.max(1, entries.length))
    + ORDER_WEIGHT * (orders.reduce((a, b) => a + b, 0) / Math.max(1, orders.length));
  return { id: profile.answers, rendered: id, score, signature: texts.join('\n'), perEntry };
}
