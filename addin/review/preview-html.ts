// The formatted rendering of a style preview entry (afterHtml of POST /hyperlink-style-preview) read as
// plain data: text pieces with the formatting the service marks (<i>, <b>, <sup>, <sub>, small caps).
// Nothing of the server's HTML reaches the DOM as HTML: unknown tags are dropped (their text kept as
// text), entities are decoded into text, and React escapes the text again when it renders it.

export interface FormattedPiece {
  text: string;
  italic?: boolean;
  bold?: boolean;
  superscript?: boolean;
  subscript?: boolean;
  smallCaps?: boolean;
}

type Mark = 'italic' | 'bold' | 'superscript' | 'subscript' | 'smallCaps';

const TAGS: Record<string, Mark> = { i: 'italic', em: 'italic', b: 'bold', strong: 'bold', sup: 'superscript', sub: 'subscript' };
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The tag's formatting mark, or null (an unknown tag: dropped, its text kept). */
function markOf(tag: string): Mark | null {
  const name = /^<\/?\s*([a-z0-9]+)/i.exec(tag)?.[1]?.toLowerCase() ?? '';
  if (TAGS[name]) return TAGS[name]!;
  if (name === 'span' && /small-caps/i.test(tag)) return 'smallCaps';
  return null;
}

export function parsePreviewHtml(html: string): FormattedPiece[] {
  const out: FormattedPiece[] = [];
  // a stack of open tags (null for tags that carry no formatting, so their closing tag pops the right one)
  const open: Array<{ name: string; mark: Mark | null }> = [];
  const push = (raw: string) => {
    const text = decode(raw);
    if (!text) return;
    const piece: FormattedPiece = { text };
    for (const o of open) if (o.mark) piece[o.mark] = true;
    const last = out[out.length - 1];
    if (last && sameMarks(last, piece)) last.text += text;
    else out.push(piece);
  };
  const re = /<[^>]*>/g;
  let at = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    push(html.slice(at, m.index));
    at = m.index + m[0].length;
    const tag = m[0];
    const name = /^<\/?\s*([a-z0-9]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (!name || tag.endsWith('/>')) continue;
    if (tag.startsWith('</')) {
      const i = open.map((o) => o.name).lastIndexOf(name);
      if (i >= 0) open.splice(i, 1);
    } else {
      open.push({ name, mark: markOf(tag) });
    }
  }
  push(html.slice(at));
  return out;
}

function sameMarks(a: FormattedPiece, b: FormattedPiece): boolean {
  return !!a.italic === !!b.italic && !!a.bold === !!b.bold && !!a.superscript === !!b.superscript && !!a.subscript === !!b.subscript && !!a.smallCaps === !!b.smallCaps;
}
