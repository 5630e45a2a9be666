// The first sentence of a caption, after its label ("Figure 2. Growth of cells at 30 °C. Bars show…" →
// "Growth of cells at 30 °C"): the target in words for review and retarget search.

const MAX = 160;
/** Words ending in a full stop that do not end the sentence ("et al.", "e.g.", "Fig.", "vs."). */
const ABBREVIATION = /(?:^|[\s(])(?:al|e\.g|i\.e|figs?|eqs?|refs?|vs|cf|ca|approx|no|sp|spp|var|st|dr)\.$/i;

export function captionTitle(text: string, labelEnd: number): string | undefined {
  const rest = text.slice(labelEnd).replace(/^[\s.:;,|\u2013\u2014-]+/u, '').replace(/\s+/g, ' ');
  let end = rest.length;
  for (const m of rest.matchAll(/[.!?](?=\s+[\p{Lu}\p{N}(]|\s*$)/gu)) {
    if (ABBREVIATION.test(rest.slice(0, m.index + 1))) continue;
    end = m.index;
    break;
  }
  const sentence = rest.slice(0, end).trim();
  if (!sentence) return undefined;
  return sentence.length > MAX ? `${sentence.slice(0, MAX - 1).replace(/\s\S*$/, '')}…` : sentence;
}
