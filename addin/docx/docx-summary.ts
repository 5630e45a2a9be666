// What a DOCX holds that a whole-document replace can lose, read cheaply in the pane (JSZip and
// tag scans, no full parse): the body's text, text-box text, links (w:hyperlink and HYPERLINK fields),
// the engine's persisted link records, list numbering and document settings. Apply's output and the
// document Word hands back after the replace are summarised alike and compared (verify.ts).
import JSZip from 'jszip';
import { paragraphMap, type ParagraphMap } from './paragraph-map.ts';
import { S } from '../strings.ts';

export const PERSISTED_NS = 'urn:hyperlinker:links:1';

export interface DocxSummary {
  /** Body paragraphs' visible text (w:t, tabs as \t), text boxes excluded. */
  paragraphs: string[];
  /** Text inside text boxes, joined. */
  textBoxText: string;
  /** w:hyperlink elements plus HYPERLINK fields, all parts. */
  links: number;
  /** Link records in the engine's custom XML part, or null when the part is missing. */
  persistedLinks: number | null;
  /** Paragraphs carrying list numbering (w:numPr) in document.xml. */
  numberedParagraphs: number;
  hasNumberingPart: boolean;
  hasSettingsPart: boolean;
  /** Paragraph numbering of document.xml (engine vs Word body), for locating matches. */
  paragraphMap: ParagraphMap;
}

const TEXT_TAGS = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<(\/?)w:p(?=[\s>/])([^>]*)>|<(\/?)(w:txbxContent|mc:Fallback|w:del)(?=[\s>/])[^>]*>/g;

function unescape(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#x?[0-9a-fA-F]+);/g, (all, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : all;
  });
}

/** Body paragraph texts and text-box text of a document.xml. */
export function documentText(xml: string): { paragraphs: string[]; textBoxText: string } {
  const paragraphs: string[] = [];
  const boxParts: string[] = [];
  const stack: { box: boolean; text: string }[] = [];
  let box = 0;
  let fallback = 0;
  let del = 0;
  for (const m of xml.matchAll(TEXT_TAGS)) {
    const all = m[0];
    if (m[5]) {
      const d = m[4] === '/' ? -1 : all.endsWith('/>') ? 0 : 1;
      if (m[5] === 'w:txbxContent') box += d;
      else if (m[5] === 'mc:Fallback') fallback += d;
      else del += d;
      continue;
    }
    if (fallback > 0) continue;
    if (all.startsWith('<w:p') || all.startsWith('</w:p')) {
      if (m[2] === '/') {
        const p = stack.pop();
        if (p) (p.box ? boxParts : paragraphs).push(p.text);
      } else if ((m[3] ?? '').endsWith('/')) {
        (box > 0 ? boxParts : paragraphs).push('');
      } else {
        stack.push({ box: box > 0, text: '' });
      }
      continue;
    }
    if (del > 0) continue;
    const top = stack[stack.length - 1];
    if (!top) continue;
    top.text += all === '<w:tab/>' ? '\t' : unescape(m[1] ?? '');
  }
  return { paragraphs, textBoxText: boxParts.join('\n') };
}

function countLinks(xml: string): number {
  const elements = xml.match(/<w:hyperlink[\s>]/g)?.length ?? 0;
  const simple = xml.match(/<w:fldSimple[^>]*w:instr="\s*HYPERLINK/g)?.length ?? 0;
  const complex = xml.match(/<w:instrText[^>]*>\s*HYPERLINK/g)?.length ?? 0;
  return elements + simple + complex;
}

const LINK_PARTS = /^word\/(document|footnotes|endnotes|header\d*|footer\d*|comments)\.xml$/i;

export async function summarizeDocx(bytes: Uint8Array): Promise<DocxSummary> {
  const zip = await JSZip.loadAsync(bytes);
  const doc = zip.file('word/document.xml');
  if (!doc) throw new Error(S.errors.noDocumentXml);
  const documentXml = await doc.async('string');
  const { paragraphs, textBoxText } = documentText(documentXml);
  let links = 0;
  let persistedLinks: number | null = null;
  for (const name of Object.keys(zip.files)) {
    const entry = zip.files[name]!;
    if (entry.dir) continue;
    if (LINK_PARTS.test(name)) links += countLinks(name === 'word/document.xml' ? documentXml : await entry.async('string'));
    else if (/^customXml\/item\d+\.xml$/i.test(name)) {
      const xml = await entry.async('string');
      if (xml.includes(PERSISTED_NS)) persistedLinks = (persistedLinks ?? 0) + (xml.match(/<hl:link\s/g)?.length ?? 0);
    }
  }
  return {
    paragraphs,
    textBoxText,
    links,
    persistedLinks,
    numberedParagraphs: documentXml.match(/<w:numPr[\s>]/g)?.length ?? 0,
    hasNumberingPart: zip.file('word/numbering.xml') !== null,
    hasSettingsPart: zip.file('word/settings.xml') !== null,
    paragraphMap: paragraphMap(documentXml),
  };
}
