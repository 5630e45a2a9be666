// Apply as tracked revisions: what apply's output adds to the document, as edits Word's range API can
// make one by one while Track Changes records them (a bookmark at each new target, a hyperlink on each
// linked text), instead of replacing the whole document (one revision of everything). Read from the
// document sent to apply and apply's output with tag scans, in Word's terms: body paragraph index
// (text boxes left out, as body.paragraphs does) and the k-th hit of the text in that paragraph.
// Only link edits can be made that way: an output whose text differs (a bibliography rewrite, a DOI
// added to a reference) or that links inside notes, headers or text boxes is not plannable, and says why.
import JSZip from 'jszip';
import { base64ToBytes } from '../util/base64.ts';

/** A hyperlink to set on the k-th hit of `text` in body paragraph `paragraph`; address is a URL or "#bookmark". */
interface PlannedLink {
  paragraph: number;
  text: string;
  /** UTF-16 offset of the text in the paragraph as apply wrote it. */
  start: number;
  k: number;
  address: string;
}

/** A bookmark to insert: on the whole paragraph (`whole`) or on the k-th hit of `text` in it. */
interface PlannedBookmark {
  paragraph: number;
  name: string;
  text: string;
  start: number;
  k: number;
  whole: boolean;
}

export interface RevisionPlan {
  /** The text of each body paragraph the plan expects Word to have (a changed paragraph is not edited). */
  paragraphs: string[];
  bookmarks: PlannedBookmark[];
  links: PlannedLink[];
}

/** Why the output cannot be made as tracked link edits (counts, for the pane to say in words). */
export interface Unplannable {
  /** Body paragraphs whose text the output changes (or added or removed). */
  changedParagraphs: number;
  /** Links the output adds outside the body's paragraphs (notes, headers, footers, text boxes). */
  linksElsewhere: number;
}

interface Span {
  start: number;
  end: number;
  value: string;
}

interface BodyParagraph {
  text: string;
  links: Span[];
  bookmarks: Span[];
}

const TAGS = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<(\/?)(w:p|w:hyperlink|w:txbxContent|mc:Fallback|w:del)(?=[\s>/])([^>]*)>|<w:bookmark(Start|End)\b([^>]*)>/g;

const attr = (attrs: string, name: RegExp): string | null => name.exec(attrs)?.[1] ?? null;

/** Body paragraphs with their links (address: URL by relationship, or "#anchor") and bookmarks, by UTF-16 offset. */
function bodyParagraphs(xml: string, rels: Map<string, string>): { paragraphs: BodyParagraph[]; boxLinks: number } {
  const paragraphs: BodyParagraph[] = [];
  const open = new Map<string, { name: string; start: number; in: BodyParagraph }>();
  let current: BodyParagraph | null = null;
  let link: { start: number; value: string } | null = null;
  let depth = 0;
  let box = 0;
  let fallback = 0;
  let del = 0;
  let boxLinks = 0;
  for (const m of xml.matchAll(TAGS)) {
    const all = m[0];
    const name = m[3];
    const closing = m[2] === '/';
    const self = (m[4] ?? '').endsWith('/');
    if (name === 'mc:Fallback' || name === 'w:txbxContent' || name === 'w:del') {
      const d = closing ? -1 : self ? 0 : 1;
      if (name === 'mc:Fallback') fallback += d;
      else if (name === 'w:txbxContent') box += d;
      else del += d;
      continue;
    }
    if (fallback > 0) continue;
    if (box > 0) {
      if (name === 'w:hyperlink' && !closing) boxLinks++;
      continue;
    }
    if (name === 'w:p') {
      if (closing) depth--;
      else if (!self) depth++;
      if (!closing && depth === 1) {
        current = { text: '', links: [], bookmarks: [] };
        paragraphs.push(current);
      } else if (!closing && self && depth === 0) {
        current = { text: '', links: [], bookmarks: [] };
        paragraphs.push(current);
      }
      continue;
    }
    if (!current) continue;
    if (name === 'w:hyperlink') {
      if (closing && link) current.links.push({ start: link.start, end: current.text.length, value: link.value });
      if (closing) link = null;
      else {
        const anchor = attr(m[4] ?? '', /\bw:anchor="([^"]*)"/);
        const rid = attr(m[4] ?? '', /\b\w+:id="([^"]*)"/);
        link = { start: current.text.length, value: anchor !== null ? `#${anchor}` : (rels.get(rid ?? '') ?? '') };
      }
      continue;
    }
    if (m[5]) {
      const id = attr(m[6] ?? '', /\bw:id="([^"]*)"/) ?? '';
      if (m[5] === 'Start') open.set(id, { name: attr(m[6] ?? '', /\bw:name="([^"]*)"/) ?? '', start: current.text.length, in: current });
      else {
        const b = open.get(id);
        open.delete(id);
        // A bookmark across paragraphs is left out: the engine's own are inside one paragraph.
        if (b && b.in === current) current.bookmarks.push({ start: b.start, end: current.text.length, value: b.name });
      }
      continue;
    }
    if (del > 0) continue;
    current.text += all === '<w:tab/>' ? '\t' : unescapeText(m[1] ?? '');
  }
  return { paragraphs, boxLinks };
}

function unescapeText(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#x?[0-9a-fA-F]+);/g, (whole, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[e]) return named[e];
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });
}

async function readParts(bytes: Uint8Array): Promise<{ documentXml: string; rels: Map<string, string>; otherLinks: number }> {
  const zip = await JSZip.loadAsync(bytes);
  const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const relsXml = (await zip.file('word/_rels/document.xml.rels')?.async('string')) ?? '';
  const rels = new Map<string, string>();
  for (const r of relsXml.matchAll(/<Relationship\b([^>]*)>/g)) {
    const id = attr(r[1]!, /\bId="([^"]*)"/);
    const target = attr(r[1]!, /\bTarget="([^"]*)"/);
    if (id && target) rels.set(id, unescapeText(target));
  }
  let otherLinks = 0;
  for (const name of Object.keys(zip.files)) {
    if (!/^word\/(footnotes|endnotes|header\d*|footer\d*)\.xml$/i.test(name)) continue;
    otherLinks += (await zip.file(name)!.async('string')).match(/<w:hyperlink[\s>]/g)?.length ?? 0;
  }
  return { documentXml, rels, otherLinks };
}

/** Which hit of `text` (left to right, not overlapping, as Word's search) starts at `start`; -1 when none does. */
function hitIndex(paragraph: string, text: string, start: number): number {
  let k = 0;
  for (let at = paragraph.indexOf(text); at >= 0; at = paragraph.indexOf(text, at + text.length), k++) if (at === start) return k;
  return -1;
}

/**
 * Which of Word's search hits of a planned edit's text to take in the paragraph as Word has it: the
 * planned one when the paragraph reads as planned, else the hit nearest the planned offset (Word can
 * read a paragraph a little differently: a line break, a field); -1 when the text is not there.
 */
export function wordHit(wordText: string, planned: string, edit: { text: string; start: number; k: number }): number {
  const hits: number[] = [];
  for (let at = wordText.indexOf(edit.text); at >= 0 && edit.text; at = wordText.indexOf(edit.text, at + edit.text.length)) hits.push(at);
  if (wordText === planned) return edit.k < hits.length ? edit.k : -1;
  let best = -1;
  hits.forEach((at, k) => {
    if (best < 0 || Math.abs(at - edit.start) < Math.abs(hits[best]! - edit.start)) best = k;
  });
  return best;
}

const spanKey = (s: Span) => `${s.start}:${s.end}:${s.value}`;

/** The edits that turn `original` into apply's output (base64), or why they cannot be made as tracked link edits. */
export async function revisionPlan(original: Uint8Array, outputB64: string): Promise<{ plan: RevisionPlan } | { unplannable: Unplannable }> {
  const [before, after] = await Promise.all([readParts(original), readParts(base64ToBytes(outputB64))]);
  const was = bodyParagraphs(before.documentXml, before.rels);
  const now = bodyParagraphs(after.documentXml, after.rels);
  const count = Math.max(was.paragraphs.length, now.paragraphs.length);
  let changedParagraphs = 0;
  for (let i = 0; i < count; i++) if (was.paragraphs[i]?.text !== now.paragraphs[i]?.text) changedParagraphs++;
  const linksElsewhere = Math.max(0, after.otherLinks - before.otherLinks) + Math.max(0, now.boxLinks - was.boxLinks);
  if (changedParagraphs > 0 || linksElsewhere > 0) return { unplannable: { changedParagraphs, linksElsewhere } };
  const known = new Set(was.paragraphs.flatMap((p) => p.bookmarks.map((b) => b.value.toLowerCase())));
  const plan: RevisionPlan = { paragraphs: now.paragraphs.map((p) => p.text), bookmarks: [], links: [] };
  now.paragraphs.forEach((p, paragraph) => {
    for (const b of p.bookmarks) {
      if (known.has(b.value.toLowerCase()) || !b.value) continue;
      const text = p.text.slice(b.start, b.end);
      const whole = b.start === 0 && b.end === p.text.length;
      plan.bookmarks.push({ paragraph, name: b.value, text, start: b.start, k: whole ? 0 : hitIndex(p.text, text, b.start), whole });
    }
    const had = new Set(was.paragraphs[paragraph]!.links.map(spanKey));
    for (const l of p.links) {
      if (had.has(spanKey(l)) || !l.value || l.end <= l.start) continue;
      const text = p.text.slice(l.start, l.end);
      plan.links.push({ paragraph, text, start: l.start, k: hitIndex(p.text, text, l.start), address: l.value });
    }
  });
  return { plan };
}
