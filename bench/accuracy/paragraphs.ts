// Reads the paragraphs of word/document.xml the way the gold file counts them, independently of the engine:
// every w:p in document order (table cells included), text = concatenation of its w:t texts. It also records
// where the engine's visible text has characters the gold text lacks (w:tab, w:br, w:cr, w:sym,
// w:noBreakHyphen: one character each in the engine's convention; m:t math text), so engine offsets can be translated.
// A small tokenizer, not a full XML parser: the bench must not depend on the engine it measures.

export interface ParagraphInfo {
  /** Gold text: concatenated w:t text. */
  text: string;
  /** Positions (code-point offsets into text) before which the engine sees one extra character each. */
  extras: number[];
  /** mc:Fallback paragraphs: counted by the gold convention (//w:body//w:p), skipped by the engine's. */
  inFallback: boolean;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (all, body: string) => {
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(cp) ? String.fromCodePoint(cp) : all;
    }
    return ENTITY[body] ?? all;
  });
}

const EXTRA_TAGS = new Set(['w:tab', 'w:br', 'w:cr', 'w:sym', 'w:noBreakHyphen']);

/** Splits document.xml into paragraphs. Paragraphs nested in text boxes are their own paragraphs. */
export function readParagraphs(xml: string): ParagraphInfo[] {
  const out: ParagraphInfo[] = [];
  // Stack of open paragraphs (text boxes nest a w:p inside a w:p); parts accumulate per paragraph.
  const stack: { info: ParagraphInfo; parts: string[]; cp: number }[] = [];
  let inBody = false;
  let runDepth = 0;
  let inText = false;
  let inMathText = false;
  let inDeleted = 0;
  let fallbackDepth = 0;
  const tag = /<(\/?)([A-Za-z][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(xml)) !== null) {
    const textChunk = m[6] ?? m[5];
    if (textChunk !== undefined) {
      if (inMathText && stack.length > 0 && inDeleted === 0) {
        // Office Math text (m:t) is visible text for the engine but not part of the gold w:t text.
        const top = stack[stack.length - 1]!;
        const t = m[6] !== undefined ? decodeXmlText(textChunk) : textChunk;
        for (let i = 0; i < t.length; i++) top.info.extras.push(top.cp);
        continue;
      }
      if (inText && stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const t = m[6] !== undefined ? decodeXmlText(textChunk) : textChunk;
        top.parts.push(t);
        for (const _ of t) top.cp++;
      }
      continue;
    }
    const name = m[2];
    if (name === undefined) continue;
    const closing = m[1] === '/';
    const selfClosing = m[4] === '/';
    if (name === 'w:body') {
      inBody = !closing;
      continue;
    }
    if (!inBody) continue;
    if (name === 'mc:Fallback') {
      if (!selfClosing) fallbackDepth += closing ? -1 : 1;
      continue;
    }
    if (name === 'w:del' || name === 'w:moveFrom') {
      if (!selfClosing) inDeleted += closing ? -1 : 1;
      continue;
    }
    if (name === 'w:p') {
      if (closing) {
        const top = stack.pop();
        if (top) top.info.text = top.parts.join('');
      } else {
        const info: ParagraphInfo = { text: '', extras: [], inFallback: fallbackDepth > 0 };
        out.push(info);
        if (!selfClosing) stack.push({ info, parts: [], cp: 0 });
      }
      continue;
    }
    if (name === 'w:r') {
      if (!selfClosing) runDepth += closing ? -1 : 1;
      continue;
    }
    if (name === 'm:t') {
      inMathText = !closing && !selfClosing;
      continue;
    }
    if (name === 'w:t') {
      inText = !closing && !selfClosing;
      continue;
    }
    if (!closing && runDepth > 0 && inDeleted === 0 && EXTRA_TAGS.has(name) && stack.length > 0) {
      const top = stack[stack.length - 1]!;
      top.info.extras.push(top.cp);
    }
  }
  return out;
}
