// Known defects of the publisher ground truth: gold mentions whose target cannot be right, or cannot be found
// from the DOCX. The bench scores everything as usual and then prints a second table with these mentions set
// aside (an engine match overlapping only set-aside mentions is then not counted either), and lists every
// defect with its reason, so nobody mistakes a defect for a detection gap or hides a gap as a defect.
//
// Two sources, both pure (no I/O):
// - checks that apply to any gold file, the held-out half included (printed number ≠ the rid's reference
//   number, a range tagged with its first reference only, a target pinned to the next section's heading);
// - entries read one by one in the visible corpus, each with its reason (known-defects.ts). An entry names the
//   document stem (it also covers the .messy variant), the paragraph, offset and text of the gold mention.

import type { GoldDoc, GoldMention, GoldReference } from './gold.ts';
import { KNOWN } from './known-defects.ts';

/** Headings of sections that never hold a float or supplementary item. */
const OTHER_SECTION = /^(?:acknowledge?ments?|references|literature cited|bibliography|funding|author contributions?|competing interests|conflicts? of interest|data availability)\b/i;

function numberOf(ref: GoldReference): number | null {
  if (ref.number !== null && ref.number !== undefined) return ref.number;
  const m = /^\[?(\d+)/.exec(ref.label ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * The set-aside gold mentions of one document with their reasons. `paragraphText(i)` is the DOCX text of
 * paragraph i (the heading check reads it); `name` is the corpus stem (".messy" is ignored).
 */
export function goldDefects(name: string, gold: GoldDoc, paragraphText: (i: number) => string | undefined): Map<GoldMention, string> {
  const out = new Map<GoldMention, string>();
  const stem = name.replace(/\.messy$/, '');
  const refs = new Map(gold.references.map((r) => [r.id, r]));
  const targets = new Map(gold.targets.map((t) => [t.id, t]));
  const numbered = gold.references.length > 0 && gold.references.every((r) => numberOf(r) !== null);

  for (const m of gold.mentions) {
    const known = KNOWN.find((k) => k.doc === stem && k.paragraph === m.paragraphIndex && k.offset === m.charOffset && k.text === m.text);
    if (known) {
      out.set(m, known.reason);
      continue;
    }
    if (m.kind === 'citation' && numbered) {
      const ns = m.rid.map((id) => refs.get(id)).filter((r): r is GoldReference => !!r).map(numberOf);
      const single = /^(\d+)$/.exec(m.text);
      if (single && ns.length > 0 && !ns.includes(Number(single[1]))) {
        out.set(m, 'printed citation number is not the number of the rid\'s reference');
        continue;
      }
      const range = /^(\d+)[\s\u00a0]*[-\u2013\u2014][\s\u00a0]*(\d+)$/.exec(m.text);
      if (range && ns.length > 0 && !ns.includes(Number(range[2]))) {
        out.set(m, 'range xref lists only some of its references as rids (the range end is not one)');
        continue;
      }
    }
    if (m.kind !== 'citation' && m.rid.length > 0) {
      const pinned = m.rid.every((id) => {
        const t = targets.get(id);
        const text = t && t.paragraphIndex !== null ? paragraphText(t.paragraphIndex) : undefined;
        return text !== undefined && OTHER_SECTION.test(text.trim()) && !(t!.label && text.includes(t!.label));
      });
      if (pinned) out.set(m, 'target paragraph is the next section\'s heading (the item has no caption in the DOCX)');
    }
  }
  return out;
}
