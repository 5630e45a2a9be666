// Style inheritance from styles.xml: names, outline levels, numbering and the run properties the
// detectors care about (superscript, subscript, bold), resolved through basedOn chains.

import { attr, childrenOf, findChild, rootOf, tagOf, type XmlDocument, type XmlNode } from '../package/xml.ts';

export interface RunFlags {
  superscript?: boolean;
  subscript?: boolean;
  bold?: boolean;
}

interface StyleDef {
  id: string;
  type: string;
  name: string;
  basedOn?: string;
  outlineLevel?: number;
  numId?: string;
  ilvl?: number;
  run: RunFlags;
}

export interface Styles {
  paragraphName(styleId: string | null): string | null;
  paragraphOutline(styleId: string | null): number | null;
  paragraphNumbering(styleId: string | null): { numId: string; ilvl: number } | null;
  /** Run flags inherited from a paragraph style (its rPr chain) and the document defaults. */
  paragraphRun(styleId: string | null): RunFlags;
  /** Run flags of a character style chain. */
  characterRun(styleId: string | null): RunFlags;
  defaultParagraphStyle: string | null;
  hasStyle(id: string): boolean;
}

function onOff(node: XmlNode | undefined): boolean | undefined {
  if (!node) return undefined;
  const v = attr(node, 'w:val');
  return !(v === '0' || v === 'false' || v === 'off');
}

/** Reads the flags a w:rPr sets directly (undefined where it is silent). */
export function runFlagsOf(rPr: XmlNode | undefined): RunFlags {
  if (!rPr) return {};
  const flags: RunFlags = {};
  for (const c of childrenOf(rPr)) {
    const t = tagOf(c);
    if (t === 'w:vertAlign') {
      const v = attr(c, 'w:val');
      flags.superscript = v === 'superscript';
      flags.subscript = v === 'subscript';
    } else if (t === 'w:b') {
      flags.bold = onOff(c);
    }
  }
  return flags;
}

function merge(base: RunFlags, over: RunFlags): RunFlags {
  return {
    superscript: over.superscript ?? base.superscript,
    subscript: over.subscript ?? base.subscript,
    bold: over.bold ?? base.bold,
  };
}

export function readStyles(doc: XmlDocument | undefined): Styles {
  const defs = new Map<string, StyleDef>();
  let defaultRun: RunFlags = {};
  let defaultParagraphStyle: string | null = null;
  if (doc) {
    for (const n of childrenOf(rootOf(doc))) {
      const t = tagOf(n);
      if (t === 'w:docDefaults') {
        const rPr = findChild(findChild(n, 'w:rPrDefault') ?? {}, 'w:rPr');
        defaultRun = runFlagsOf(rPr);
      } else if (t === 'w:style') {
        const id = attr(n, 'w:styleId');
        if (!id) continue;
        const type = attr(n, 'w:type') ?? 'paragraph';
        const def: StyleDef = { id, type, name: attr(findChild(n, 'w:name') ?? {}, 'w:val') ?? id, run: {} };
        const basedOn = findChild(n, 'w:basedOn');
        if (basedOn) def.basedOn = attr(basedOn, 'w:val');
        const pPr = findChild(n, 'w:pPr');
        if (pPr) {
          const ol = findChild(pPr, 'w:outlineLvl');
          if (ol) def.outlineLevel = Number(attr(ol, 'w:val'));
          const numPr = findChild(pPr, 'w:numPr');
          if (numPr) {
            const numId = attr(findChild(numPr, 'w:numId') ?? {}, 'w:val');
            if (numId !== undefined) def.numId = numId;
            def.ilvl = Number(attr(findChild(numPr, 'w:ilvl') ?? {}, 'w:val') ?? 0);
          }
        }
        def.run = runFlagsOf(findChild(n, 'w:rPr'));
        defs.set(id, def);
        if (type === 'paragraph' && (attr(n, 'w:default') === '1' || attr(n, 'w:default') === 'true')) defaultParagraphStyle = id;
      }
    }
  }

  function chain(id: string | null): StyleDef[] {
    const out: StyleDef[] = [];
    const seen = new Set<string>();
    let cur = id ?? defaultParagraphStyle;
    while (cur && !seen.has(cur) && out.length < 20) {
      seen.add(cur);
      const d = defs.get(cur);
      if (!d) break;
      out.push(d);
      cur = d.basedOn ?? null;
    }
    return out;
  }

  const memo = new Map<string, unknown>();
  function cached<T>(key: string, f: () => T): T {
    if (memo.has(key)) return memo.get(key) as T;
    const v = f();
    memo.set(key, v);
    return v;
  }

  return {
    defaultParagraphStyle,
    hasStyle: (id) => defs.has(id),
    paragraphName: (id) => chain(id)[0]?.name ?? null,
    paragraphOutline: (id) =>
      cached(`ol:${id}`, () => {
        for (const d of chain(id)) if (d.outlineLevel !== undefined && Number.isFinite(d.outlineLevel)) return d.outlineLevel;
        return null;
      }),
    paragraphNumbering: (id) =>
      cached(`num:${id}`, () => {
        for (const d of chain(id)) if (d.numId !== undefined) return { numId: d.numId, ilvl: d.ilvl ?? 0 };
        return null;
      }),
    paragraphRun: (id) =>
      cached(`prun:${id}`, () => chain(id).reverse().reduce((acc, d) => merge(acc, d.run), defaultRun)),
    characterRun: (id) => (id ? cached(`crun:${id}`, () => chain(id).reverse().reduce((acc, d) => merge(acc, d.run), {} as RunFlags)) : {}),
  };
}

/** Heading level from a style name such as "heading 2" / "Heading2" / "Titre 1". */
export function headingLevelFromName(name: string | null): number | null {
  if (!name) return null;
  const m = /^(?:heading|überschrift|titre|título|titolo|kop)\s*([1-9])$/i.exec(name.trim());
  return m ? Number(m[1]) : null;
}
