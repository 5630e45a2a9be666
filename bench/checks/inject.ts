// Fault injection for `npm run bench:checks`: each fault edits a corpus manuscript's word/document.xml the way an
// author's slip would (a paragraph removed, copied or swapped; a citation's year or a figure number changed), and
// names the finding the checks must then report. Edits are on whole paragraphs or on text inside one w:t, located
// from the scan packet and verified against the paragraph's text before anything is changed.
import type { ReviewMatch, ReviewTarget, ScanPacket } from '../../shared/contract.ts';
import type { CheckCode } from '../../shared/contract.ts';
import { readZip, writeZip } from '../../server/engine/package/zip.ts';

export type FaultKind = 'delete-entry' | 'uncite-entry' | 'duplicate-entry' | 'swap-entries' | 'change-year' | 'figure-past-last' | 'swap-first-mentions' | 'drop-caption';
export const FAULT_KINDS: FaultKind[] = ['delete-entry', 'uncite-entry', 'duplicate-entry', 'swap-entries', 'change-year', 'figure-past-last', 'swap-first-mentions', 'drop-caption'];

export interface Injected {
  kind: FaultKind;
  docx: Uint8Array;
  /** The finding that must appear: its code, and a target it must name (when the fault is about one). */
  expect: { code: CheckCode; related?: string };
}

/** [start, end) of every w:p in document order (nested ones too, as the model counts them), mc:Fallback skipped. */
function paragraphSpans(xml: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const open: number[] = [];
  const tag = /<(\/?)(w:p|mc:Fallback)(?=[\s>/])[^>]*?(\/?)>/g;
  let fallback = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const [, closing, name, selfClosing] = m;
    if (name === 'mc:Fallback') {
      if (selfClosing) continue;
      fallback += closing ? -1 : 1;
      continue;
    }
    if (fallback > 0) continue;
    if (selfClosing) { spans.push([m.index, m.index + m[0].length]); continue; }
    if (!closing) { open.push(spans.length); spans.push([m.index, -1]); continue; }
    const i = open.pop();
    if (i !== undefined) spans[i]![1] = m.index + m[0].length;
  }
  return spans;
}

const visible = (xml: string) => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!).join('').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

interface Doc {
  xml: string;
  spans: Array<[number, number]>;
}

function paragraphXml(doc: Doc, index: number, expectStart?: string): [number, number] | null {
  const span = doc.spans[index];
  if (!span || span[1] < 0) return null;
  if (expectStart !== undefined && !visible(doc.xml.slice(span[0], span[1])).trim().startsWith(expectStart.trim().slice(0, 20))) return null;
  return span;
}

function rebuild(original: Uint8Array, xml: string): Uint8Array {
  const zip = readZip(original);
  return writeZip(zip.names().map((name) => (name === 'word/document.xml' ? { name, data: new TextEncoder().encode(xml) } : { name, copyFrom: zip })));
}

/** Replaces the first occurrence of `from` inside one w:t of the paragraph with `to`. */
function replaceInParagraph(doc: Doc, index: number, from: string, to: string): string | null {
  const span = paragraphXml(doc, index);
  if (!span) return null;
  const para = doc.xml.slice(span[0], span[1]);
  const re = /(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g;
  for (let m = re.exec(para); m; m = re.exec(para)) {
    const at = m[2]!.indexOf(from);
    if (at < 0) continue;
    const text = m[2]!.slice(0, at) + to + m[2]!.slice(at + from.length);
    const changed = para.slice(0, m.index) + m[1] + text + m[3] + para.slice(m.index + m[0].length);
    return doc.xml.slice(0, span[0]) + changed + doc.xml.slice(span[1]);
  }
  return null;
}

const bibs = (p: ScanPacket) => p.targets.filter((t) => t.type === 'bibliography' && t.location.part === 'word/document.xml').sort((a, b) => (a.refIndex ?? 0) - (b.refIndex ?? 0));
const citationsOf = (p: ScanPacket, id: string) => p.matches.filter((m) => m.targetId === id && m.kind === 'citation');
const isFigure = (t: ReviewTarget) => t.type === 'figure' && /^[\p{L}.]+\s?\d+$/u.test(t.label) && t.location.part === 'word/document.xml';
const figureNumber = (t: ReviewTarget) => Number(/(\d+)$/.exec(t.label)![1]);
/** A mention's label as written ("Figure 2", "Fig. 2"), from its context. */
const written = (m: ReviewMatch) => `${/([A-Za-z]+\.?\s?)$/.exec(m.context?.before ?? '')?.[1] ?? ''}${m.sourceText}`;

/** Injects one fault of the kind into the manuscript, or null when this manuscript offers no place for it. */
export function inject(kind: FaultKind, docx: Uint8Array, packet: ScanPacket): Injected | null {
  const xml = readZip(docx).text('word/document.xml');
  const doc: Doc = { xml, spans: paragraphSpans(xml) };
  const list = bibs(packet);
  const middle = <T>(items: T[]): T | undefined => items[Math.floor(items.length / 2)];
  const cited = list.filter((t) => citationsOf(packet, t.targetId).some((m) => m.status === 'ready'));
  const numbered = packet.citeStyle === 'number' || packet.citeStyle === 'superscript';
  switch (kind) {
    case 'delete-entry': {
      const t = middle(cited.filter((e) => citationsOf(packet, e.targetId).length >= 1));
      const span = t && paragraphXml(doc, t.location.paragraph, t.text);
      if (!t || !span) return null;
      return { kind, docx: rebuild(docx, xml.slice(0, span[0]) + xml.slice(span[1])), expect: { code: 'citation-without-entry' } };
    }
    case 'uncite-entry': {
      // An entry every citation of which sits alone in one w:t: "[12]" (numeric) or "Smith, 2019" (author-date).
      for (const t of [...cited].sort((a, b) => citationsOf(packet, a.targetId).length - citationsOf(packet, b.targetId).length)) {
        const ms = citationsOf(packet, t.targetId);
        let out: string | null = xml;
        for (const m of [...ms].sort((a, b) => b.location.paragraph - a.location.paragraph)) {
          const from = numbered ? `[${m.sourceText}]` : m.sourceText;
          const d: Doc = { xml: out!, spans: paragraphSpans(out!) };
          out = replaceInParagraph(d, m.location.paragraph, from, numbered ? '' : 'Nobody, 1900');
          if (!out) break;
        }
        if (out) return { kind, docx: rebuild(docx, out), expect: { code: 'entry-not-cited', related: t.targetId } };
      }
      return null;
    }
    case 'duplicate-entry': {
      const t = middle(list);
      const span = t && paragraphXml(doc, t.location.paragraph, t.text);
      if (!t || !span) return null;
      const para = xml.slice(span[0], span[1]);
      return { kind, docx: rebuild(docx, xml.slice(0, span[1]) + para + xml.slice(span[1])), expect: { code: 'duplicate-entry', related: t.targetId } };
    }
    case 'swap-entries': {
      if (!numbered || list.length < 4) return null;
      const i = Math.floor(list.length / 2);
      const [a, b] = [list[i]!, list[i + 1]!];
      const sa = paragraphXml(doc, a.location.paragraph, a.text);
      const sb = paragraphXml(doc, b.location.paragraph, b.text);
      if (!sa || !sb || sb[0] < sa[1] || !/^\s*\[?\d/.test(a.text ?? '')) return null;
      const swapped = xml.slice(0, sa[0]) + xml.slice(sb[0], sb[1]) + xml.slice(sa[1], sb[0]) + xml.slice(sa[0], sa[1]) + xml.slice(sb[1]);
      return { kind, docx: rebuild(docx, swapped), expect: { code: 'reference-numbering' } };
    }
    case 'change-year': {
      if (packet.citeStyle !== 'author-year') return null;
      for (const m of packet.matches.filter((x) => x.kind === 'citation' && x.status === 'ready' && /\d{4}[a-z]?$/.test(x.sourceText))) {
        const year = /(\d{4})[a-z]?$/.exec(m.sourceText)![1]!;
        const to = m.sourceText.replace(/\d{4}([a-z]?)$/, `${Number(year) + 7}$1`);
        const out = replaceInParagraph(doc, m.location.paragraph, m.sourceText, to);
        if (out) return { kind, docx: rebuild(docx, out), expect: { code: 'citation-without-entry' } };
      }
      return null;
    }
    case 'figure-past-last': {
      const figures = packet.targets.filter(isFigure);
      const first = doc.spans[0];
      if (figures.length === 0 || !first) return null;
      const n = Math.max(...figures.map(figureNumber)) + 1;
      const added = `<w:p><w:r><w:t xml:space="preserve">As Figure ${n} shows, this was added.</w:t></w:r></w:p>`;
      return { kind, docx: rebuild(docx, xml.slice(0, first[0]) + added + xml.slice(first[0])), expect: { code: 'mention-without-target' } };
    }
    case 'swap-first-mentions': {
      const figures = packet.targets.filter(isFigure).sort((a, b) => figureNumber(a) - figureNumber(b));
      for (let i = 0; i + 1 < figures.length; i++) {
        const [a, b] = [figures[i]!, figures[i + 1]!];
        const ma = packet.matches.find((m) => m.targetId === a.targetId);
        const mb = packet.matches.find((m) => m.targetId === b.targetId);
        if (!ma || !mb || ma.location.paragraph === mb.location.paragraph || ma.location.paragraph > mb.location.paragraph) continue;
        const [wa, wb] = [written(ma), written(mb)];
        if (!/\D\d+$/.test(wa) || !/\D\d+$/.test(wb)) continue;
        const step = replaceInParagraph(doc, ma.location.paragraph, wa, wb);
        const out = step && replaceInParagraph({ xml: step, spans: paragraphSpans(step) }, mb.location.paragraph, wb, wa);
        if (out) return { kind, docx: rebuild(docx, out), expect: { code: 'mention-order', related: b.targetId } };
      }
      return null;
    }
    case 'drop-caption': {
      const t = middle(packet.targets.filter((x) => isFigure(x) && packet.matches.some((m) => m.targetId === x.targetId)));
      const span = t && paragraphXml(doc, t.location.paragraph, t.text);
      if (!t || !span) return null;
      return { kind, docx: rebuild(docx, xml.slice(0, span[0]) + xml.slice(span[1])), expect: { code: 'mention-without-target' } };
    }
  }
}
