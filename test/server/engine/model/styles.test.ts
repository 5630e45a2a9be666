// Style inheritance from styles.xml: names, outline levels, list numbering and run flags resolved through
// basedOn chains over the document defaults; loops and missing styles tolerated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headingLevelFromName, readStyles, runFlagsOf } from '../../../../server/engine/model/styles.ts';
import { parseXml } from '../../../../server/engine/package/xml.ts';
import { parseNodes } from '../../../helpers/xml.ts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const styles = readStyles(parseXml(`<w:styles ${W}>
  <w:docDefaults><w:rPrDefault><w:rPr><w:b w:val="0"/></w:rPr></w:rPrDefault></w:docDefaults>
  <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
  <w:style w:type="paragraph" w:styleId="H1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="H1Numbered"><w:name w:val="Numbered heading"/><w:basedOn w:val="H1"/><w:pPr><w:numPr><w:numId w:val="4"/></w:numPr></w:pPr><w:rPr><w:b w:val="false"/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="LoopA"><w:basedOn w:val="LoopB"/></w:style>
  <w:style w:type="paragraph" w:styleId="LoopB"><w:basedOn w:val="LoopA"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>
  <w:style w:type="character" w:styleId="Sup"><w:name w:val="Superscript Char"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>
  <w:style w:type="character" w:styleId="SupBold"><w:basedOn w:val="Sup"/><w:rPr><w:b/></w:rPr></w:style>
</w:styles>`, 'word/styles.xml'));

test('names and outline levels through basedOn; the default paragraph style for none', () => {
  assert.equal(styles.defaultParagraphStyle, 'Normal');
  assert.equal(styles.paragraphName('H1'), 'heading 1');
  assert.equal(styles.paragraphName(null), 'Normal');
  assert.equal(styles.paragraphName('Missing'), null);
  assert.equal(styles.paragraphOutline('H1Numbered'), 0);
  assert.equal(styles.paragraphOutline('Normal'), null);
  assert.equal(styles.hasStyle('Sup'), true);
  assert.equal(styles.hasStyle('Nope'), false);
});

test('list numbering from the style chain (level 0 when unsaid)', () => {
  assert.deepEqual(styles.paragraphNumbering('H1Numbered'), { numId: '4', ilvl: 0 });
  assert.equal(styles.paragraphNumbering('H1'), null);
});

test('run flags: defaults, then each style from the base down; character styles on their own chain', () => {
  assert.equal(styles.paragraphRun('Normal').bold, false);
  assert.equal(styles.paragraphRun('H1').bold, true);
  assert.equal(styles.paragraphRun('H1Numbered').bold, false);
  assert.deepEqual(styles.characterRun('SupBold'), { superscript: true, subscript: false, bold: true });
  assert.deepEqual(styles.characterRun(null), {});
});

test('a basedOn loop ends; no styles part reads as no styles', () => {
  assert.equal(styles.paragraphOutline('LoopA'), 2);
  const none = readStyles(undefined);
  assert.deepEqual([none.defaultParagraphStyle, none.paragraphName('X'), none.paragraphOutline(null)], [null, null, null]);
});

test('runFlagsOf: vertAlign and bold with its on/off values; silent where unsaid', () => {
  const rPr = (inner: string) => parseNodes(`<w:rPr ${W}>${inner}</w:rPr>`)[0]!;
  assert.deepEqual(runFlagsOf(rPr('<w:vertAlign w:val="subscript"/><w:b w:val="off"/>')), { superscript: false, subscript: true, bold: false });
  assert.deepEqual(runFlagsOf(rPr('<w:b/>')), { bold: true });
  assert.deepEqual(runFlagsOf(rPr('<w:i/>')), {});
  assert.deepEqual(runFlagsOf(undefined), {});
});

const levels: Array<[string | null, number | null]> = [['heading 2', 2], ['Heading2', 2], ['Titre 1', 1], ['Überschrift 3', 3], ['heading 10', null], ['Title', null], [null, null]];
for (const [name, level] of levels) test(`headingLevelFromName(${JSON.stringify(name)}) = ${level}`, () => assert.equal(headingLevelFromName(name), level));
