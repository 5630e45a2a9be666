// Real-renderer check of a bibliography rewrite: a manuscript with an IEEE list is linked and rewritten
// in Elsevier (with titles), then rendered to PDF by LibreOffice. Every citation link lands on a named destination (the
// entry's bookmark) on the page that shows the rewritten entry, the DOI link is rendered, and the
// entries read as citeproc's Elsevier rendering.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseSettings } from '../../../../shared/settings.ts';
import { direct } from '../../../../server/engine/index.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { loadBundledStyle } from '../../../../server/csl/catalog.ts';
import { createBibliographyRenderer } from '../../../../server/csl/bibliography.ts';
import { rendererFor, type CslItem } from '../../../../server/csl/render.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';
import { pageTexts, pagesShowing, pdfDestinationName, readPdfLinks, squash } from '../../../helpers/pdf-check.ts';

// Made-up works.
const ITEMS: CslItem[] = [
  { id: 'a', type: 'article-journal', author: [{ family: 'Brown', given: 'A. M.' }], title: 'Moss growth on north-facing walls', 'container-title': 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119', issued: { 'date-parts': [[2004]] }, DOI: '10.5555/moss.2004.12' },
  { id: 'b', type: 'article-journal', author: [{ family: 'Kowalski', given: 'P.' }, { family: 'Lee', given: 'D.' }], title: 'Frost cracking in limestone facades', 'container-title': 'Stone Review', volume: '7', issue: '1', page: '33-40', issued: { 'date-parts': [[1999]] } },
  { id: 'c', type: 'article-journal', author: [{ family: 'Nakamura', given: 'Y.' }], title: 'A census of city pigeons', 'container-title': 'Bird Counts', volume: '41', issue: '2', page: '5-18', issued: { 'date-parts': [[2016]] } },
];

function texts(styleId: string): string[] {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(`test:${styleId}`, () => s.xml).render(ITEMS);
  return ITEMS.map((it) => out.get(it.id)!.text);
}

const dir = mkdtempSync(join(tmpdir(), 'hl-rewrite-render-'));
let bookmarks: Map<string, string> = new Map();

before(async () => {
  const body = [
    p('Walls grow moss [1], stone cracks [2] and pigeons were counted [3].'),
    p('References', 'Heading1'),
    ...texts('ieee').map((e, i) => p(`[${i + 1}] ${e}`)),
  ].join('');
  const input = await buildDocx({ body });
  const out = direct(input, parseSettings({ doi: true, refTitleLink: false }), { bibliography: createBibliographyRenderer(loadBundledStyle('elsevier-with-titles')!) });
  assert.equal(out.stats?.bibliographyRewritten, ITEMS.length, out.warnings?.join('\n'));
  writeFileSync(join(dir, 'rewritten.docx'), out.docx);
  const model = buildModel(openDocx(out.docx));
  bookmarks = new Map(model.paragraphs.flatMap((x) => x.bookmarks.map((b) => [b.name, x.text] as [string, string])));
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/lo-profile`, '--headless', '--convert-to', 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}', '--outdir', dir, join(dir, 'rewritten.docx')], { encoding: 'utf8', timeout: 180_000 });
  if (r.status !== 0) throw new Error(`soffice failed: ${r.stderr || r.error}`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('rendered: citation links land on the rewritten entries, the DOI link survives, entries read as Elsevier', () => {
  const pdf = join(dir, 'rewritten.pdf');
  const { annots, named } = readPdfLinks(pdf);
  const pages = pageTexts(pdf);
  const elsevier = texts('elsevier-with-titles');
  for (const [i, e] of elsevier.entries()) assert.ok(pages.join('').includes(squash(`[${i + 1}] ${e}`)), `entry ${i + 1} rendered as Elsevier`);
  assert.ok(annots.some((a) => a.uri === 'https://doi.org/10.5555/moss.2004.12'), `the DOI link is rendered: ${JSON.stringify(annots)}`);
  const internal = annots.filter((a) => !a.uri);
  assert.equal(internal.length, 3);
  const byName = new Map(named.map((d) => [d.name, d]));
  for (const [name, text] of bookmarks) {
    const dest = byName.get(pdfDestinationName(name));
    assert.ok(dest, `bookmark ${name} exported`);
    assert.ok(pagesShowing(text, pages).includes(dest.page), `bookmark ${name} is on the page showing its entry`);
  }
});
