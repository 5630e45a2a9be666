// Run properties: inserting elements into w:rPr in schema order (CT_RPr is a sequence, and Word
// rejects out-of-order children), and the link appearance (Hyperlink style, colour, URL font).

import { childrenOf, cloneNode, el, setAttr, tagOf, type XmlNode } from '../package/xml.ts';

const RPR_ORDER = [
  'w:rStyle', 'w:rFonts', 'w:b', 'w:bCs', 'w:i', 'w:iCs', 'w:caps', 'w:smallCaps', 'w:strike', 'w:dstrike', 'w:outline',
  'w:shadow', 'w:emboss', 'w:imprint', 'w:noProof', 'w:snapToGrid', 'w:vanish', 'w:webHidden', 'w:color', 'w:spacing',
  'w:w', 'w:kern', 'w:position', 'w:sz', 'w:szCs', 'w:highlight', 'w:u', 'w:effect', 'w:bdr', 'w:shd', 'w:fitText',
  'w:vertAlign', 'w:rtl', 'w:cs', 'w:em', 'w:lang', 'w:eastAsianLayout', 'w:specVanish', 'w:oMath', 'w:rPrChange',
];
const RANK = new Map(RPR_ORDER.map((t, i) => [t, i]));

/**
 * A w:rPr of the run's own, safe to change: split runs share their w:rPr, so an existing one is
 * replaced by a copy (its children list copied; the child elements themselves stay shared and are
 * replaced, never changed); created as first child when missing.
 */
function ownRPr(run: XmlNode): XmlNode {
  const kids = childrenOf(run);
  const at = kids.findIndex((k) => tagOf(k) === 'w:rPr');
  if (at < 0) {
    const rPr = el('w:rPr', null, []);
    (run as Record<string, unknown>)[tagOf(run)!] = [rPr].concat(kids); // a new array of exact length (unshift leaves spare slots)
    return rPr;
  }
  const shared = kids[at]!;
  const own: XmlNode = { 'w:rPr': childrenOf(shared).slice() };
  if (shared[':@']) own[':@'] = shared[':@']; // attribute objects are replaced, never changed
  kids[at] = own;
  return own;
}

/** Replaces the rPr child with the same tag, or inserts it at its schema position (into a new children array
 * of exact length: splice would leave spare slots in every linked run's properties). */
export function putRPrChild(rPr: XmlNode, child: XmlNode): void {
  const kids = childrenOf(rPr);
  const tag = tagOf(child)!;
  const at = kids.findIndex((k) => tagOf(k) === tag);
  if (at >= 0) { kids[at] = child; return; }
  const rank = RANK.get(tag) ?? RPR_ORDER.length;
  let i = kids.findIndex((k) => { const t = tagOf(k); return t !== undefined && (RANK.get(t) ?? RPR_ORDER.length) > rank; });
  if (i < 0) i = kids.length;
  (rPr as Record<string, unknown>)[tagOf(rPr)!] = kids.slice(0, i).concat([child], kids.slice(i));
}

export interface Appearance {
  /** Character style id of the Hyperlink style, or null when the document cannot carry one. */
  styleId: string | null;
  /** RRGGBB without '#'. */
  color: string;
  /** Font family for the link text, or '' to keep the run's font. */
  font: string;
}

/**
 * Gives linked runs the link appearance, keeping their own properties (an existing character style
 * stays). The w:rStyle and w:color elements are made once and shared by every run styled with this
 * look: rPr children are replaced, never changed in place (see ownRPr).
 */
export class LinkLook {
  private readonly rStyle: XmlNode | null;
  private readonly color: XmlNode;

  constructor(private readonly look: Appearance) {
    this.rStyle = look.styleId ? el('w:rStyle', { 'w:val': look.styleId }) : null;
    this.color = el('w:color', { 'w:val': look.color });
  }

  style(run: XmlNode): void {
    if (tagOf(run) !== 'w:r') return;
    const rPr = ownRPr(run);
    if (this.rStyle && !childrenOf(rPr).some((k) => tagOf(k) === 'w:rStyle')) putRPrChild(rPr, this.rStyle);
    putRPrChild(rPr, this.color);
    if (this.look.font) {
      const existing = childrenOf(rPr).find((k) => tagOf(k) === 'w:rFonts');
      const fonts = existing ? cloneNode(existing) : el('w:rFonts', {});
      for (const a of ['w:ascii', 'w:hAnsi', 'w:cs']) setAttr(fonts, a, this.look.font);
      for (const a of ['w:asciiTheme', 'w:hAnsiTheme', 'w:cstheme']) if (fonts[':@']) delete fonts[':@']['@_' + a];
      putRPrChild(rPr, fonts);
    }
  }
}

export function hexColor(setting: string | undefined, fallback = '0077BD'): string {
  const m = /^#?([0-9A-Fa-f]{6})$/.exec(setting ?? '');
  return m ? m[1]!.toUpperCase() : fallback;
}

