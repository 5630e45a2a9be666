// previewRewrite(): the first entries of the reference list as the bibliography rewrite at apply would
// write them (the same plan, rewrite/plan.ts), without writing anything: the add-in shows them
// before the user approves the rewrite.

import { reasonText, type ReasonCode } from '../../shared/reasons.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { NO_REFERENCE_LIST, type RewritePlan } from './rewrite/plan.ts';
import type { BibEntry } from './detect/types.ts';
import { directInPieces } from './apply.ts';
import type { BibRewriteResult, ResolvedWork } from '../../shared/contract.ts';
import type { EngineLimits } from './scan.ts';
import type { BibliographyRenderer, RewriteSegment } from './citation-style-hooks.ts';

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
  /** The same warning as a code (the entry's label and what it lacks as parts, or the refusal's reason). */
  warningCode?: ReasonCode;
}

export interface RewritePreview {
  cslId: string;
  family: string;
  /** Entries in the reference list (the preview shows the first of them). */
  total: number;
  entries: PreviewEntry[];
  /** What apply would do with the whole list: the same plan's verdict (refused: why, and the entries that block it). */
  bibRewrite: BibRewriteResult;
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

/**
 * The first `count` entries as apply's rewrite would leave them: apply itself runs (as POST /hyperlink would, every
 * ready match approved, the resolved works given), in memory, and its restyle plan is read; nothing is returned of
 * the document. So the preview and the applied document come from one planner over the same links.
 */
export function previewRewrite(bytes: Uint8Array, settings: HyperlinkSettings, renderer: BibliographyRenderer, count: number, limits?: EngineLimits & { resolvedWorks?: Record<string, ResolvedWork> }): RewritePreview {
  let planned: { plan: RewritePlan; list: BibEntry[] } | null = null;
  directInPieces(bytes, settings, { bibliography: renderer, onRestylePlan: (plan: RewritePlan, list: BibEntry[]) => { planned = { plan, list }; }, ...(limits?.maxMatches !== undefined ? { maxMatches: limits.maxMatches } : {}), ...(limits?.resolvedWorks ? { resolvedWorks: limits.resolvedWorks } : {}) });
  const got = planned as { plan: RewritePlan; list: BibEntry[] } | null;
  const base = { cslId: renderer.styleId, family: renderer.family, total: got?.list.length ?? 0 };
  if (!got) {
    return { ...base, entries: [], bibRewrite: { cslId: renderer.styleId, family: renderer.family, outcome: 'refused', reason: reasonText(NO_REFERENCE_LIST), reasonCode: NO_REFERENCE_LIST, rewritten: 0, unchanged: 0, entries: [] } };
  }
  const { plan, list } = got;
  const refused = plan.result.outcome === 'refused';
  // A refusal before any entry was planned (a note style): each entry stays as written, with the reason.
  const byKey = new Map(plan.entries.map((p) => [p.entry.key, p]));
  const entries = list.slice(0, count).map((e): PreviewEntry => {
    const p = byKey.get(e.key);
    const writes = !refused && p && p.action !== 'kept';
    return {
      refId: e.key,
      before: e.text,
      after: writes ? p.newText : e.text,
      afterHtml: writes ? segmentsHtml(p.segments) : escapeHtml(e.text),
      rewritable: !!p && p.action !== 'kept',
      ...(p?.warning ? { warning: reasonText(p.warning), warningCode: p.warning } : refused && !p && plan.result.reasonCode ? { warning: reasonText(plan.result.reasonCode), warningCode: plan.result.reasonCode } : {}),
    };
  });
  return { ...base, entries, bibRewrite: plan.result };
}
