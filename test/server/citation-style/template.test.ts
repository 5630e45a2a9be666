// Templates: an entry's layout with its contents taken out, so one style's entries for different works
// compare equal, and two styles' entries for one work do not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { styleEntry } from '../../../server/citation-style/entry.ts';
import { templateOf } from '../../../server/citation-style/template.ts';

/** The template of text outside every field: its word shape. */
const wordShape = (text: string) => templateOf(text, {});

const template = (text: string) => {
  const e = styleEntry(text, 'x');
  return templateOf(e.body, e.spans);
};

test('two APA entries for different works have one template; a Vancouver entry for one of them another', () => {
  const a = template('Smith, J. R., & Doe, K. (2011). A study of things. Journal of Things, 29(5), 575–579.');
  const b = template('Garcia, M., & Lee, D. (2020). Night light and the decline of insects. Ecology Letters Today, 3(6), 77–90.');
  const v = template('Smith JR, Doe K. A study of things. J Things. 2011;29(5):575–9.');
  assert.equal(a.replace(/I\. I\./g, 'I.'), b);
  assert.notEqual(a, v);
  assert.match(a, /\(Y\)\. T\. J, 0\(0\), 0–0\./);
});

test('word classes: initials, capitalised and lower-case words, numbers; runs collapse', () => {
  assert.equal(wordShape('Smith JA, Doe B'), 'A I, A I');
  assert.equal(wordShape('Nature Reviews Genetics 12: 1–9'), 'A 0: 0–0');
  assert.equal(wordShape('SMITH, J. and the other ones'), 'A, I. a');
});
