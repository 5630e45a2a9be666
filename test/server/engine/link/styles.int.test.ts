// A document without a styles part, linked and rendered to PDF by LibreOffice: its links (a DOI, a citation)
// are in the PDF, carried by the Hyperlink style the linker adds in a new styles part.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';
import { readPdfLinks } from '../../../helpers/pdf-check.ts';
import { analyse, approveReady, SETTINGS } from './pipeline.ts';

const dir = mkdtempSync(join(tmpdir(), 'hl-nostyles-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('no styles part: the linked document renders with its links (python-docx sty-having-no-styles-part.docx)', async () => {
  const body =
    p('Results were reported before [1], see also doi:10.1000/xyz.123 for the data.') +
    p('References') +
    p('1. Smith J. A title of a paper. Journal of Things. 2020;12:34-56.');
  const bytes = await buildDocx({ body, styles: null });
  const input = analyse(bytes, SETTINGS);
  const out = applyAnalysis(input, bytes, approveReady(input));
  assert.ok(out.linkCount >= 2, `links written: ${out.linkCount}`);
  writeFileSync(join(dir, 'linked.docx'), out.docx);
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/lo-profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'linked.docx')], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  const { annots } = readPdfLinks(join(dir, 'linked.pdf'));
  assert.ok(annots.some((a) => a.uri === 'https://doi.org/10.1000/xyz.123'), `the DOI link is rendered: ${JSON.stringify(annots)}`);
  assert.ok(annots.some((a) => a.uri === undefined), `the citation link is rendered: ${JSON.stringify(annots)}`);
});
