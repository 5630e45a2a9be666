// Word's automatic list numbering (numbering.xml): a reference list or heading numbered by a list
// has no number in its text. This computes the label Word would print for each numbered paragraph.

import { attr, childrenOf, findChild, rootOf, tagOf, type XmlDocument } from '../package/xml.ts';

interface LevelDef {
  start: number;
  format: string;
  text: string;
}

interface NumDef {
  abstractId: string;
  overrides: Map<number, number>;
}

export interface NumberingCounter {
  /** Advances the list (numId, ilvl) and returns the printed label and format, or null when unnumbered. */
  next(numId: string, ilvl: number): { text: string; format: string } | null;
}

function roman(n: number): string {
  const table: [number, string][] = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let s = '';
  for (const [v, r] of table) while (n >= v) { s += r; n -= v; }
  return s;
}

function letters(n: number): string {
  // Word repeats the letter: a..z, aa..zz, aaa...
  const idx = (n - 1) % 26;
  const times = Math.floor((n - 1) / 26) + 1;
  return String.fromCharCode(97 + idx).repeat(times);
}

function formatNumber(n: number, format: string): string {
  switch (format) {
    case 'decimal': return String(n);
    case 'decimalZero': return n < 10 ? `0${n}` : String(n);
    case 'lowerLetter': return letters(n);
    case 'upperLetter': return letters(n).toUpperCase();
    case 'lowerRoman': return roman(n);
    case 'upperRoman': return roman(n).toUpperCase();
    case 'none': return '';
    default: return String(n);
  }
}

export function readNumbering(doc: XmlDocument | undefined): NumberingCounter {
  const abstracts = new Map<string, Map<number, LevelDef>>();
  const nums = new Map<string, NumDef>();
  if (doc) {
    for (const n of childrenOf(rootOf(doc))) {
      const t = tagOf(n);
      if (t === 'w:abstractNum') {
        const id = attr(n, 'w:abstractNumId');
        if (id === undefined) continue;
        const levels = new Map<number, LevelDef>();
        for (const lvl of childrenOf(n)) {
          if (tagOf(lvl) !== 'w:lvl') continue;
          const ilvl = Number(attr(lvl, 'w:ilvl') ?? 0);
          levels.set(ilvl, {
            start: Number(attr(findChild(lvl, 'w:start') ?? {}, 'w:val') ?? 1),
            format: attr(findChild(lvl, 'w:numFmt') ?? {}, 'w:val') ?? 'decimal',
            text: attr(findChild(lvl, 'w:lvlText') ?? {}, 'w:val') ?? '',
          });
        }
        abstracts.set(id, levels);
      } else if (t === 'w:num') {
        const id = attr(n, 'w:numId');
        const abs = attr(findChild(n, 'w:abstractNumId') ?? {}, 'w:val');
        if (id === undefined || abs === undefined) continue;
        const overrides = new Map<number, number>();
        for (const o of childrenOf(n)) {
          if (tagOf(o) !== 'w:lvlOverride') continue;
          const so = findChild(o, 'w:startOverride');
          if (so) overrides.set(Number(attr(o, 'w:ilvl') ?? 0), Number(attr(so, 'w:val') ?? 1));
        }
        nums.set(id, { abstractId: abs, overrides });
      }
    }
  }

  // Counters per num instance; levels deeper than the one advanced restart.
  const counters = new Map<string, number[]>();
  return {
    next(numId, ilvl) {
      if (numId === '0') return null;
      const num = nums.get(numId);
      if (!num) return null;
      const levels = abstracts.get(num.abstractId);
      const def = levels?.get(ilvl);
      if (!levels || !def) return null;
      const startOf = (l: number) => num.overrides.get(l) ?? levels.get(l)?.start ?? 1;
      let c = counters.get(numId);
      if (!c) { c = []; counters.set(numId, c); }
      for (let l = 0; l < ilvl; l++) if (c[l] === undefined) c[l] = startOf(l);
      c[ilvl] = c[ilvl] === undefined ? startOf(ilvl) : c[ilvl]! + 1;
      c.length = ilvl + 1;
      if (def.format === 'bullet') return { text: '', format: 'bullet' };
      const text = def.text.replace(/%([1-9])/g, (_, d: string) => {
        const l = Number(d) - 1;
        const value = c![l] ?? startOf(l);
        return formatNumber(value, levels.get(l)?.format ?? 'decimal');
      });
      return { text, format: def.format };
    },
  };
}
