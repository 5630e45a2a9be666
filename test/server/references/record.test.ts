// One entry → one record: the CSL-JSON item, the printed label, each field's span in the entry's text and a
// confidence per field, for the common layouts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readReference, spanOf } from '../../../server/references/record.ts';

/** Each field's text as its span shows it. */
function spanned(text: string): Record<string, string> {
  const r = readReference(text);
  return Object.fromEntries(Object.entries(r.spans).map(([k, s]) => [k, text.slice(s.start, s.end)]));
}

test('a numbered Vancouver entry: label, CSL item and the span of each field', () => {
  const text = '12. Renart A, Machens CK. Variability in neural activity and behavior. Curr Opin Neurobiol. 2014;25:211-20. doi: 10.1016/j.conb.2014.02.013';
  const r = readReference(text, 'bib-12');
  assert.deepEqual(r.label, { text: '12.', number: 12 });
  assert.deepEqual(r.item, {
    id: 'bib-12', type: 'article-journal',
    author: [{ family: 'Renart', given: 'A' }, { family: 'Machens', given: 'CK' }],
    issued: { 'date-parts': [[2014]] },
    title: 'Variability in neural activity and behavior', 'container-title': 'Curr Opin Neurobiol',
    volume: '25', page: '211-220', DOI: '10.1016/j.conb.2014.02.013',
  });
  assert.deepEqual(spanned(text), {
    author: 'Renart A, Machens', issued: '2014', title: 'Variability in neural activity and behavior',
    'container-title': 'Curr Opin Neurobiol', volume: '25', page: '211', DOI: '10.1016/j.conb.2014.02.013',
  });
  assert.equal(r.confidence.DOI, 1);
  assert.equal(r.confidence.author, 0.9);
});

test('an APA entry: year in parentheses after the authors is sure; an MLA quoted title is surer than a sentence', () => {
  const apa = readReference('Bruce, R. C. (2008). Intraguild interactions in salamanders. Herpetological Monographs, 22(1), 31–53.');
  assert.deepEqual([apa.item.issued, apa.confidence.issued, apa.item.issue, apa.confidence.title], [{ 'date-parts': [[2008]] }, 0.95, '1', 0.75]);
  const mla = readReference('Camus, P. “A New Wavelength Spectrometer for SEM Analysts.” Microscopy and Microanalysis 15.S2 (2009): 216–217.');
  assert.deepEqual([mla.item.title, mla.confidence.title], ['A New Wavelength Spectrometer for SEM Analysts', 0.9]);
});

test('an entry that reads badly is still a record, with what could be read', () => {
  const r = readReference('(2004). The Proceedings of the moss meeting. Moss Society.');
  assert.equal(r.item.author, undefined);
  assert.deepEqual([r.item.issued, r.item.title, r.confidence.title], [{ 'date-parts': [[2004]] }, 'The Proceedings of the moss meeting', 0.5]);
  const na = readReference('22 &NA; T D, The American Journal of the Medical Sciences 237, 408 (1959).');
  assert.deepEqual(na.item.issued, { 'date-parts': [[1959]] });
});

test('"et al." marks an abbreviated author list', () => {
  assert.equal(readReference('Smith J, Lee K, et al. Moss. J Bot. 2004;12:1-9.').etAl, true);
});

test('spanOf: white space runs match any other; absent text has no span', () => {
  assert.deepEqual(spanOf('a  Journal\nof Botany, 12', 'Journal of Botany'), { start: 3, end: 20 });
  assert.equal(spanOf('abc', 'x'), null);
  assert.equal(spanOf('abc', null), null);
});
