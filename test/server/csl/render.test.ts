import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import { Renderer, rendererFor, type CslItem } from '../../../server/csl/render.ts';

const item: CslItem = {
  id: 'a', type: 'article-journal', title: 'A study of things', author: [{ family: 'Smith', given: 'John R.' }, { family: 'Doe', given: 'K.' }],
  issued: { 'date-parts': [[2011]] }, 'container-title': 'Journal of Things', volume: '29', issue: '5', page: '575-579',
};

test('citeproc HTML becomes formatted segments', () => {
  // a style writing "A <i>B <b>C</b></i> &#38; <span style="font-variant:small-caps;">d</span>"
  const layout = '<text value="A "/><group font-style="italic"><text value="B "/><text value="C" font-weight="bold"/></group><text value=" &amp; "/><text value="d" font-variant="small-caps"/>';
  const xml = `<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0"><info><title>t</title><id>t</id><updated>2020-01-01T00:00:00+00:00</updated></info><citation><layout><text variable="title"/></layout></citation><bibliography><layout>${layout}</layout></bibliography></style>`;
  assert.deepEqual(new Renderer(xml).render([{ id: 'a', type: 'book', title: 'x' }]).get('a')!.segments, [
    { text: 'A ' }, { text: 'B ', italic: true }, { text: 'C', italic: true, bold: true }, { text: ' & ' }, { text: 'd', smallCaps: true },
  ]);
});

test('ieee renders label, quoted title and italic container; ids and order kept across calls', () => {
  const s = loadBundledStyle('ieee')!;
  const r = rendererFor(s.key, () => s.xml);
  const out = r.render([item]).get('a')!;
  assert.equal(out.label, '[1]');
  assert.equal(out.text, 'J. R. Smith and K. Doe, “A study of things,” Journal of Things, vol. 29, no. 5, pp. 575–579, 2011.');
  assert.deepEqual(out.segments.find((x) => x.italic), { text: 'Journal of Things', italic: true });
  // same id, other data: the second call renders the new data (citeproc caches by id)
  const again = r.render([{ ...item, title: 'Another' }]).get('a')!;
  assert.match(again.text, /“Another,”/);
});

test('a number the style writes inline (no margin) is the label, not part of the entry: AIP\'s superscript, BMC\'s "1."', () => {
  for (const [id, label, start] of [['american-institute-of-physics', '1', 'J.R. Smith, and K. Doe'], ['biomed-central', '1.', 'Smith JR, Doe K']] as const) {
    const s = loadBundledStyle(id)!;
    const out = rendererFor(s.key, () => s.xml).render([item]).get('a')!;
    assert.equal(out.label, label, id);
    assert.ok(out.text.startsWith(start), `${id}: ${out.text}`);
    assert.equal(out.segments.map((x) => x.text).join(''), out.text);
  }
  // Only the entry's own number: a title that starts with another number keeps it.
  const bmc = loadBundledStyle('biomed-central')!;
  const titled = rendererFor(bmc.key, () => bmc.xml).render([{ id: 'b', type: 'article-journal', title: '5559065 Coated catalysts', 'container-title': 'J Mol Catal', volume: '120', issued: { 'date-parts': [[1997]] } }]).get('b')!;
  assert.equal(titled.label, '1.');
  assert.match(titled.text, /^5559065 Coated catalysts\./);
});

test('one cached engine renders document after document: the citations of one are forgotten before the next', async () => {
  const { createBibliographyRenderer } = await import('../../../server/csl/bibliography.ts');
  const input = (key: string) => ({ key, text: 'Smith, J. R., & Doe, K. (2011). A study of things. Journal of Things, 29(5), 575–579.', printedLabel: null, typedLabel: null, doi: null, url: null });
  const apa = createBibliographyRenderer(loadBundledStyle('apa')!);
  // before, the second document on the cached engine failed: citeproc read items of the first one's citations
  for (const key of ['bib-1', 'bib-2', 'bib-3']) {
    const out = apa.render([input(key)], { clusters: [[key]] });
    assert.equal(out.citations?.[0]?.text, '(Smith & Doe, 2011)');
  }
  assert.equal(apa.render([input('bib-9')]).rendered.size, 1, 'a list alone after documents');
  // numbers start again at 1 in each document
  const ieee = createBibliographyRenderer(loadBundledStyle('ieee')!);
  for (const keys of [['x1', 'x2'], ['y1', 'y2']]) {
    const out = ieee.render(keys.map(input), { clusters: [[keys[1]!], [keys[0]!]] });
    assert.deepEqual(out.citations?.map((c) => c.text), ['[1]', '[2]']);
  }
});
