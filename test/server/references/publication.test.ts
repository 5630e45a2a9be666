// A book's or a chapter's imprint after the title, as the common styles print it: editors, book title, edition,
// place, publisher and pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPublication } from '../../../server/references/publication.ts';

test('a book: "Place: Publisher", "Publisher, Place", the publisher alone, with an edition', () => {
  assert.deepEqual(readPublication('New York: Springer.', '2010'), { kind: 'book', containerTitle: null, editors: [], edition: null, publisher: 'Springer', place: 'New York', pages: null, numberOfPages: null });
  assert.deepEqual(readPublication('2nd ed. New York, NY, USA: Wiley; 2010.', '2010'), { kind: 'book', containerTitle: null, editors: [], edition: '2', publisher: 'Wiley', place: 'New York, NY, USA', pages: null, numberOfPages: null });
  assert.deepEqual(readPublication('Springer, Heidelberg (2010)', '2010'), { kind: 'book', containerTitle: null, editors: [], edition: null, publisher: 'Springer', place: 'Heidelberg', pages: null, numberOfPages: null });
  assert.deepEqual(readPublication('Third edition. Oxford University Press.', null), { kind: 'book', containerTitle: null, editors: [], edition: '3', publisher: 'Oxford University Press', place: null, pages: null, numberOfPages: null });
});

test('a book\'s length after the imprint ("170 p.", "320 pp.") is its number of pages, not part of the publisher', () => {
  assert.deepEqual(readPublication('Cincinnati: University of Cincinnati. 170 p.', '2011'), {
    kind: 'book', containerTitle: null, editors: [], edition: null, publisher: 'University of Cincinnati', place: 'Cincinnati', pages: null, numberOfPages: '170',
  });
  assert.deepEqual(readPublication('New York: Springer; 2010. 320 pp.', '2010'), {
    kind: 'book', containerTitle: null, editors: [], edition: null, publisher: 'Springer', place: 'New York', pages: null, numberOfPages: '320',
  });
});

test('a journal source, or words that name no publisher, are no book', () => {
  assert.equal(readPublication('Journal of Urban Botany, 12(3), 101–119.', '2004'), null);
  assert.equal(readPublication('Annual meeting notes of the society.', null), null);
});

test('a chapter: editors before the book (APA, Springer, Vancouver), after it ("edited by", IEEE), pages', () => {
  assert.deepEqual(readPublication('In A. Brown & B. Green (Eds.), The big handbook (pp. 12–30). Oxford University Press.', '2010'), {
    kind: 'chapter', containerTitle: 'The big handbook', editors: [{ family: 'Brown', given: 'A.' }, { family: 'Green', given: 'B.' }],
    edition: null, publisher: 'Oxford University Press', place: null, pages: { first: '12', last: '30' }, numberOfPages: null,
  });
  assert.deepEqual(readPublication('In: Brown, A. (ed.) The Big Handbook, pp. 12–30. Springer, Heidelberg (2010)', '2010'), {
    kind: 'chapter', containerTitle: 'The Big Handbook', editors: [{ family: 'Brown', given: 'A.' }],
    edition: null, publisher: 'Springer', place: 'Heidelberg', pages: { first: '12', last: '30' }, numberOfPages: null,
  });
  assert.deepEqual(readPublication('In: Brown A, Green B, editors. The big handbook. 3rd ed. London: Academic Press; 2010. p. 12–30.', '2010'), {
    kind: 'chapter', containerTitle: 'The big handbook', editors: [{ family: 'Brown', given: 'A' }, { family: 'Green', given: 'B' }],
    edition: '3', publisher: 'Academic Press', place: 'London', pages: { first: '12', last: '30' }, numberOfPages: null,
  });
  assert.deepEqual(readPublication('In The Big Handbook, edited by Anna Brown and Bob Green, 12–30. Chicago: University of Chicago Press.', '2010'), {
    kind: 'chapter', containerTitle: 'The Big Handbook', editors: [{ family: 'Brown', given: 'Anna' }, { family: 'Green', given: 'Bob' }],
    edition: null, publisher: 'University of Chicago Press', place: 'Chicago', pages: { first: '12', last: '30' }, numberOfPages: null,
  });
  assert.deepEqual(readPublication('in Handbook of Things, B. Brown, Ed. New York, NY, USA: Wiley, 2010, pp. 12–30.', '2010'), {
    kind: 'chapter', containerTitle: 'Handbook of Things', editors: [{ family: 'Brown', given: 'B.' }],
    edition: null, publisher: 'Wiley', place: 'New York, NY, USA', pages: { first: '12', last: '30' }, numberOfPages: null,
  });
});
