// Reads what LibreOffice rendered: link annotations with their destinations, named destinations
// (Word bookmarks exported as PDF destinations) and the text of each page.

import { spawnSync } from 'node:child_process';

export interface Annotation {
  page: number;
  /** External link URI. */
  uri?: string;
  /** Internal link destination: page and vertical position, or a destination name. */
  destPage?: number;
  destY?: number;
  destName?: string;
}

export interface NamedDestination {
  /** The name as LibreOffice wrote it (non-alphanumerics hex-encoded, e.g. _ as 5F). */
  name: string;
  page: number;
  y: number;
}

const PY = `
import sys, json
from pypdf import PdfReader
from pypdf.generic import IndirectObject
r = PdfReader(sys.argv[1])
pages = {p.indirect_reference.idnum: i + 1 for i, p in enumerate(r.pages)}
def explicit(d):
    d = d.get_object() if isinstance(d, IndirectObject) else d
    if isinstance(d, str): return {'destName': str(d)}
    ref = d[0]
    y = float(d[3]) if len(d) > 3 and d[3] is not None else None
    return {'destPage': pages.get(ref.idnum) if hasattr(ref, 'idnum') else None, 'destY': y}
named = []
for k, v in r.named_destinations.items():
    named.append({'name': str(k).lstrip('/'), 'page': r.get_destination_page_number(v) + 1, 'y': float(v.top) if v.top is not None else None})
annots = []
for i, p in enumerate(r.pages):
    for a in p.get('/Annots') or []:
        a = a.get_object()
        if a.get('/Subtype') != '/Link': continue
        rec = {'page': i + 1}
        act = a.get('/A'); dest = a.get('/Dest')
        if act is not None:
            act = act.get_object()
            if act.get('/S') == '/URI': rec['uri'] = str(act['/URI'])
            elif act.get('/S') == '/GoTo': dest = act.get('/D')
        if dest is not None: rec.update(explicit(dest))
        annots.append(rec)
print(json.dumps({'annots': annots, 'named': named}))
`;

/** Python with pypdf: Debian's python3-pypdf is installed for the system python. */
function python(): string {
  return process.env.PDF_PYTHON ?? '/usr/bin/python3';
}

export function readPdfLinks(pdf: string): { annots: Annotation[]; named: NamedDestination[] } {
  const r = spawnSync(python(), ['-c', PY, pdf], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`pypdf failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { annots: Annotation[]; named: NamedDestination[] };
}

/** Text of each page (index 0 unused), reduced to letters and digits. */
export function pageTexts(pdf: string): string[] {
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
  return ['', ...r.stdout.split('\f').map(squash)];
}

/** Letters and digits only (combining marks, punctuation and white space dropped), for comparing text the renderer may shape differently. */
export const squash = (s: string) => s.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '');

/** How LibreOffice writes a bookmark name as a PDF destination name: non-alphanumerics as hex. */
export function pdfDestinationName(bookmark: string): string {
  return bookmark.replace(/[^A-Za-z0-9]/g, (c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** Pages whose text contains the start of a target's text (its first 30 letters and digits). */
export function pagesShowing(targetText: string, pages: string[]): number[] {
  // An equation's label "(9)" is right-aligned by a tab and extracted as a line of its own: compare the body.
  const key = squash(targetText.replace(/\s*\(\s*[\w.]+\s*\)\s*$/, '')).slice(0, 30) || squash(targetText).slice(0, 30);
  if (key.length === 0) return [];
  const out: number[] = [];
  for (let i = 1; i < pages.length; i++) if (pages[i]!.includes(key)) out.push(i);
  return out;
}
