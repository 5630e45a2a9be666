import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDois, trimDoi } from '../../../server/references/doi-text.ts';

const found = (text: string) => findDois(text).map((d) => [text.slice(d.start, d.end), d.doi]);

test('doi: prefixes, URLs and bare DOIs', () => {
  assert.deepEqual(found('Nature 5: 1–2. doi: 10.1038/nature12373'), [['10.1038/nature12373', '10.1038/nature12373']]);
  assert.deepEqual(found('DOI: 10.1016/j.conb.2014.02.013.'), [['10.1016/j.conb.2014.02.013', '10.1016/j.conb.2014.02.013']]);
  assert.deepEqual(found('doi:10.7554/eLife.02304'), [['10.7554/eLife.02304', '10.7554/eLife.02304']]);
  assert.deepEqual(found('see https://doi.org/10.1371/journal.pcbi.1004082, and'), [['https://doi.org/10.1371/journal.pcbi.1004082', '10.1371/journal.pcbi.1004082']]);
  assert.deepEqual(found('http://dx.doi.org/10.1093/femsec/fiaf012'), [['http://dx.doi.org/10.1093/femsec/fiaf012', '10.1093/femsec/fiaf012']]);
  assert.deepEqual(found('(10.1002/(SICI)1097-4636(199911)47:2<171::AID-JBM7>3.0.CO;2-F)'.replace(/[<>]/g, '')), [
    ['10.1002/(SICI)1097-4636(199911)47:2171::AID-JBM73.0.CO;2-F', '10.1002/(SICI)1097-4636(199911)47:2171::AID-JBM73.0.CO;2-F'],
  ]);
});

test('trailing punctuation and unbalanced closing brackets are trimmed, balanced ones kept', () => {
  assert.equal(trimDoi('10.1000/xyz123.'), '10.1000/xyz123');
  assert.equal(trimDoi('10.1000/xyz123).'), '10.1000/xyz123');
  assert.equal(trimDoi('10.1016/S0140-6736(20)30183-5;'), '10.1016/S0140-6736(20)30183-5');
  assert.equal(trimDoi('10.1000/abc],'), '10.1000/abc');
});

test('a DOI glued to the word before it is found; one glued to a number is not', () => {
  assert.deepEqual(found('Environ. Prog. Sustain. Energy10.1002/ep.13278 (2018).'), [['10.1002/ep.13278', '10.1002/ep.13278']]);
  assert.deepEqual(found('Environ. Monit. Assess.10.1007/s10661-015-4634-z (2015).'), [['10.1007/s10661-015-4634-z', '10.1007/s10661-015-4634-z']]);
  assert.deepEqual(found('id 110.1234/abc and v2.10.1234/x'), []);
});

test('several DOIs in one paragraph, and no false DOI in plain numbers', () => {
  assert.equal(findDois('doi: 10.1/abc and 10.12345/def').length, 1);
  assert.deepEqual(found('values 10.5/3 and 10.12/4 are ratios; 10.1234/ok'), [['10.1234/ok', '10.1234/ok']]);
});

test('DOIs with <, >, ( and ) (older Wiley SICI DOIs) are read whole; an unbalanced > is trimmed', () => {
  const sici = '10.1002/(SICI)1097-0029(19990415)45:2<65::AID-JEMT2>3.0.CO;2-0';
  assert.deepEqual(found(`Microsc Res Tech 45:65–79. http://dx.doi.org/${sici}.`), [[`http://dx.doi.org/${sici}`, sici]]);
  assert.deepEqual(found('J Clim 13:2217–2238. doi: 10.1175/1520-0442(2000)013<2217:RTCSTC>2.0.CO;2.'), [['10.1175/1520-0442(2000)013<2217:RTCSTC>2.0.CO;2', '10.1175/1520-0442(2000)013<2217:RTCSTC>2.0.CO;2']]);
  assert.deepEqual(found('<https://doi.org/10.1000/abc>'), [['https://doi.org/10.1000/abc', '10.1000/abc']]);
});

test('a DOI glued to the page range before it is found ("233–41.10.1038/…")', () => {
  assert.deepEqual(found('Nature. 2004;430:233–41.10.1038/nature02632'), [['10.1038/nature02632', '10.1038/nature02632']]);
  assert.deepEqual(found('Cell 12:101-9.10.1016/j.cell.2004.01.002.'), [['10.1016/j.cell.2004.01.002', '10.1016/j.cell.2004.01.002']]);
});
