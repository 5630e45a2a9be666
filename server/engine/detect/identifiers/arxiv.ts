// arXiv IDs. The new form ("2101.01234", "1409.1556v6") is a number, so it is one only behind "arXiv:"
// or the word arXiv ("arXiv 2101.01234", "arXiv preprint arXiv:1409.1556"); the old form names its
// archive ("hep-th/9901001", "math.GT/0309136") and is one with or without "arXiv:". Written "arXiv:"
// links with the ID.

import { matchesOf, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const ARCHIVES = [
  'acc-phys', 'adap-org', 'alg-geom', 'ao-sci', 'astro-ph', 'atom-ph', 'bayes-an', 'chao-dyn', 'chem-ph', 'cmp-lg',
  'comp-gas', 'cond-mat', 'cs', 'dg-ga', 'funct-an', 'gr-qc', 'hep-ex', 'hep-lat', 'hep-ph', 'hep-th', 'math',
  'math-ph', 'mtrl-th', 'nlin', 'nucl-ex', 'nucl-th', 'patt-sol', 'physics', 'plasm-ph', 'q-alg', 'q-bio', 'quant-ph',
  'solv-int', 'supr-con',
].join('|');

// "arXiv:" (kept in the link) or the word "arXiv" and a space (label, left out), then a new-form ID.
const NEW_RE = /\barXiv(?::\s?|\s+(?:preprint\s+)?(?=\d))(\d{4}\.\d{4,5}(?:v\d+)?)(?![\d.]*\d|[\w/-])/gi;
// An old-form ID, optionally behind "arXiv:".
const OLD_RE = new RegExp(`(?:\\barXiv:\\s?|(?<![\\w/.-]))((?:${ARCHIVES})(?:\\.[A-Z]{2})?/\\d{7}(?:v\\d+)?)(?![\\w/-])`, 'gi');

function findArxivIds(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const re of [NEW_RE, OLD_RE]) {
    for (const m of matchesOf(re, text)) {
      const id = m[1]!;
      const prefix = m[0].slice(0, m[0].length - id.length);
      const start = /:\s?$/.test(prefix) ? m.index : m.index + prefix.length;
      out.push({ start, end: m.index + m[0].length, id, url: `https://arxiv.org/abs/${id}` });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export const arxivFinder: IdentifierFinder = { kind: 'arxiv', find: findArxivIds };
