// Registry first at apply (issue 19 item 3): a reference resolved `ready` with the registry's record is rendered
// from the record, not from the string (the full author list where the manuscript wrote "et al."), and the DOI
// link apply puts on the whole entry (it shows no DOI of its own) lands on the whole new entry, so it no longer
// blocks the rewrite. Made-up works, not from any corpus.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResolvedWork } from '../../../../shared/contract.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { direct } from '../../../../server/engine/index.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { loadBundledStyle } from '../../../../server/csl/catalog.ts';
import { createBibliographyRenderer, recordItem } from '../../../../server/csl/bibliography.ts';
import { rendererFor } from '../../../../server/csl/render.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

const RECORD = {
  type: 'article-journal',
  title: 'Moss on the north walls of old churches',
  'container-title': 'Journal of Urban Botany',
  volume: '12', issue: '3', page: '101-119',
  author: [{ family: 'Smith', given: 'John' }, { family: 'Lee', given: 'Dana' }, { family: 'Okafor', given: 'Ngozi' }, { family: 'Berg', given: 'Per' }, { family: 'Wu', given: 'Qing' }],
  issued: { 'date-parts': [[2004]] },
  DOI: '10.1000/moss.1',
};
const WORK: ResolvedWork = { doi: RECORD.DOI, title: RECORD.title, confidence: 0.97, status: 'ready', citationImpact: 'link-only-safe', transactionPlan: null, record: RECORD };

const BODY = [
  p('Walls grow moss [1], and so do roofs [2].'),
  p('References', 'Heading1'),
  // Entry 1 abbreviates its authors: read from the string it cannot be rendered in a style that prints them all.
  p('[1] Smith J, Lee D, et al. Moss on the north walls of old churches. J Urban Bot. 2004;12(3):101–19.'),
  p('[2] Brown AM, Lee D. Moss growth on roofs. Journal of Urban Botany. 2005;13(2):5–9.'),
].join('');

const SETTINGS = parseSettings({ doi: true, refTitleLink: false });

for (const styleId of ['american-sociological-association', 'elsevier-with-titles']) {
  test(`a resolved entry is rendered from its record in ${styleId} (every author where the manuscript says et al.), its DOI link on the whole new entry`, async () => {
    const input = await buildDocx({ body: BODY });
    const style = loadBundledStyle(styleId)!;
    // Without the resolved work, the string's "et al." blocks the rewrite.
    const unresolved = direct(input, SETTINGS, { bibliography: createBibliographyRenderer(style) });
    assert.equal(unresolved.bibRewrite?.outcome, 'refused');
    assert.match(unresolved.bibRewrite!.entries[0]!.lacks, /abbreviated/);

    const works = { 'bib-1': WORK };
    const out = direct(input, SETTINGS, { resolvedWorks: works, bibliography: createBibliographyRenderer(style, works) });
    assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
    const model = buildModel(openDocx(out.docx));
    const entry = model.paragraphs.find((x) => x.text.includes('Okafor'));
    assert.ok(entry, 'the entry names the authors the manuscript left out');
    for (const a of RECORD.author) assert.ok(entry.text.includes(a.family), `${a.family} in "${entry.text}"`);
    assert.doesNotMatch(entry.text, /et al/);
    // Exactly citeproc's rendering of the record (the list's label aside).
    const expected = rendererFor(`test:registry-first:${styleId}`, () => style.xml).render([recordItem('bib-1', RECORD)!]).get('bib-1')!.text;
    assert.equal(entry.text.replace(/^\s*(?:\[\d+\]|\d+\.)\s*/, ''), expected);
    // The DOI link covers the whole new entry, label aside.
    assert.equal(entry.links.length, 1);
    const link = entry.links[0]!;
    assert.ok(link.relId, 'an external link');
    assert.equal(entry.text.slice(link.start, link.end), expected);
  });
}

test('with refTitleLink, the DOI link on the title as written lands on the record\'s title in the new entry', async () => {
  // The manuscript's title differs from the registry's (a word left out): its text is not in the new entry.
  const body = BODY.replace('Moss on the north walls of old churches', 'Moss on north walls of old churches');
  const input = await buildDocx({ body });
  const style = loadBundledStyle('elsevier-with-titles')!;
  const works = { 'bib-1': WORK };
  const out = direct(input, parseSettings({ doi: true, refTitleLink: true }), { resolvedWorks: works, bibliography: createBibliographyRenderer(style, works) });
  assert.equal(out.bibRewrite?.outcome, 'rewritten', out.warnings?.join('\n'));
  const entry = buildModel(openDocx(out.docx)).paragraphs.find((x) => x.text.includes('Okafor'))!;
  assert.equal(entry.links.length, 1);
  assert.equal(entry.text.slice(entry.links[0]!.start, entry.links[0]!.end), RECORD.title);
});
