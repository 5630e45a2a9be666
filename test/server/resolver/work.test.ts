// Readers of a registry work: titles without markup, year, first author, container, the
// notices that update it (deduplicated, from updated-by and from relations) and whether it is a notice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { containerTitle, firstAuthor, noticeLabel, workFullTitle, workRecord, workTitle, workUpdates, workYear, type CrossrefWork } from '../../../server/resolver/work.ts';

const work: CrossrefWork = {
  DOI: '10.1000/ABC',
  title: ['Growth of <i>E. coli</i> '],
  subtitle: ['a <sub>2</sub>-step model'],
  author: [{ given: 'K', family: 'Müller' }, { given: 'J', family: 'Smith', sequence: 'first' }],
  issued: { 'date-parts': [[2019, 4]] },
  'container-title': ['Nature', 'Nat.'],
  page: '101–109',
};

test('title, full title, year, first author (sequence first wins), container', () => {
  assert.equal(workTitle(work), 'Growth of E. coli');
  assert.equal(workFullTitle(work), 'Growth of E. coli: a 2-step model');
  assert.equal(workYear(work), 2019);
  assert.equal(firstAuthor(work)?.family, 'Smith');
  assert.equal(containerTitle(work), 'Nature');
});

test('missing fields: empty title, no year, first listed author, nulls', () => {
  const bare: CrossrefWork = { DOI: '10.1/x', author: [{ family: 'Lee' }], issued: { 'date-parts': [[null]] }, page: 'e1234' };
  assert.equal(workTitle(bare), '');
  assert.equal(workFullTitle(bare), '');
  assert.equal(workYear(bare), null);
  assert.equal(firstAuthor(bare)?.family, 'Lee');
  assert.equal(firstAuthor({ DOI: 'd' }), null);
  assert.equal(containerTitle(bare), null);
});

test('notices that update a work: types normalised, DOIs lower case, dates from parts or date-time, duplicates dropped', () => {
  const updated: CrossrefWork = {
    DOI: '10.1/x',
    'updated-by': [
      { DOI: '10.2/RET', type: 'retraction', updated: { 'date-parts': [[2021, 3, 5]] }, source: 'retraction-watch' },
      { DOI: '10.2/ret', type: 'retraction', updated: { 'date-parts': [[2021, 3, 5]] } },
      { DOI: '10.2/cor', label: 'Expression of concern', updated: { 'date-time': '2020-01-02T00:00:00Z' } },
      { DOI: '10.2/new', type: 'new_version' },
      { type: 'correction' },
    ],
    relation: {
      'is-corrected-by': [{ 'id-type': 'doi', id: '10.2/FIX' }, { 'id-type': 'uri', id: 'http://x' }],
      'is-cited-by': [{ 'id-type': 'doi', id: '10.2/cites' }],
    },
  };
  assert.deepEqual(workUpdates(updated), [
    { type: 'retraction', noticeDoi: '10.2/ret', date: '2021-03-05', source: 'retraction-watch' },
    { type: 'expression_of_concern', noticeDoi: '10.2/cor', date: '2020-01-02' },
    { type: 'correction', noticeDoi: '10.2/fix', date: null },
  ]);
  assert.deepEqual(workUpdates(work), []);
});

test('a notice is known by its title\'s first word or by an update-to relation', () => {
  const rows: Array<[CrossrefWork, string | null]> = [
    [{ DOI: 'a', title: ['Correction: Growth of cells'] }, 'correction'],
    [{ DOI: 'b', title: ['Notice of Retraction: X'] }, 'retraction'],
    [{ DOI: 'c', title: ['Expression of concern about X'] }, 'expression of concern'],
    [{ DOI: 'd', title: ['Some update'], 'update-to': [{ DOI: '10.1/x', type: 'correction' }] }, 'update'],
    [{ DOI: 'e', title: ['Corrections to the growth model of cells'] }, null],
    [work, null],
  ];
  for (const [w, label] of rows) assert.equal(noticeLabel(w), label, w.DOI);
});

test('workRecord: the registry work as CSL-JSON (type mapped, every author, subtitle joined, markup stripped, DOI lower case)', () => {
  const w: CrossrefWork = {
    DOI: '10.1001/ArchDerm.138.9.1201', type: 'journal-article', title: ['Should the <i>skin</i> examination be taught'], subtitle: ['a survey'],
    author: [{ given: 'A. C.', family: 'Geller', sequence: 'first' }, { given: 'S.', family: 'Venna' }, { name: 'The Skin Group' }],
    issued: { 'date-parts': [[2002, 9]] }, 'container-title': ['Archives of Dermatology'], volume: '138', issue: '9', page: '1201-1203',
  };
  assert.deepEqual(workRecord(w), {
    type: 'article-journal', DOI: '10.1001/archderm.138.9.1201', title: 'Should the skin examination be taught: a survey', 'container-title': 'Archives of Dermatology',
    author: [{ family: 'Geller', given: 'A. C.' }, { family: 'Venna', given: 'S.' }, { literal: 'The Skin Group' }], issued: { 'date-parts': [[2002, 9]] }, volume: '138', issue: '9', page: '1201-1203',
  });
  assert.equal(workRecord({ DOI: '10.1/x', type: 'book-chapter' }).type, 'chapter');
  assert.equal(workRecord({ DOI: '10.1/x', type: 'something-new' }).type, 'article-journal');
});
