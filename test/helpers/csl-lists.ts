// A reference list as a bundled CSL style writes it: each entry's text with its label ("[1] …"), in the
// order of the items given. Style-detection tests feed such lists to detectStyle.
import { loadBundledStyle } from '../../server/csl/catalog.ts';
import { rendererFor, type CslItem } from '../../server/csl/render.ts';

export function listIn(styleId: string, items: CslItem[]): Array<{ text: string }> {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(s.key, () => s.xml).render(items);
  return items.map((it) => {
    const r = out.get(it.id)!;
    return { text: r.label ? `${r.label} ${r.text}` : r.text };
  });
}
