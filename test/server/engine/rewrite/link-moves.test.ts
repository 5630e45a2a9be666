// Where a link in a reference entry lands after a rewrite when its text is not in the new entry
// (server/engine/rewrite/link-moves.ts): the whole entry's link on the whole new entry, the title's on the new title.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { movedLink } from '../../../../server/engine/rewrite/link-moves.ts';

test('a link on the whole entry as written, its label and white space aside, is moved; a part of it is not', () => {
  const text = '[1] Brown, A. (2001). Moss. ';
  const covers = (link: string, entryText: string) => movedLink(link, text, 4, 0, true, { entryText }) !== null;
  assert.ok(covers('Brown A. Moss in the city.', '[2] Brown A. Moss in the city.'));
  assert.ok(covers(' Brown A.  Moss in the city. ', '2. Brown A. Moss in the city.'));
  assert.ok(covers('Brown A. Moss in the city.', 'Brown A. Moss in the city.'));
  assert.ok(!covers('Moss in the city', '[2] Brown A. Moss in the city.'));
  assert.ok(!covers('', '[2] Brown A.'));
});

test('movedLink: the whole new entry after its label, the new title wherever the style puts it, else nothing', () => {
  const text = '[1] Brown, A. (2001). Moss in the City. Journal of Botany. ';
  const moves = { entryText: '[2] Brown A. Moss in the city.', title: { written: 'Moss in the city.', rendered: 'Moss in the City' } };
  const whole = movedLink('Brown A. Moss in the city.', text, 4, 0, true, moves);
  assert.deepEqual(whole && text.slice(whole.start, whole.end), 'Brown, A. (2001). Moss in the City. Journal of Botany.');
  const title = movedLink('Moss in the city.', text, 4, 0, false, moves);
  assert.deepEqual(title && text.slice(title.start, title.end), 'Moss in the City');
  // Not alone: a link on the whole new entry would hold the entry's other links.
  assert.equal(movedLink('Brown A. Moss in the city.', text, 4, 0, false, moves), null);
  // A title the new entry does not show: the whole new entry when the link is alone, else no place.
  const other = { ...moves, title: { written: 'Moss in the city.', rendered: 'Lichens' } };
  assert.deepEqual(movedLink('Moss in the city.', text, 4, 0, true, other), { start: 4, end: text.trimEnd().length });
  assert.equal(movedLink('Moss in the city.', text, 4, 0, false, other), null);
  // Any other link keeps its own text or has no place; without moves nothing moves.
  assert.equal(movedLink('doi:10.1234/moss', text, 4, 0, true, moves), null);
  assert.equal(movedLink('Brown A. Moss in the city.', text, 4, 0, true, undefined), null);
});
