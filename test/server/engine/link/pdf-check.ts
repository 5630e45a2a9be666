// Reads a rendered PDF's link annotations (python3-pypdf), its words with boxes and its page texts
// (poppler's pdftotext), and checks them against the links the DOCX carries.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Annotation { page: number; rect: number[]; uri?: string; dest?: number | null }
interface Word { x0: number; y0: number; x1: number; y1: number; text: string }

const PY = `
import sys, json
from pypdf import PdfReader
from pypdf.generic import IndirectObject
r = PdfReader(sys.argv[1])
pages = {p.indirect_reference.idnum: i + 1 for i, p in enumerate(r.pages)}
named = {}
try:
    for k, v in r.named_destinations.items(): named[k] = r.get_destination_page_number(v) + 1
except Exception: pass
out = []
for i, p in enumerate(r.pages):
    for a in p.get('/Annots') or []:
        a = a.get_object()
        if a.get('/Subtype') != '/Link': continue
        rec = {'page': i + 1, 'rect': [float(x) for x in a['/Rect']]}
        act = a.get('/A'); dest = a.get('/Dest')
        if act is not None:
            act = act.get_object()
            if act.get('/S') == '/URI': rec['uri'] = str(act['/URI'])
            elif act.get('/S') == '/GoTo': dest = act.get('/D')
        if dest is not None:
            dest = dest.get_object() if isinstance(dest, IndirectObject) else dest
            if isinstance(dest, str): rec['dest'] = named.get(str(dest))
            else: rec['dest'] = pages.get(dest[0].idnum) if hasattr(dest[0], 'idnum') else None
        out.append(rec)
print(json.dumps(out))
`;

export function readAnnotations(pdf: string): Annotation[] {
  const r = spawnSync('/usr/bin/python3', ['-c', PY, pdf], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`pypdf failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Annotation[];
}

/** Text of each page (1-based index 0 unused), white space removed. */
export function pageTexts(pdf: string): string[] {
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
  return ['', ...r.stdout.split('\f').map(squash)];
}

/** Words with boxes per page, and page heights (pdftotext -bbox). */
export function pageWords(pdf: string, htmlOut: string): { words: Word[][]; heights: number[] } {
  const r = spawnSync('pdftotext', ['-bbox', '-enc', 'UTF-8', pdf, htmlOut], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext -bbox failed: ${r.stderr}`);
  const html = readFileSync(htmlOut, 'utf8');
  const words: Word[][] = [[]], heights: number[] = [0];
  for (const page of html.split('<page ').slice(1)) {
    heights.push(Number(/height="([\d.]+)"/.exec(page)?.[1] ?? 0));
    const list: Word[] = [];
    for (const m of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      list.push({ x0: +m[1]!, y0: +m[2]!, x1: +m[3]!, y1: +m[4]!, text: m[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"') });
    }
    words.push(list);
  }
  return { words, heights };
}

export const squash = (s: string) => s.replace(/[\s\u00ad]+/g, '');
/** Letters and digits only, for comparing link text with the words under an annotation. */
export const norm = (s: string) => s.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();

/** Words overlapping an annotation rectangle (PDF coordinates, origin bottom left). */
export function textUnder(a: Annotation, words: Word[][], heights: number[]): string {
  const [x0, y0, x1, y1] = a.rect as [number, number, number, number];
  const h = heights[a.page]!;
  const top = h - Math.max(y0, y1), bottom = h - Math.min(y0, y1);
  const left = Math.min(x0, x1), right = Math.max(x0, x1);
  const onLine = (words[a.page] ?? []).filter((w) => w.y1 > top + 0.5 && w.y0 < bottom - 0.5);
  // Words whose centre lies in the rectangle; else (a link inside a word, e.g. "[1,2]") words overlapping it.
  const centred = onLine.filter((w) => (w.x0 + w.x1) / 2 >= left && (w.x0 + w.x1) / 2 <= right);
  const list = centred.length ? centred : onLine.filter((w) => w.x1 > left + 0.5 && w.x0 < right - 0.5);
  return list.map((w) => w.text).join(' ');
}

/** Pages whose text contains the start of a target paragraph (its first 30 visible characters). */
export function pagesOf(targetText: string, pages: string[]): number[] {
  const key = squash(targetText).slice(0, 30);
  if (key.length < 12) return []; // too short to place (e.g. an equation label)
  const out: number[] = [];
  for (let i = 1; i < pages.length; i++) if (pages[i]!.includes(key)) out.push(i);
  return out;
}
