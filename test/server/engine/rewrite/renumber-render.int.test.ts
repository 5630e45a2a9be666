// Real-renderer check of a renumbering restyle: a Vancouver list cited out of order is restyled to IEEE and
// rendered to PDF by LibreOffice. The list comes out in the order of first citation, the text shows the new
// numbers, and every citation link lands on the page of its entry (one entry a page, each entry cited a
// different number of times, so a link landing on the wrong entry changes the counts).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseSettings } from '../../../../shared/settings.ts';
import { direct } from '../../../../server/engine/index.ts';
import { loadBundledStyle } from '../../../../server/csl/catalog.ts';
import { createBibliographyRenderer } from '../../../../server/csl/bibliography.ts';
import { rendererFor, type CslItem } from '../../../../server/csl/render.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';
import { pageTexts, pagesShowing, pdfDestinationName, readPdfLinks, squash } from '../../../helpers/pdf-check.ts';

// Made-up works.
const ITEMS: CslItem[] = ['Moss', 'Frost', 'Pigeons'].map((w, i) => ({
  id: `w${i}`, type: 'article-journal', author: [{ family: ['Brown', 'Kowalski', 'Nakamura'][i]!, given: 'A.' }],
  title: `${w} in the city`, 'container-title': 'Journal of Urban Ecology', volume: String(10 + i), issue: '2', page: `${10 * i + 1}-${10 * i + 9}`,
  issued: { 'date-parts': [[2001 + i]] },
}));

function texts(styleId: string, items = ITEMS): string[] {
  const s = loadBundledStyle(styleId)!;
  const out = rendererFor(`test:renumber-render:${styleId}:${items.map((x) => x.id).join()}`, () => s.xml).render(items);
  return items.map((it) => out.get(it.id)!.text);
}

const dir = mkdtempSync(join(tmpdir(), 'hl-renumber-render-'));
let outText: string[] = [];

before(async () => {
  const body = [
    p('Pigeons [3] are counted; pigeons [3] again; frost and pigeons [2, 3]; moss and frost [1, 2].'),
    p('References', 'Heading1'),
    ...texts('vancouver').map((e, i) => `<w:p><w:pPr><w:pageBreakBefore/></w:pPr>${r(`[${i + 1}] ${e}`)}</w:p>`),
  ].join('');
  const out = direct(await buildDocx({ body }), parseSettings({ doi: true, refTitleLink: false }), { bibliography: createBibliographyRenderer(loadBundledStyle('ieee')!) });
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  writeFileSync(join(dir, 'renumbered.docx'), out.docx);
  const res = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/lo-profile`, '--headless', '--convert-to', 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}', '--outdir', dir, join(dir, 'renumbered.docx')], { encoding: 'utf8', timeout: 180_000 });
  if (res.status !== 0) throw new Error(`soffice failed: ${res.stderr || res.error}`);
  outText = pageTexts(join(dir, 'renumbered.pdf'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('rendered: the list in first-citation order, new numbers in the text, each citation link on its entry\'s page', () => {
  const pdf = join(dir, 'renumbered.pdf');
  assert.ok(outText[1]!.includes(squash('Pigeons [1] are counted; pigeons [1] again; frost and pigeons [1, 2]; moss and frost [2, 3].')), outText[1]);
  const ieee = texts('ieee', [ITEMS[2]!, ITEMS[1]!, ITEMS[0]!]);
  const pageOf = ieee.map((e, i) => {
    const pages = pagesShowing(`[${i + 1}] ${e}`, outText);
    assert.equal(pages.length, 1, `entry [${i + 1}] ${e} is on one page`);
    return pages[0]!;
  });
  const { annots, named } = readPdfLinks(pdf);
  const byName = new Map(named.map((d) => [d.name, d.page]));
  const landed = new Map<number, number>();
  for (const a of annots.filter((x) => !x.uri)) {
    const page = a.destName !== undefined ? byName.get(a.destName) ?? byName.get(pdfDestinationName(a.destName)) : a.destPage;
    assert.ok(page, `link destination resolves: ${JSON.stringify(a)}`);
    landed.set(page!, (landed.get(page!) ?? 0) + 1);
  }
  // Pigeons (now [1]) is cited three times, Frost ([2]) twice, Moss ([3]) once.
  assert.deepEqual(pageOf.map((pg) => landed.get(pg) ?? 0), [3, 2, 1]);
});
