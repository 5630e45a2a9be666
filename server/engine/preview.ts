// previewRewrite(): the first entries of the reference list as the bibliography rewrite at apply would
// write them (the same plan, rewrite/bibliography.ts), without writing anything: the add-in shows them
// before the user approves the rewrite.

import type { HyperlinkSettings } from '../../shared/settings.ts';
import { planBibliographyRewrite, rewriteEntriesIn, textFamilyOf } from './rewrite/bibliography.ts';
import { detect, type EngineLimits } from './scan.ts';
import type { BibliographyRenderer, RewriteSegment } from './style-hooks.ts';

export interface PreviewEntry {
  refId: string;
  /** The entry text as written. */
  before: string;
  /** The entry text after the rewrite (as written when it would be left as it is). */
  after: string;
  /** `after` as HTML limited to <i>, <b>, <sup>, <sub> and <span class="small-caps">, text escaped. */
  afterHtml: string;
  /** True when apply would rewrite the entry or it is already in the style. */
  rewritable: boolean;
  warning?: string;
}

export interface RewritePreview {
  cslId: string;
  family: string;
  /** Entries in the reference list (the preview shows the first of them). */
  total: number;
  entries: PreviewEntry[];
  /** Set when the style's family differs from the in-text citations' (they are not rewritten). */
  familyWarning?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Formatted segments as a small, safe HTML fragment (only the tags listed on PreviewEntry.afterHtml). */
export function segmentsHtml(segments: RewriteSegment[]): string {
  return segments.map((s) => {
    let h = escapeHtml(s.text);
    if (s.smallCaps) h = `<span class="small-caps">${h}</span>`;
    if (s.superscript) h = `<sup>${h}</sup>`;
    else if (s.subscript) h = `<sub>${h}</sub>`;
    if (s.bold) h = `<b>${h}</b>`;
    if (s.italic) h = `<i>${h}</i>`;
    return h;
  }).join('');
}

/** The first `count` entries as apply's rewrite would leave them (the whole list is rendered, as at apply). */
export function previewRewrite(bytes: Uint8Array, settings: HyperlinkSettings, renderer: BibliographyRenderer, count: number, limits?: EngineLimits): RewritePreview {
  const detection = detect(bytes, settings, { forLinking: true, maxMatches: limits?.maxMatches });
  const all = rewriteEntriesIn(detection.targetById);
  const plans = all.length ? planBibliographyRewrite(all, renderer) : [];
  const entries = plans.slice(0, count).map((p): PreviewEntry => ({
    refId: p.entry.key,
    before: p.entry.text,
    after: p.newText,
    afterHtml: p.action === 'kept' ? escapeHtml(p.newText) : segmentsHtml(p.segments),
    rewritable: p.action !== 'kept',
    ...(p.warning ? { warning: p.warning } : {}),
  }));
  const textFamily = textFamilyOf(detection.citeStyle);
  const familyWarning = textFamily && renderer.family !== textFamily
    ? `The in-text citations are ${textFamily} and ${renderer.styleId} is ${renderer.family}: the citations in the text are not rewritten.`
    : undefined;
  return { cslId: renderer.styleId, family: renderer.family, total: all.length, entries, ...(familyWarning ? { familyWarning } : {}) };
}
