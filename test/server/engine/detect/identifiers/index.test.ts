// The identifier detector: every finder's identifiers in each paragraph, overlaps resolved (a DOI wins, then
// a URL over the IDs it holds, then the earlier finder), each kind switched off by its setting, and nothing
// proposed inside an existing hyperlink. (The gold manuscripts are in index.manuscripts.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDocx, p, r } from '../../../../helpers/docx-builder.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { detectIdentifiers } from '../../../../../server/engine/detect/identifiers/index.ts';
import { parseSettings } from '../../../../../shared/settings.ts';

async function detect(body: string, settings: Record<string, unknown> = {}) {
  const model = buildModel(openDocx(await buildDocx({ body })));
  return detectIdentifiers({ model, settings: parseSettings(settings) }).map((m) => ({
    kind: m.kind, text: m.paragraph.text.slice(m.start, m.end), url: m.identifier?.url, status: m.status,
  }));
}

test('each kind in one paragraph, in text order, ready, with its resolver address', async () => {
  const found = await detect(p(r('PMID: 123; PMC1234567; arXiv:2101.01234; NCT01234567; RRID:AB_2298772; ORCID: 0000-0002-1825-0097; hdl:1887/1; www.example.org.')));
  assert.deepEqual(found.map((f) => [f.kind, f.text]), [
    ['pmid', '123'], ['pmcid', 'PMC1234567'], ['arxiv', 'arXiv:2101.01234'], ['nct', 'NCT01234567'], ['rrid', 'RRID:AB_2298772'],
    ['orcid', '0000-0002-1825-0097'], ['handle', 'hdl:1887/1'], ['url', 'www.example.org'],
  ]);
  assert.ok(found.every((f) => f.status === 'ready' && f.url?.startsWith('https://')));
});

test('an ID inside a written address is part of the URL, not a match of its own', async () => {
  const found = await detect(p(r('See https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/ and https://orcid.org/0000-0002-1825-0097.')));
  assert.deepEqual(found.map((f) => [f.kind, f.text]), [
    ['url', 'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/'], ['url', 'https://orcid.org/0000-0002-1825-0097'],
  ]);
});

test('an address that holds a DOI is the DOI detector’s, whether the doi setting is on or off', async () => {
  for (const doi of [true, false]) {
    const found = await detect(p(r('Data: https://doi.org/10.5061/dryad.abc12 and https://example.org/x.')), { doi });
    assert.deepEqual(found.map((f) => f.text), ['https://example.org/x'], `doi ${doi}`);
  }
});

test('a kind switched off is not proposed, and frees its text for no other kind; all off proposes nothing', async () => {
  const body = p(r('PMID: 123 at https://example.org/a and NCT01234567'));
  assert.deepEqual((await detect(body, { urls: false })).map((f) => f.kind), ['pmid', 'nct']);
  assert.deepEqual((await detect(body, { pmid: false, nct: false })).map((f) => f.kind), ['url']);
  const off = { urls: false, pmid: false, pmcid: false, arxiv: false, nct: false, rrid: false, orcid: false, handle: false };
  assert.deepEqual(await detect(body, off), []);
});

test('an identifier inside an existing hyperlink is left alone; the same one outside it is proposed', async () => {
  const link = '<w:hyperlink w:anchor="x">' + r('PMID: 111') + '</w:hyperlink>';
  const found = await detect(`<w:p>${link}${r(' and PMID: 222')}</w:p>`);
  assert.deepEqual(found.map((f) => f.text), ['222']);
});

test('a paragraph with no identifier hint proposes nothing (numbers alone are no IDs)', async () => {
  assert.deepEqual(await detect(p(r('In 2101.01234 cases, 12345678 cells and 0000-0002-1825-0097 reads.'))), []);
});
