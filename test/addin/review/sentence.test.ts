// The sentence around a match, from the scan's context: warnings quote it instead of the bare number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sentenceOf } from '../../../addin/review/sentence.ts';

const s = (before: string, sourceText: string, after: string) => sentenceOf({ sourceText, context: { before, after } });

test('cut at the sentence ends on both sides; abbreviations do not end a sentence', () => {
  assert.equal(s('…cells divide. As shown in Fig. 1 and ', '[2]', ', the growth is slow. Then more…'), 'As shown in Fig. 1 and [2], the growth is slow.');
  assert.equal(s('Smith et al. 2020 showed this (see ', '1', '). Next one.'), 'Smith et al. 2020 showed this (see 1).');
  assert.equal(s('', 'Fig 2', ' shows the result.'), 'Fig 2 shows the result.');
});

test('a sentence longer than the context keeps its cut marks; no context gives the match text', () => {
  assert.equal(s('…the growth of cells in ', '[5]', ' and more text that is cut…'), '…the growth of cells in [5] and more text that is cut…');
  assert.equal(sentenceOf({ sourceText: '[7]' }), '[7]');
});
