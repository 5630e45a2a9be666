// bench:checks counts a manuscript's identifiers by a second reading of its text, apart from the detectors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countDocument } from '../../../bench/checks/identifiers.ts';
import { buildModel } from '../../../server/engine/model/document.ts';
import { openDocx } from '../../../server/engine/package/docx.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

test('tokens that are identifiers whole or behind their label, punctuation peeled; traps left out', async () => {
  const text = 'See (https://x.org/a_(b)). PMID: 123; PMC1234567, NCT01234567 and RRID: AB_1 with ORCID 0000-0002-1825-0097, arXiv 2101.01234, hep-th/9901001, hdl:1887/12. Not: 12345678, http://duke .edu, https://doi.org/10.1000/x, ORCID 0000-0002-1825-0098.';
  const model = buildModel(openDocx(await buildDocx({ body: p(text) })));
  const found = countDocument(model).map((c) => `${c.kind} ${[...text].slice(c.start, c.end).join('')} ${c.url}`);
  assert.deepEqual(found, [
    'url https://x.org/a_(b) https://x.org/a_(b)',
    'pmid 123 https://pubmed.ncbi.nlm.nih.gov/123/',
    'pmcid PMC1234567 https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/',
    'nct NCT01234567 https://clinicaltrials.gov/study/NCT01234567',
    'rrid RRID: AB_1 https://scicrunch.org/resolver/RRID:AB_1',
    'orcid 0000-0002-1825-0097 https://orcid.org/0000-0002-1825-0097',
    'arxiv 2101.01234 https://arxiv.org/abs/2101.01234',
    'arxiv hep-th/9901001 https://arxiv.org/abs/hep-th/9901001',
    'handle hdl:1887/12 https://hdl.handle.net/1887/12',
  ]);
});
