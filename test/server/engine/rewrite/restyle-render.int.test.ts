// Real-renderer check of restyles that change the in-text citations, rendered to PDF by LibreOffice: a
// Vancouver list cited out of order restyled to IEEE (renumbered in the order of first citation), and the
// same manuscript converted to APA (numbers → author-date). The text shows the new citations, and every
// citation link lands on the page of its entry (one entry a page, each entry cited a different number of
// times, so a link landing on the wrong entry changes the counts).

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
  const out = rendererFor(`test:restyle-render:${styleId}:${items.map((x) => x.id).join()}`, () => s.xml).render(items);
  return items.map((it) => out.get(it.id)!.text);
}

const dir = mkdtempSync(join(tmpdir(), 'hl-restyle-render-'));
const pagesOf = new Map<string, string[]>();

function toPdf(name: string, docx: Uint8Array): void {
  writeFileSync(join(dir, `${name}.docx`), docx);
  const res = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/lo-profile`, '--headless', '--convert-to', 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}', '--outdir', dir, join(dir, `${name}.docx`)], { encoding: 'utf8', timeout: 180_000 });
  if (res.status !== 0) throw new Error(`soffice failed: ${res.stderr || res.error}`);
  pagesOf.set(name, pageTexts(join(dir, `${name}.pdf`)));
}

before(async () => {
  const body = [
    // One citation a line: a link broken over two lines would be two annotations.
    ...['Pigeons [3] are counted.', 'Pigeons [3] again.', 'Frost and pigeons [2, 3].', 'Moss and frost [1, 2].'].map((x) => p(x)),
    p('References', 'Heading1'),
    ...texts('vancouver').map((e, i) => `<w:p><w:pPr><w:pageBreakBefore/></w:pPr>${r(`[${i + 1}] ${e}`)}</w:p>`),
  ].join('');
  const input = await buildDocx({ body });
  for (const style of ['ieee', 'apa']) {
    const out = direct(input, parseSettings({ doi: true, refTitleLink: false }), { bibliography: createBibliographyRenderer(loadBundledStyle(style)!) });
    assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
    toPdf(style, out.docx);
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** How many citation links land on the page of each entry, in the order given. */
function landings(name: string, entryTexts: string[]): number[] {
  const pages = pagesOf.get(name)!;
  const pageOf = entryTexts.map((e) => {
    const on = pagesShowing(e, pages);
    assert.equal(on.length, 1, `entry ${e} is on one page`);
    return on[0]!;
  });
  const { annots, named } = readPdfLinks(join(dir, `${name}.pdf`));
  const byName = new Map(named.map((d) => [d.name, d.page]));
  const landed = new Map<number, number>();
  for (const a of annots.filter((x) => !x.uri)) {
    const page = a.destName !== undefined ? byName.get(a.destName) ?? byName.get(pdfDestinationName(a.destName)) : a.destPage;
    assert.ok(page, `link destination resolves: ${JSON.stringify(a)}`);
    landed.set(page!, (landed.get(page!) ?? 0) + 1);
  }
  return pageOf.map((pg) => landed.get(pg) ?? 0);
}

test('rendered, renumbered: the list in first-citation order, new numbers in the text, each citation link on its entry\'s page', () => {
  assert.ok(pagesOf.get('ieee')![1]!.includes(squash('Pigeons [1] are counted. Pigeons [1] again. Frost and pigeons [1, 2]. Moss and frost [2, 3].')), pagesOf.get('ieee')![1]);
  const ieee = texts('ieee', [ITEMS[2]!, ITEMS[1]!, ITEMS[0]!]).map((e, i) => `[${i + 1}] ${e}`);
  // Pigeons (now [1]) is cited three times, Frost ([2]) twice, Moss ([3]) once.
  assert.deepEqual(landings('ieee', ieee), [3, 2, 1]);
});

test('rendered, converted to APA: author-date citations in the text, each linked to its entry\'s page', () => {
  const text = 'Pigeons (Nakamura, 2003) are counted. Pigeons (Nakamura, 2003) again. Frost and pigeons (Kowalski, 2002; Nakamura, 2003). Moss and frost (Brown, 2001; Kowalski, 2002).';
  assert.ok(pagesOf.get('apa')![1]!.includes(squash(text)), pagesOf.get('apa')![1]);
  // APA sorts by author: Brown (Moss), Kowalski (Frost), Nakamura (Pigeons).
  assert.deepEqual(landings('apa', texts('apa')), [1, 2, 3]);
});
