// URLs written out in the text: http:// and https:// addresses, and "www." forms (linked with https://
// in front). The address runs to white space or a quotation mark; sentence punctuation and unbalanced
// closing brackets at its end stay outside ("see https://x.org/a_(b)." links "https://x.org/a_(b)"); typographic
// hyphens in it link as hyphens.

import { matchesOf, trimTrailing, type FoundIdentifier, type IdentifierFinder } from './types.ts';

// A scheme or "www." at a word start (not inside an e-mail address, a path or another word).
const URL_RE = /(?<![\w@/.:-])(?:https?:\/\/|www\.)[^\s"<>\u201c\u201d\u2018\u00ab\u00bb]+/gi;
// A host with a dot and a top-level name of letters (or an IPv4 address), then an optional port.
const HOST_RE = /^(?:https?:\/\/)?(?:[\w\u2010\u2011-]+(?:\.[\w\u2010\u2011-]+)*\.[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]|$)/i;

function findUrls(text: string): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const m of matchesOf(URL_RE, text)) {
    const written = trimTrailing(m[0]);
    if (!HOST_RE.test(written)) continue;
    // "http://molprobity.biochem.duke .edu": an address broken by a space is not guessed at.
    if (/^\s\.[a-z]/i.test(text.slice(m.index + written.length, m.index + written.length + 3))) continue;
    // Typographic hyphens (U+2010, U+2011) that a converter or Word's autocorrect put into an address are hyphens.
    const url = (/^www\./i.test(written) ? `https://${written}` : written).replace(/[\u2010\u2011]/g, '-');
    out.push({ start: m.index, end: m.index + written.length, id: written, url });
  }
  return out;
}

export const urlFinder: IdentifierFinder = { kind: 'url', find: findUrls };
