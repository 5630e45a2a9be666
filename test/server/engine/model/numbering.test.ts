// Word's list numbering: the label Word prints for each numbered paragraph (formats, lvlText with
// several levels, start values and overrides, deeper levels restarting, bullets and unknown lists).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readNumbering } from '../../../../server/engine/model/numbering.ts';
import { parseXml } from '../../../../server/engine/package/xml.ts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const lvl = (ilvl: number, fmt: string, text: string, start = 1) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl>`;
const numbering = (inner: string) => readNumbering(parseXml(`<w:numbering ${W}>${inner}</w:numbering>`, 'word/numbering.xml'));

const formats: Array<[number, string, string]> = [
  [4, 'decimal', '4'], [4, 'decimalZero', '04'], [12, 'decimalZero', '12'], [1, 'lowerLetter', 'a'], [27, 'lowerLetter', 'aa'],
  [28, 'upperLetter', 'BB'], [1994, 'lowerRoman', 'mcmxciv'], [49, 'upperRoman', 'XLIX'], [3, 'none', ''], [5, 'ordinalText', '5'],
];
/** The label of a one-level list in `format` that starts at `n`, as Word prints its first item. */
const formatNumber = (n: number, format: string) =>
  numbering(`<w:abstractNum w:abstractNumId="0">${lvl(0, format, '%1', n)}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`).next('1', 0)?.text;
for (const [n, fmt, out] of formats) test(`the number ${n} in ${fmt} is "${out}"`, () => assert.equal(formatNumber(n, fmt), out));

test('a two-level list: labels from lvlText, deeper levels restart when the parent advances', () => {
  const c = numbering(`<w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.')}${lvl(1, 'lowerLetter', '%1.%2)')}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`);
  const labels = ([[0], [1], [1], [0], [1]] as const).map(([ilvl]) => c.next('1', ilvl)?.text);
  assert.deepEqual(labels, ['1.', '1.a)', '1.b)', '2.', '2.a)']);
});

test('start values and a num\'s startOverride; each num counts on its own', () => {
  const c = numbering(
    `<w:abstractNum w:abstractNumId="0">${lvl(0, 'upperRoman', '%1', 3)}</w:abstractNum>` +
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
    '<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="10"/></w:lvlOverride></w:num>',
  );
  assert.deepEqual([c.next('1', 0), c.next('2', 0), c.next('1', 0)], [{ text: 'III', format: 'upperRoman' }, { text: 'X', format: 'upperRoman' }, { text: 'IV', format: 'upperRoman' }]);
});

test('bullets print nothing; numId 0, unknown lists and undefined levels are unnumbered', () => {
  const c = numbering(`<w:abstractNum w:abstractNumId="0">${lvl(0, 'bullet', '•')}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`);
  assert.deepEqual(c.next('1', 0), { text: '', format: 'bullet' });
  assert.equal(c.next('0', 0), null);
  assert.equal(c.next('9', 0), null);
  assert.equal(c.next('1', 4), null);
  assert.equal(readNumbering(undefined).next('1', 0), null);
});
