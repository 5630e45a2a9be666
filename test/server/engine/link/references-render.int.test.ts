// Real-renderer check of reference links from resolved works: documents built here are linked with
// resolvedWorks, rendered to PDF by LibreOffice, and every doi.org link annotation is read back with
// the text under it: the whole entry (without its label), the DOI written, or the title with
// refTitleLink, each pointing at the resolved DOI. The rendered text is the same as without links.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ResolvedWork } from '../../../../shared/contract.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { apply, scan } from '../../../../server/engine/index.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';
import { pageTexts, squash } from '../../../helpers/pdf-check.ts';

const ENTRY1 = '1. Smith J, Jones K. Variability of neural activity in the cortex of awake mice. J Neurosci. 2020;40(3):123-130.';
const ENTRY2 = '2. Doe A. A second study of things seen in the field. Nature. 2019;571:45-49. doi:10.1038/s41586-019-1234-5';
const ENTRY3 = '3. Roe B. Third paper on matters of some importance. Science. 2018;360:1-5.';
const BODY = p('Results agree with [1], [2] and [3].') + p('References', 'Heading1') + p(ENTRY1) + p(ENTRY2) + p(ENTRY3);
const WORKS: Record<string, ResolvedWork> = {
  'bib-1': { doi: '10.1523/jneurosci.0001-20.2020', title: 'Variability', confidence: 0.98, citationImpact: 'link-only-safe', transactionPlan: null, status: 'ready' },
  'bib-2': { doi: '10.1038/s41586-019-9999-9', title: 'A second study', confidence: 0.95, citationImpact: 'link-only-safe', transactionPlan: null, status: 'ready' },
  'bib-3': { doi: '10.1126/science.aaa0003', title: 'Third paper', confidence: 0.96, citationImpact: 'link-only-safe', transactionPlan: null, status: 'ready' },
};
/** What each document's links must show, by URL. */
const EXPECTED: Record<string, Record<string, string>> = {
  entry: {
    'https://doi.org/10.1523/jneurosci.0001-20.2020': ENTRY1.slice(3),
    'https://doi.org/10.1038/s41586-019-9999-9': '10.1038/s41586-019-1234-5',
    'https://doi.org/10.1126/science.aaa0003': ENTRY3.slice(3),
  },
  title: {
    'https://doi.org/10.1523/jneurosci.0001-20.2020': 'Variability of neural activity in the cortex of awake mice',
    'https://doi.org/10.1038/s41586-019-9999-9': 'A second study of things seen in the field',
    'https://doi.org/10.1126/science.aaa0003': 'Third paper on matters of some importance',
  },
};

const PY = `
import sys, json
from pypdf import PdfReader
r = PdfReader(sys.argv[1])
out = []
for i, page in enumerate(r.pages):
    h = float(page.mediabox.height)
    for a in page.get('/Annots') or []:
        a = a.get_object()
        act = a.get('/A')
        if a.get('/Subtype') != '/Link' or act is None: continue
        act = act.get_object()
        if act.get('/S') != '/URI': continue
        x1, y1, x2, y2 = [float(v) for v in a['/Rect']]
        out.append({'page': i + 1, 'uri': str(act['/URI']), 'x': x1, 'y': h - y2, 'w': x2 - x1, 'h': y2 - y1})
print(json.dumps(out))
`;

const dir = mkdtempSync(join(tmpdir(), 'hl-refs-render-'));
let plainPages: string[] = [];

before(async () => {
  const bytes = await buildDocx({ body: BODY });
  writeFileSync(join(dir, 'plain.docx'), bytes);
  for (const [name, refTitleLink] of [['entry', false], ['title', true]] as const) {
    const settings = parseSettings({ doi: true, refTitleLink });
    const packet = scan(bytes, settings);
    const decisions = packet.matches.filter((m) => m.kind === 'citation').map((m) => ({ refId: m.refId, status: 'approved' as const }));
    writeFileSync(join(dir, `${name}.docx`), apply(bytes, settings, decisions, { resolvedWorks: WORKS }).docx);
  }
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/lo-profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...['plain', 'entry', 'title'].map((n) => join(dir, `${n}.docx`))], { encoding: 'utf8', timeout: 180_000 });
  if (r.status !== 0) throw new Error(`soffice failed: ${r.stderr || r.error}`);
  plainPages = pageTexts(join(dir, 'plain.pdf'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The text LibreOffice rendered inside a rectangle of a page (pdftotext's crop box, in points). */
function textIn(pdf: string, a: { page: number; x: number; y: number; w: number; h: number }): string {
  const r = spawnSync('pdftotext', ['-f', String(a.page), '-l', String(a.page), '-r', '72', '-x', String(Math.floor(a.x)), '-y', String(Math.floor(a.y)), '-W', String(Math.ceil(a.w)), '-H', String(Math.ceil(a.h)), '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
  return r.stdout;
}

for (const name of ['entry', 'title'] as const) {
  test(`rendered reference links carry the resolved DOI over the right text (${name === 'entry' ? 'entry or DOI written' : 'refTitleLink: title'})`, () => {
    const pdf = join(dir, `${name}.pdf`);
    const r = spawnSync('/usr/bin/python3', ['-c', PY, pdf], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pypdf failed: ${r.stderr}`);
    const annots = JSON.parse(r.stdout) as { page: number; uri: string; x: number; y: number; w: number; h: number }[];
    assert.deepEqual([...new Set(annots.map((a) => a.uri))].sort(), Object.keys(EXPECTED[name]!).sort());
    for (const [uri, text] of Object.entries(EXPECTED[name]!)) {
      const under = squash(annots.filter((a) => a.uri === uri).map((a) => textIn(pdf, a)).join(''));
      const want = squash(text);
      assert.ok(under.includes(want.slice(0, 12)) && under.includes(want.slice(-8)), `${uri}: text under the link '${under}' should be '${want}'`);
      assert.ok(under.length <= want.length + 8, `${uri}: the link covers more than its text ('${under}')`);
    }
    assert.deepEqual(pageTexts(pdf), plainPages, 'linking changed no rendered text');
  });
}
