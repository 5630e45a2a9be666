// The engine counts offsets in code points (one per character, astral ones included); Word's strings,
// like all JavaScript strings, count UTF-16 code units. These convert between the two.

/** The UTF-16 index in `text` of the code point at `cp` (clamped to the text's end). */
export function cpToUtf16(text: string, cp: number): number {
  let u = 0;
  let n = 0;
  while (n < cp && u < text.length) {
    const c = text.charCodeAt(u);
    u += c >= 0xd800 && c <= 0xdbff && u + 1 < text.length ? 2 : 1;
    n++;
  }
  return u;
}

/** The code-point index of the UTF-16 index `u` in `text`. */
export function utf16ToCp(text: string, u: number): number {
  let i = 0;
  let n = 0;
  const end = Math.min(u, text.length);
  while (i < end) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1;
    n++;
  }
  return n;
}
