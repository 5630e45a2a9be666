import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextOf } from '../../../../server/engine/review/packet.ts';

test('context: the text around a match, cut at words, white space folded', () => {
  const text = 'Early work on phyllotaxis (Douady and Couder, 1996) showed that\tspirals emerge from a simple rule of inhibition between primordia at the apex.';
  const start = text.indexOf('Douady'), end = start + 'Douady and Couder, 1996'.length;
  assert.deepEqual(contextOf(text, start, end), { before: 'Early work on phyllotaxis (', after: ') showed that spirals emerge from a simple rule of…' });
  const long = `${'word '.repeat(30)}[12] and more`;
  const s = long.indexOf('[12]');
  assert.deepEqual(contextOf(long, s, s + 4), { before: `…${'word '.repeat(11)}`, after: ' and more' });
});
