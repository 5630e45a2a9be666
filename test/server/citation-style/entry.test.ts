// A reference entry as style detection reads it: label and its form, the body compared, field spans in
// that body, the author list padded after "et al.", dangling link words dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelFormOf, styleEntry } from '../../../server/citation-style/entry.ts';

test('label forms', () => {
  assert.equal(labelFormOf(''), 'none');
  assert.equal(labelFormOf('[12]'), 'brackets');
  assert.equal(labelFormOf('(3)'), 'parens');
  assert.equal(labelFormOf('7.'), 'dot');
  assert.equal(labelFormOf('7'), 'bare');
});

test('the body starts after the label, white space collapsed, and field spans point into the body', () => {
  const e = styleEntry('  [3]   J. R. Smith and K. Doe,\n “A study of things,” Journal of Things, vol. 29, no. 5, pp. 575–579, 2011. doi:', 'x');
  assert.equal(e.label, '[3]');
  assert.equal(e.labelForm, 'brackets');
  assert.ok(e.body.startsWith('J. R. Smith and K. Doe, “A study'), e.body);
  assert.ok(!e.body.includes('  ') && !e.body.includes('\n'));
  assert.ok(e.body.endsWith('2011.'), e.body);
  for (const [field, span] of Object.entries(e.spans)) {
    assert.ok(span.start >= 0 && span.end <= e.body.length, field);
  }
  assert.equal(e.body.slice(e.spans.title!.start, e.spans.title!.end), 'A study of things');
  assert.equal(e.etAl, false);
  assert.equal(e.item.author!.length, 2);
});

test('a label printed by the paragraph numbering is used when the text has none', () => {
  const e = styleEntry('Smith J, Doe K. A study of things. J Things. 2011;29:575–9.', 'y', ' 4. ');
  assert.equal(e.label, '4.');
  assert.equal(e.labelForm, 'dot');
  assert.ok(e.body.startsWith('Smith J'), e.body);
  const none = styleEntry('Smith J, Doe K. A study of things. J Things. 2011;29:575–9.', 'z');
  assert.equal(none.labelForm, 'none');
});

test('"et al." pads the author list with stand-ins after the names written, and the record is not shared', () => {
  const e = styleEntry('Smith J, Doe K, et al. A study of things. J Things. 2011;29:575–9.', 'z');
  assert.equal(e.etAl, true);
  assert.equal(e.item.author!.length, 9);
  assert.deepEqual(e.item.author!.slice(0, 2).map((a) => a.family), ['Smith', 'Doe']);
  assert.deepEqual(e.item.author!.slice(2).map((a) => a.family), ['Etala', 'Etalb', 'Etalc', 'Etald', 'Etale', 'Etalf', 'Etalg']);
  // the stand-ins are for detection only: the body still reads as written
  assert.ok(!e.body.includes('Etal'));
  const again = styleEntry('Smith J, Doe K, et al. A study of things. J Things. 2011;29:575–9.', 'z');
  assert.equal(again.item.author!.length, 9, 'padding does not accumulate across reads');
});
