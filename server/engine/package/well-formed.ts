// The checks a part's bytes pass before they are parsed, so that a broken part is rejected with a
// reason instead of being read as an empty or truncated document (fast-xml-parser does not check
// that end tags match their start tags, and decoding replaces invalid bytes silently):
//
// * decodePart: UTF-8 (with or without a byte order mark) or UTF-16 with a byte order mark; anything
//   else that is not valid UTF-8 is `invalid-encoding`, and so is a NUL character (not allowed in XML).
//   A UTF-16 part is handed on as UTF-8 bytes with its declaration saying so, since it is written back
//   as UTF-8.
// * assertWellFormed: one linear pass over the markup: every end tag closes the element opened last,
//   under the same name; one root element; nothing but comments, processing instructions and white
//   space after it; every `&` in text and attribute values starts one of the five predefined entity
//   references or a character reference (package XML has no DTD, so no other entity is declared: `&foo;`
//   is a fatal error in XML, and read as text it would be split or escaped into literal text by a link).
//   Otherwise `malformed-xml`.

import { isUtf8 } from 'node:buffer';
import { DocxRejectedError } from '../errors.ts';

const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, BANG = 0x21, QUESTION = 0x3f, DQUOTE = 0x22, SQUOTE = 0x27, AMP = 0x26, SEMI = 0x3b;

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** Length of the reference starting at b[at] ('&'), through its ';'; 0 when it is not a predefined entity or character reference. */
function referenceLength(b: Uint8Array, at: number): number {
  const semi = b.indexOf(SEMI, at + 1);
  if (semi < 0 || semi - at > 12) return 0;
  const body = Buffer.from(b.buffer, b.byteOffset + at + 1, semi - at - 1).toString('latin1');
  if (PREDEFINED.has(body) || /^#(?:[0-9]+|x[0-9A-Fa-f]+)$/.test(body)) return semi - at + 1;
  return 0;
}

function invalid(partName: string, detail: string): DocxRejectedError {
  return new DocxRejectedError('invalid-encoding', `part '${partName}' ${detail}`);
}

/** The part as UTF-8 bytes: UTF-16 parts (byte order mark) are converted; invalid bytes and NUL are rejected. */
export function decodePart(bytes: Uint8Array, partName: string): Uint8Array {
  const b0 = bytes[0], b1 = bytes[1];
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    let text: string;
    try {
      text = new TextDecoder(b0 === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes);
    } catch {
      throw invalid(partName, 'is not valid UTF-16 text');
    }
    if (text.includes('\u0000')) throw invalid(partName, 'contains a NUL character');
    // The declaration names the encoding the bytes are in; they are UTF-8 from here on.
    text = text.replace(/^(<\?xml[^>]*?encoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2');
    return Buffer.from(text, 'utf8');
  }
  if (!isUtf8(bytes)) throw invalid(partName, 'is not valid UTF-8 (and has no UTF-16 byte order mark)');
  if (bytes.indexOf(0) >= 0) throw invalid(partName, 'contains a NUL byte');
  return bytes;
}

function malformed(partName: string, detail: string): DocxRejectedError {
  return new DocxRejectedError('malformed-xml', `part '${partName}' is not well-formed XML (${detail})`);
}

function isNameEnd(c: number): boolean {
  return c === GT || c === SLASH || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Whether b[a, a + n) and b[c, c + n) hold the same bytes (a name of a few bytes: a loop beats a native call). */
function sameBytes(b: Uint8Array, a: number, c: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (b[a + i] !== b[c + i]) return false;
  return true;
}

/** Rejects a part whose tags do not nest (mismatched or unclosed end tags, several roots, text after the root). */
export function assertWellFormed(b: Uint8Array, partName: string): void {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  // Open elements: start offset and length of each name.
  let starts = new Int32Array(64), lengths = new Int32Array(64);
  let depth = 0;
  let rootClosed = false;
  let pos = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  // The next '&' of the part: those inside [from, to) of text or a tag are checked, those in comments,
  // CDATA sections and processing instructions (never passed here) are skipped over.
  let amp = b.indexOf(AMP, pos);
  const checkReferences = (from: number, to: number): void => {
    while (amp >= 0 && amp < to) {
      if (amp >= from) {
        const n = referenceLength(b, amp);
        if (n === 0) {
          const name = /^&[^\s<>&;"']{0,30};?/.exec(buf.toString('utf8', amp, Math.min(b.length, amp + 32)))?.[0] ?? '&';
          throw malformed(partName, `'${name}' is not a predefined entity or character reference, and package XML declares no others`);
        }
      }
      amp = b.indexOf(AMP, amp + 1);
    }
  };
  for (;;) {
    const lt = b.indexOf(LT, pos);
    const textEnd = lt < 0 ? b.length : lt;
    if (depth === 0) {
      for (let i = pos; i < textEnd; i++) {
        if (!isSpace(b[i])) throw malformed(partName, rootClosed ? 'text after the root element' : 'text before the root element');
      }
    } else if (amp >= 0 && amp < textEnd) checkReferences(pos, textEnd);
    if (lt < 0) break;
    const c = b[lt + 1];
    if (c === BANG) {
      let close: string;
      if (buf.toString('latin1', lt, lt + 4) === '<!--') close = '-->';
      else if (buf.toString('latin1', lt, lt + 9) === '<![CDATA[') close = ']]>';
      else close = '>'; // a DOCTYPE: assertNoDtd rejects it
      const at = buf.indexOf(close, lt + 2, 'latin1');
      if (at < 0) throw malformed(partName, 'unterminated comment or CDATA section');
      if (close === ']]>' && depth === 0) throw malformed(partName, 'character data outside the root element');
      pos = at + close.length;
      continue;
    }
    if (c === QUESTION) {
      const at = buf.indexOf('?>', lt + 2, 'latin1');
      if (at < 0) throw malformed(partName, 'unterminated processing instruction');
      pos = at + 2;
      continue;
    }
    if (c === SLASH) {
      let e = lt + 2;
      while (e < b.length && !isNameEnd(b[e]!)) e++;
      const gt = b.indexOf(GT, e);
      if (gt < 0) throw malformed(partName, 'unterminated end tag');
      for (let i = e; i < gt; i++) if (!isSpace(b[i])) throw malformed(partName, 'junk in an end tag');
      if (depth === 0) throw malformed(partName, `end tag </${buf.toString('utf8', lt + 2, e)}> without a start tag`);
      depth--;
      const s = starts[depth]!, n = lengths[depth]!;
      if (n !== e - lt - 2 || !sameBytes(b, lt + 2, s, n)) {
        throw malformed(partName, `<${buf.toString('utf8', s, s + n)}> closed by </${buf.toString('utf8', lt + 2, e)}>`);
      }
      if (depth === 0) rootClosed = true;
      pos = gt + 1;
      continue;
    }
    // A start tag or an empty-element tag.
    const nameStart = lt + 1;
    let e = nameStart;
    while (e < b.length && !isNameEnd(b[e]!) && b[e] !== LT) e++;
    if (e === nameStart) throw malformed(partName, "a '<' that starts no tag");
    let i = e;
    for (; i < b.length; i++) {
      const x = b[i];
      if (x === GT) break;
      if (x === LT) throw malformed(partName, `unterminated start tag <${buf.toString('utf8', nameStart, e)}>`);
      if (x === DQUOTE || x === SQUOTE) {
        i = b.indexOf(x, i + 1);
        if (i < 0) break;
      }
    }
    if (i < 0 || i >= b.length) throw malformed(partName, `unterminated start tag <${buf.toString('utf8', nameStart, e)}>`);
    if (amp >= 0 && amp < i) checkReferences(e, i);
    if (depth === 0 && rootClosed) throw malformed(partName, 'a second root element');
    if (b[i - 1] === SLASH) {
      if (depth === 0) rootClosed = true;
    } else {
      if (depth === starts.length) {
        const s2 = new Int32Array(depth * 2), l2 = new Int32Array(depth * 2);
        s2.set(starts); l2.set(lengths);
        starts = s2; lengths = l2;
      }
      starts[depth] = nameStart;
      lengths[depth] = e - nameStart;
      depth++;
    }
    pos = i + 1;
  }
  if (depth > 0) throw malformed(partName, `<${buf.toString('utf8', starts[depth - 1]!, starts[depth - 1]! + lengths[depth - 1]!)}> is never closed`);
  if (!rootClosed) throw malformed(partName, 'no root element');
}
