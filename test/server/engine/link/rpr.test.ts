// Run properties for links: children kept in schema order (Word rejects others), a run's own copy of a
// shared w:rPr, and the link look (Hyperlink style unless the run has a style, colour, URL font).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hexColor, LinkLook, putRPrChild } from '../../../../server/engine/link/rpr.ts';
import { childrenOf, el, tagOf, attr, type XmlNode } from '../../../../server/engine/package/xml.ts';
import { parseNodes } from '../../../helpers/xml.ts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const run = (rPr: string) => parseNodes(`<w:p ${W}><w:r>${rPr}<w:t>x</w:t></w:r></w:p>`).flatMap((p) => childrenOf(p))[0]!;
const tags = (n: XmlNode) => childrenOf(n).map(tagOf);
const rPrOf = (r: XmlNode) => childrenOf(r).find((k) => tagOf(k) === 'w:rPr')!;

test('putRPrChild inserts in schema order and replaces an element of the same tag', () => {
  const rPr = el('w:rPr', null, [el('w:b', {}), el('w:sz', { 'w:val': '20' })]);
  putRPrChild(rPr, el('w:color', { 'w:val': '0077BD' }));
  putRPrChild(rPr, el('w:rStyle', { 'w:val': 'Hyperlink' }));
  putRPrChild(rPr, el('w:vertAlign', { 'w:val': 'superscript' }));
  putRPrChild(rPr, el('w:color', { 'w:val': 'FF0000' }));
  assert.deepEqual(tags(rPr), ['w:rStyle', 'w:b', 'w:color', 'w:sz', 'w:vertAlign']);
  assert.equal(attr(childrenOf(rPr)[2]!, 'w:val'), 'FF0000');
});

test('a run\'s own w:rPr: created first when missing; a shared one copied, the run sharing it untouched', () => {
  const look = new LinkLook({ styleId: 'Hyperlink', color: '0077BD', font: '' });
  const bare = run('');
  look.style(bare);
  assert.equal(tags(bare)[0], 'w:rPr');
  assert.deepEqual(tags(rPrOf(bare)), ['w:rStyle', 'w:color']);
  // Split runs share their w:rPr: styling one leaves the other as it was.
  const a = run('<w:rPr><w:i/></w:rPr>');
  const shared = rPrOf(a);
  const b = run('');
  childrenOf(b).unshift(shared);
  look.style(a);
  assert.notEqual(rPrOf(a), shared);
  assert.equal(rPrOf(b), shared);
  assert.deepEqual(tags(shared), ['w:i']);
  assert.deepEqual(tags(rPrOf(a)), ['w:rStyle', 'w:i', 'w:color']);
});

test('the link look: Hyperlink style and colour; a run\'s own character style stays', () => {
  const look = new LinkLook({ styleId: 'Hyperlink', color: '0077BD', font: '' });
  const plain = run('<w:rPr><w:b/></w:rPr>');
  look.style(plain);
  assert.deepEqual(tags(rPrOf(plain)), ['w:rStyle', 'w:b', 'w:color']);
  const styled = run('<w:rPr><w:rStyle w:val="Emphasis"/></w:rPr>');
  look.style(styled);
  assert.equal(attr(childrenOf(rPrOf(styled))[0]!, 'w:val'), 'Emphasis');
  const noStyle = new LinkLook({ styleId: null, color: 'AA0000', font: '' });
  const r3 = run('');
  noStyle.style(r3);
  assert.deepEqual(tags(rPrOf(r3)), ['w:color']);
});

test('the URL font replaces the fonts (theme fonts dropped) and is a copy, not the run\'s element changed', () => {
  const look = new LinkLook({ styleId: 'Hyperlink', color: '0077BD', font: 'Courier New' });
  const r = run('<w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:eastAsia="SimSun"/></w:rPr>');
  const before = childrenOf(rPrOf(r)).find((k) => tagOf(k) === 'w:rFonts')!;
  look.style(r);
  const fonts = childrenOf(rPrOf(r)).find((k) => tagOf(k) === 'w:rFonts')!;
  assert.notEqual(fonts, before);
  assert.deepEqual(['w:ascii', 'w:hAnsi', 'w:cs', 'w:eastAsia', 'w:asciiTheme'].map((a) => attr(fonts, a)), ['Courier New', 'Courier New', 'Courier New', 'SimSun', undefined]);
  assert.equal(attr(before, 'w:asciiTheme'), 'minorHAnsi');
});

test('hexColor: #RRGGBB or RRGGBB upper-cased; anything else the fallback', () => {
  const rows: Array<[string | undefined, string]> = [['#0077bd', '0077BD'], ['ff0000', 'FF0000'], ['#fff', '0077BD'], ['blue', '0077BD'], [undefined, '0077BD']];
  for (const [input, out] of rows) assert.equal(hexColor(input), out, String(input));
  assert.equal(hexColor('nope', '000000'), '000000');
});
