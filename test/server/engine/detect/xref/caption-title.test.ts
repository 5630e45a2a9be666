// The first sentence of a caption after its label: the figure or table in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captionTitle } from '../../../../../server/engine/detect/xref/caption-title.ts';

test('first sentence after the label and its punctuation; abbreviations do not end it; long ones are cut at a word', () => {
  assert.equal(captionTitle('Figure 2. Growth of cells. Bars show means.', 8), 'Growth of cells');
  assert.equal(captionTitle('Fig. 3 — Maps of e.g. rivers vs. lakes in 2010. (A) North.', 6), 'Maps of e.g. rivers vs. lakes in 2010');
  assert.equal(captionTitle('Table 1: Sizes', 7), 'Sizes');
  assert.equal(captionTitle('Figure 4.', 8), undefined);
  const long = captionTitle(`Figure 1. ${'word '.repeat(60)}end.`, 8)!;
  assert.ok(long.length <= 160 && long.endsWith('word…'), long);
});
