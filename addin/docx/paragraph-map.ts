// The engine numbers every w:p of a part in document order, text-box paragraphs included (mc:Fallback
// copies excluded); Word's body.paragraphs leaves text-box content out. This map converts between the
// two numberings, read from the scanned document.xml with a tag scan (no DOM, no full parse).

export interface ParagraphMap {
  /** For each engine paragraph index: true when the paragraph is inside a text box. */
  readonly inTextBox: readonly boolean[];
}

const TAG = /<(\/?)(w:p|w:txbxContent|mc:Fallback)(?=[\s>/])([^>]*)>/g;

export function paragraphMap(documentXml: string): ParagraphMap {
  const inTextBox: boolean[] = [];
  let textBox = 0;
  let fallback = 0;
  for (const m of documentXml.matchAll(TAG)) {
    const closing = m[1] === '/';
    const name = m[2];
    const selfClosing = (m[3] ?? '').endsWith('/');
    if (name === 'mc:Fallback') {
      if (!selfClosing) fallback += closing ? -1 : 1;
    } else if (name === 'w:txbxContent') {
      if (!selfClosing) textBox += closing ? -1 : 1;
    } else if (!closing && fallback === 0) {
      inTextBox.push(textBox > 0);
    }
  }
  return { inTextBox };
}

/** Index in Word's body.paragraphs of the engine's paragraph, or null when it is inside a text box. */
export function toBodyIndex(map: ParagraphMap | null, engineIndex: number): number | null {
  if (!map) return engineIndex;
  if (map.inTextBox[engineIndex]) return null;
  let n = 0;
  const end = Math.min(engineIndex, map.inTextBox.length);
  for (let i = 0; i < end; i++) if (!map.inTextBox[i]) n++;
  return n + Math.max(0, engineIndex - map.inTextBox.length);
}

/** The engine's paragraph index of Word's body paragraph `bodyIndex`. */
export function toEngineIndex(map: ParagraphMap | null, bodyIndex: number): number {
  if (!map) return bodyIndex;
  let n = -1;
  for (let i = 0; i < map.inTextBox.length; i++) {
    if (!map.inTextBox[i]) n++;
    if (n === bodyIndex) return i;
  }
  return map.inTextBox.length + (bodyIndex - n - 1);
}
