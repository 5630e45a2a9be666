// The engine's causes as codes: typed values (a missing one does not compile), a count choosing its form, parts
// whose English goes into the values (so the sentence reads whole without them), and every template's
// placeholders named once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAUSE_CODES, causeOf, causeText, fillTemplate, withParts } from '../../shared/causes.ts';

test('a cause is its code and its values as strings; its English is the template filled', () => {
  const c = causeOf('emptyField', { mark: ': :' });
  assert.deepEqual(c, { code: 'emptyField', values: { mark: ': :' } });
  assert.equal(causeText(c), 'the style would write an empty field (": :")');
  assert.deepEqual(causeOf('abbreviatedAuthors', {}), { code: 'abbreviatedAuthors' });
  assert.equal(causeText(causeOf('referenceLabel', { number: 12 })), 'Reference 12');
  // @ts-expect-error a value the template needs is missing
  causeOf('runTogether', { field: 'journal' });
  assert.equal(causeText({ code: 'notACause' }), 'notACause', 'an unknown code is said as its name');
});

test('a count picks the form of one or of more', () => {
  const one = causeOf('renumberBlocked', { style: 'apa', n: 1 }, { citations: [causeOf('citationPageLocator', { text: '[6, p. 4]' })] });
  assert.equal(causeText(one), 'apa numbers the list differently and 1 in-text citation cannot follow: the citation "[6, p. 4]" cannot be renumbered: it carries a page locator');
  const two = causeOf('convertBlocked', { style: 'apa', form: 'author-date', n: 4 }, { citations: [causeOf('citationNoEntry', { text: '(Smith 2001)' }), causeOf('more', {})] });
  assert.equal(causeText(two), 'converting the citations to author-date form (apa) is refused: 4 in-text citations cannot be converted: the citation "(Smith 2001)" names no entry of the list; …');
  assert.equal(fillTemplate({ one: '{n} entry', other: '{n} entries' }, { n: '1' }), '1 entry');
});

test('parts: the codes kept in order, their English joined into the values', () => {
  const why = causeOf('registryTimeout', { seconds: 20 });
  const label = causeOf('referenceLabel', { number: '[3]' });
  const lacks = causeOf('entryLacks', {}, { label: [label], why: [why] });
  assert.deepEqual(lacks, { code: 'entryLacks', values: { label: 'Reference [3]', why: 'no answer within 20 s' }, parts: { label: [label], why: [why] } });
  assert.equal(causeText(lacks), 'Reference [3]: no answer within 20 s');
  assert.deepEqual(withParts('x', { a: 1 }, undefined, causeText), { code: 'x', values: { a: '1' } });
});

test('every code is listed once and its template names each placeholder as a word', () => {
  assert.equal(new Set(CAUSE_CODES).size, CAUSE_CODES.length);
  for (const code of CAUSE_CODES) assert.doesNotMatch(causeText({ code, values: {} }).replace(/\{\w+\}/g, ''), /[{}]/, code);
});
