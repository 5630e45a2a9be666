import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doiKey, normaliseDoi } from '../../shared/doi.ts';

test('normaliseDoi: the usual spellings give the bare DOI, case kept', () => {
  assert.equal(normaliseDoi('10.1371/journal.pone.0117949'), '10.1371/journal.pone.0117949');
  assert.equal(normaliseDoi('doi:10.1000/ABC.1'), '10.1000/ABC.1');
  assert.equal(normaliseDoi('DOI: 10.1000/abc'), '10.1000/abc');
  assert.equal(normaliseDoi('http://dx.doi.org/10.1000%2Fabc'), '10.1000/abc');
  assert.equal(normaliseDoi('https://doi.org/10.1000%2FXYZ.1).'), '10.1000/XYZ.1');
  assert.equal(normaliseDoi('doi:10.5555/abc;'), '10.5555/abc');
  assert.equal(normaliseDoi(' 10.1000/abc. '), '10.1000/abc');
});

test('normaliseDoi keeps balanced brackets that are part of the DOI', () => {
  assert.equal(normaliseDoi('10.1016/0022-2836(81)90087-5'), '10.1016/0022-2836(81)90087-5');
  assert.equal(normaliseDoi('10.1002/(SICI)1097-4636(199706)35:4<539::AID-JBM11>3.0.CO;2-J'), '10.1002/(SICI)1097-4636(199706)35:4<539::AID-JBM11>3.0.CO;2-J');
  assert.equal(normaliseDoi('10.1000/abc(1))'), '10.1000/abc(1)');
});

test('normaliseDoi: not a DOI is null', () => {
  for (const s of ['', '11.1000/abc', 'not a doi', '10.12/abc', 'https://example.org/10.1000/abc', '10.1000/%E0%A4%A']) assert.equal(normaliseDoi(s), null, s);
  assert.equal(normaliseDoi(null), null);
  assert.equal(normaliseDoi(undefined), null);
});

test('doiKey compares case-insensitively', () => {
  assert.equal(doiKey('10.1000/ABC'), doiKey('10.1000/abc'));
});
