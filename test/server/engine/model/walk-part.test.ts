// Walking one story part: each paragraph's visible text and the offset map back to the runs, per element kind
// the walk handles (one row per kind), and what it records beside the text: fields, existing links,
// bookmarks, notes, tables and text boxes. What the detectors read and the linker splits runs by.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { walkPart, type PartWalkResult } from '../../../../server/engine/model/walk-part.ts';
import { readNumbering } from '../../../../server/engine/model/numbering.ts';
import { readStyles } from '../../../../server/engine/model/styles.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { rawText, rootOf, unescapeXml } from '../../../../server/engine/package/xml.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';

/** Walks word/document.xml of a package built from the given body, or word/footnotes.xml built from { footnotes }. */
async function walk(spec: string | { footnotes: string }): Promise<PartWalkResult> {
  const notes = typeof spec !== 'string';
  const pkg = openDocx(await buildDocx(notes ? { body: p('x'), footnotes: spec.footnotes } : { body: spec }));
  const part = notes ? 'word/footnotes.xml' : pkg.mainPart;
  return walkPart(part, rootOf(pkg.xml(part)), readStyles(pkg.xml('word/styles.xml')), readNumbering(undefined));
}

/** The offset map as one string per piece: its text, kind, containers and hold ("1|text|w:ins|", "x|math||math"). */
const map = (para: ModelParagraph) =>
  para.pieces.map((x) => `${para.text.slice(x.start, x.end)}|${x.kind}|${x.containers.join('>')}|${x.hold ?? ''}`);

const fld = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
const instr = (text: string) => `<w:r><w:instrText xml:space="preserve">${text}</w:instrText></w:r>`;
const field = (instruction: string, result: string) => fld('begin') + instr(instruction) + fld('separate') + r(result) + fld('end');
const sdt = (tag: string, inner: string) => `<w:sdt><w:sdtPr>${tag}</w:sdtPr><w:sdtContent>${inner}</w:sdtContent></w:sdt>`;

/** [element kind, paragraph content, visible text, offset map]. */
const rows: Array<[string, string, string, string[]]> = [
  ['runs: one piece per run, in order', r('See Fig') + r('ure ') + r('1'), 'See Figure 1', ['See Fig|text||', 'ure |text||', '1|text||']],
  ['entities in w:t are decoded', r('A & B <1>'), 'A & B <1>', ['A & B <1>|text||']],
  ['tabs (w:tab, w:ptab) are one character', '<w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:ptab w:relativeTo="margin" w:alignment="right" w:leader="none"/></w:r>', 'a\tb\t', ['a|text||', '\t|tab||', 'b|text||', '\t|tab||']],
  ['breaks (w:br, w:cr) are one newline', '<w:r><w:t>a</w:t><w:br/><w:t>b</w:t><w:cr/></w:r>', 'a\nb\n', ['a|text||', '\n|break||', 'b|text||', '\n|break||']],
  ['symbols and non-breaking hyphens are one character; soft hyphens and rendered page breaks none',
    '<w:r><w:t>x</w:t><w:sym w:font="Symbol" w:char="03B2"/><w:noBreakHyphen/><w:softHyphen/><w:lastRenderedPageBreak/><w:t>y</w:t></w:r>',
    'x\u03b2\u2011y', ['x|text||', '\u03b2|symbol||', '\u2011|hyphen||', 'y|text||']],
  ['a complex field: the instruction (split over runs) is hidden, the REF result held',
    r('See ') + fld('begin') + instr(' REF _Ref7') + instr(' \\h ') + fld('separate') + r('Table 3') + fld('end') + r('.'),
    'See Table 3.', ['See |text||', 'Table 3|text||existing-cross-reference', '.|text||']],
  ['a field nested in another field\'s instruction shows nothing; the outer result shows',
    fld('begin') + instr(' IF ') + field(' REF _Ref1 ', 'hidden') + instr(' = 1 "a" "b" ') + fld('separate') + r('shown') + fld('end'),
    'shown', ['shown|text||']],
  ['a SEQ field result is visible and not held', r('Figure ') + field(' SEQ Figure \\* ARABIC ', '4'), 'Figure 4', ['Figure |text||', '4|text||']],
  ['a citation manager field result is held', field(' ADDIN ZOTERO_ITEM CSL_CITATION {} ', '(Lee 2020)'), '(Lee 2020)', ['(Lee 2020)|text||citation-manager-field']],
  ['a TOC field result is held as a field result', field(' TOC \\o "1-3" ', 'Introduction'), 'Introduction', ['Introduction|text||field-result']],
  ['w:hyperlink: its text is held, inside the link container',
    r('at ') + `<w:hyperlink r:id="rId9">${r('doi.org/10.1/x')}</w:hyperlink>`,
    'at doi.org/10.1/x', ['at |text||', 'doi.org/10.1/x|text|w:hyperlink|existing-hyperlink']],
  ['w:fldSimple: a HYPERLINK is held, a SEQ not',
    `<w:fldSimple w:instr=" HYPERLINK &quot;https://a.org&quot; ">${r('a.org')}</w:fldSimple>${r(' ')}<w:fldSimple w:instr=" SEQ Table ">${r('2')}</w:fldSimple>`,
    'a.org 2', ['a.org|text|w:fldSimple|existing-hyperlink', ' |text||', '2|text|w:fldSimple|']],
  ['smart tags, custom XML and direction containers pass their text through',
    `<w:smartTag w:uri="u" w:element="place"><w:smartTagPr/>${r('Oslo')}</w:smartTag><w:customXml w:element="c">${r(' 5')}</w:customXml><w:dir w:val="rtl">${r(' x')}</w:dir><w:bdo w:val="ltr">${r(' y')}</w:bdo>`,
    'Oslo 5 x y', ['Oslo|text|w:smartTag|', ' 5|text|w:customXml|', ' x|text|w:dir|', ' y|text|w:bdo|']],
  ['content controls: plain ones pass through; citation tags and w:citation controls are held',
    sdt('<w:tag w:val="plain"/>', r('Table 1')) + sdt('<w:alias w:val="Zotero citation"/>', r(' [2]')) + sdt('<w:tag w:val="MENDELEY_CITATION_v3_e30"/>', r(' [3]')) + sdt('<w:citation/>', r(' (Li 2019)')),
    'Table 1 [2] [3] (Li 2019)', ['Table 1|text|w:sdt|', ' [2]|text|w:sdt|citation-manager-field', ' [3]|text|w:sdt|citation-manager-field', ' (Li 2019)|text|w:sdt|citation-manager-field']],
  ['track changes: inserted and moved-to text counts, deleted and moved-from text does not',
    r('in ') + `<w:del w:id="1" w:author="a"><w:r><w:delText>Fig 2</w:delText></w:r></w:del><w:ins w:id="2" w:author="a">${r('Fig 3')}</w:ins>` +
      `<w:moveFrom w:id="3" w:author="a">${r(' old')}</w:moveFrom><w:moveTo w:id="4" w:author="a">${r(' new')}</w:moveTo>`,
    'in Fig 3 new', ['in |text||', 'Fig 3|text|w:ins|', ' new|text|w:moveTo|']],
  ['a deletion inside an insertion does not count; containers nest outermost first',
    `<w:ins w:id="1" w:author="a"><w:hyperlink w:anchor="_Ref1">${r('Eq. 1')}</w:hyperlink><w:del w:id="2" w:author="a"><w:r><w:delText>x</w:delText></w:r></w:del></w:ins>`,
    'Eq. 1', ['Eq. 1|text|w:ins>w:hyperlink|existing-hyperlink']],
  ['footnote and endnote references, comments and proofing marks add no text',
    `${r('Moss')}<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="2"/></w:r><w:proofErr w:type="spellStart"/><w:commentRangeStart w:id="0"/>${r(' grows')}<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>`,
    'Moss grows', ['Moss|text||', ' grows|text||']],
  ['inline markup-compatibility content: the Choice counts, the Fallback does not',
    `<mc:AlternateContent><mc:Choice Requires="w14">${r('new')}</mc:Choice><mc:Fallback>${r('old')}</mc:Fallback></mc:AlternateContent>`,
    'new', ['new|text||']],
  ['math (OMML) text is visible and held', r('if ') + '<m:oMath><m:r><m:t>x&lt;1</m:t></m:r><m:sSup><m:e><m:r><m:t>y</m:t></m:r></m:e></m:sSup></m:oMath>', 'if x<1y', ['if |text||', 'x<1|math||math', 'y|math||math']],
];

for (const [name, inner, text, pieces] of rows) {
  test(`offset map: ${name}`, async () => {
    const { paragraphs } = await walk(`<w:p>${inner}</w:p>`);
    assert.equal(paragraphs.length, 1);
    const para = paragraphs[0]!;
    assert.equal(para.text, text);
    assert.deepEqual(map(para), pieces);
  });
}

test('every piece points at the node that holds its text, inside its run, inside the array that holds the run', async () => {
  const { paragraphs } = await walk(`<w:p>${r('a & b')}<w:ins w:id="1" w:author="a">${r('c')}</w:ins><w:r><w:t>d</w:t><w:tab/><w:t>e</w:t></w:r></w:p>`);
  const para = paragraphs[0]!;
  let at = 0;
  for (const x of para.pieces) {
    assert.equal(x.start, at, 'pieces tile the text');
    at = x.end;
    assert.ok(x.runSiblings.includes(x.run));
    if (x.kind === 'text') assert.equal(unescapeXml(rawText(x.node)), para.text.slice(x.start, x.end));
  }
  assert.equal(at, para.text.length);
  assert.notEqual(para.pieces[0]!.runSiblings, para.pieces[1]!.runSiblings, 'the inserted run has its own parent');
  assert.equal(para.pieces[2]!.run, para.pieces[4]!.run, 'pieces of one run share it');
});

test('direct run properties: bold, superscript and subscript flags; w:b w:val="0" is not bold', async () => {
  const { paragraphs } = await walk(`<w:p>${r('a', '<w:b/>')}${r('1', '<w:vertAlign w:val="superscript"/>')}${r('2', '<w:vertAlign w:val="subscript"/>')}${r('b', '<w:b w:val="0"/>')}</w:p>`);
  assert.deepEqual(paragraphs[0]!.pieces.map((x) => [x.bold, x.superscript, x.subscript]), [[true, false, false], [false, true, false], [false, false, true], [false, false, false]]);
});

test('fields and links are recorded with their ranges; a field result crossing paragraphs is held in each', async () => {
  const { paragraphs } = await walk(
    `<w:p>${r('See ')}${field(' REF _Ref7 \\h ', 'Table 3')}${r(' and ')}<w:hyperlink w:anchor="_Toc1">${r('Methods')}</w:hyperlink></w:p>` +
      `<w:p>${fld('begin')}${instr(' ADDIN EN.REFLIST ')}${fld('separate')}${r('1. Lee')}</w:p><w:p>${r('2. Kim')}${fld('end')}${r(' after')}</w:p>`,
  );
  const [a, b, c] = paragraphs;
  assert.deepEqual(a!.fields, [{ start: 4, end: 11, instruction: 'REF _Ref7 \\h', type: 'REF' }]);
  assert.deepEqual(a!.links, [{ start: 16, end: 23, anchor: '_Toc1', relId: undefined }]);
  assert.deepEqual(map(b!), ['1. Lee|text||citation-manager-field']);
  assert.deepEqual(map(c!), ['2. Kim|text||citation-manager-field', ' after|text||']);
  assert.deepEqual([b!.fields, c!.fields].map((fs) => fs.map((f) => [f.start, f.end, f.type])), [[[0, 6, 'ADDIN']], [[0, 6, 'ADDIN']]]);
});

test('bookmarks: names at their offsets, every name listed, the highest id kept', async () => {
  const mark = (id: number, name: string) => `<w:bookmarkStart w:id="${id}" w:name="${name}"/>`;
  const { paragraphs, bookmarkNames, maxBookmarkId } = await walk(
    `<w:p>${mark(3, '_Ref1')}${r('Table 1')}<w:bookmarkEnd w:id="3"/>${r(' shows')}${mark(12, '_GoBack')}<w:bookmarkEnd w:id="12"/></w:p><w:p>${r('x')}${mark(5, 'second')}</w:p>`,
  );
  assert.deepEqual(paragraphs[0]!.bookmarks, [{ name: '_Ref1', id: '3', start: 0 }, { name: '_GoBack', id: '12', start: 13 }]);
  assert.deepEqual(paragraphs[1]!.bookmarks, [{ name: 'second', id: '5', start: 1 }]);
  assert.deepEqual(bookmarkNames, ['_Ref1', '_GoBack', 'second']);
  assert.equal(maxBookmarkId, 12);
});

test('block structure: table cells, block content controls and text boxes are paragraphs in document order', async () => {
  const box = (t: string) => `<w:txbxContent>${p(t)}</w:txbxContent>`;
  const anchor =
    `<w:p>${r('Anchor ')}<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx>${box('In box')}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape><v:textbox>${box('In box')}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>${r('end')}</w:p>`;
  const body =
    p('Before') +
    `<w:tbl><w:tblPr/><w:tblGrid/><w:tr><w:trPr/><w:tc><w:tcPr/>${p('A1')}</w:tc><w:tc>${p('B1')}</w:tc></w:tr></w:tbl>` +
    sdt('<w:tag w:val="abstract"/>', p('Abstract')) +
    anchor +
    `<w:del w:id="9" w:author="a">${p('deleted block')}</w:del>` +
    p('After');
  const { paragraphs } = await walk(body);
  assert.deepEqual(paragraphs.map((x) => [x.index, x.text, x.inTable, x.inTextBox]), [
    [0, 'Before', false, false],
    [1, 'A1', true, false],
    [2, 'B1', true, false],
    [3, 'Abstract', false, false],
    [4, 'Anchor end', false, false],
    [5, 'In box', false, true],
    [6, 'After', false, false],
  ]);
  assert.deepEqual(paragraphs[4]!.pieces.map((x) => [x.start, x.end]), [[0, 7], [7, 10]], 'the anchor paragraph\'s offsets go on after the box');
});

test('notes: each paragraph knows its note id; the note reference mark adds no text', async () => {
  const note = (id: string, inner: string) => `<w:footnote w:id="${id}">${inner}</w:footnote>`;
  const { paragraphs } = await walk({ footnotes: note('-1', '<w:p><w:r><w:separator/></w:r></w:p>') + note('1', `<w:p><w:r><w:footnoteRef/></w:r>${r(' See [2].')}</w:p>${p('More.')}`) });
  assert.deepEqual(paragraphs.map((x) => [x.part, x.noteId, x.text]), [
    ['word/footnotes.xml', '-1', ''],
    ['word/footnotes.xml', '1', ' See [2].'],
    ['word/footnotes.xml', '1', 'More.'],
  ]);
});
