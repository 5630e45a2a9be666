// afterHtml of a style preview read as formatted text pieces (addin/review/preview-html.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePreviewHtml } from '../../../addin/review/preview-html.ts';
import { segmentsHtml } from '../../../server/engine/preview.ts';

test('the tags the service writes become formatting; nested tags combine', () => {
  assert.deepEqual(parsePreviewHtml('Brown. <i>J. <b>Bot</b></i>, <span class="small-caps">ed</span> x<sup>2</sup>'), [
    { text: 'Brown. ' },
    { text: 'J. ', italic: true },
    { text: 'Bot', italic: true, bold: true },
    { text: ', ' },
    { text: 'ed', smallCaps: true },
    { text: ' x' },
    { text: '2', superscript: true },
  ]);
});

test('entities are text, unknown tags are dropped with their text kept, stray closing tags are ignored', () => {
  assert.deepEqual(parsePreviewHtml('a &lt;i&gt; &amp; &#233;&#x41; <u>u</u></b> <br/>z'), [{ text: 'a <i> & éA u z' }]);
  assert.deepEqual(parsePreviewHtml('<i>unclosed'), [{ text: 'unclosed', italic: true }]);
});

test("the service's own rendering of segments reads back as the same segments", () => {
  const segments = [{ text: 'Lee <D.> & Co ' }, { text: 'Nature', italic: true }, { text: ' ' }, { text: '12', bold: true }, { text: 'th', superscript: true, smallCaps: true }];
  assert.deepEqual(parsePreviewHtml(segmentsHtml(segments)), segments);
});
