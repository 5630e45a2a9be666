// Handles: "hdl:" then a prefix of digits and dots, a slash and a suffix ("hdl:10013/epic.12345"), or the
// proxy address without its scheme ("hdl.handle.net/1887/12345"). The whole written form links.

import { matchesOf, trimTrailing, type FoundIdentifier, type IdentifierFinder } from './types.ts';

const HANDLE_RE = /(?:\bhdl:\s?|(?<![\w/.:])hdl\.handle\.net\/)(\d+(?:\.\d+)*\/[^\s"<>\u201c\u201d]+)/gi;

function findHandles(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(HANDLE_RE, text)) {
    const handle = trimTrailing(m[1]!);
    if (!/\/\S/.test(handle)) continue;
    const end = m.index + m[0].length - m[1]!.length + handle.length;
    out.push({ start: m.index, end, id: handle, url: `https://hdl.handle.net/${handle}` });
  }
  return out;
}

export const handleFinder: IdentifierFinder = { kind: 'handle', find: findHandles };
