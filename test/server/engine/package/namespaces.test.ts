// Names resolved by namespace, not by prefix: a document written with other prefixes, or in Strict
// OOXML, scans and links exactly like its transitional twin, and the linked output keeps the
// document's own prefixes and namespaces.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { direct } from '../../../../server/engine/apply.ts';
import { scan } from '../../../../server/engine/scan.ts';
import { canonicalizeNames } from '../../../../server/engine/package/namespaces.ts';
import { parseXml } from '../../../../server/engine/package/xml.ts';
import { buildXml } from '../../../helpers/xml.ts';
import { readZip, writeZip } from '../../../../server/engine/package/zip.ts';
import { assertWellFormed } from '../../../../server/engine/package/well-formed.ts';
import { buildDocx, p, r, SUP } from '../../../helpers/docx-builder.ts';
import { parseSettings } from '../../../../shared/settings.ts';

const settings = parseSettings({ doi: true });
const body = [
  p('Introduction', 'Heading1'),
  p('As shown in Figure 1 and Table 1 and by Eq. (1), earlier work [1, 2] found it (see doi:10.1000/xyz123).'),
  `<w:p>${r('Superscript too')}${r('2', SUP)}${r('.')}</w:p>`,
  `<w:p><m:oMathPara><m:oMath><m:r><m:t>E=mc</m:t></m:r></m:oMath></m:oMathPara>${r('\t(1)')}</w:p>`,
  p('Figure 1. A caption.', 'Caption'),
  p('Table 1. Another caption.', 'Caption'),
  p('References', 'Heading1'),
  p('1. Smith J (2010) A title. J 1: 1–2.'),
  p('2. Jones K (2011) Another title. J 2: 3–4.'),
].join('');

const STRICT: [string, string][] = [
  ['http://schemas.openxmlformats.org/wordprocessingml/2006/main', 'http://purl.oclc.org/ooxml/wordprocessingml/main'],
  ['http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships'],
  ['http://schemas.openxmlformats.org/officeDocument/2006/math', 'http://purl.oclc.org/ooxml/officeDocument/math'],
  ['http://schemas.openxmlformats.org/drawingml/2006/main', 'http://purl.oclc.org/ooxml/drawingml/main'],
  ['http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing', 'http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing'],
];

/** Rewrites every XML part of a package with `edit`. */
function rewrite(docx: Uint8Array, edit: (xml: string, name: string) => string): Uint8Array {
  const zip = readZip(docx);
  return writeZip(zip.names().map((name) => (/\.(xml|rels)$/.test(name) ? { name, data: Buffer.from(edit(zip.text(name), name)) } : { name, copyFrom: zip })));
}

/** The same document with the prefixes w → x, r → rel, m → ns3. */
function otherPrefixes(docx: Uint8Array): Uint8Array {
  return rewrite(docx, (xml) => xml.replace(/(<\/?|\s)w:/g, '$1x:').replace(/(<\/?|\s)r:/g, '$1rel:').replace(/(<\/?|\s)m:/g, '$1ns3:').replace('xmlns:w=', 'xmlns:x=').replace('xmlns:r=', 'xmlns:rel=').replace('xmlns:m=', 'xmlns:ns3='));
}

/** The same document in Strict OOXML: purl.oclc.org namespaces and relationship types. */
function strict(docx: Uint8Array): Uint8Array {
  return rewrite(docx, (xml) => {
    let out = xml;
    for (const [t, s] of STRICT) out = out.split(`"${t}"`).join(`"${s}"`);
    return out.split('http://schemas.openxmlformats.org/officeDocument/2006/relationships/').join('http://purl.oclc.org/ooxml/officeDocument/relationships/');
  });
}

const brief = (bytes: Uint8Array) => scan(bytes, settings).matches.map((m) => `${m.kind}:${m.sourceText}:${m.status}->${m.targetId || m.doi || ''}@${m.location.paragraph}`);

test('a document written with other prefixes, and its Strict OOXML twin, scan exactly like the transitional original', async () => {
  const original = await buildDocx({ body });
  const plain = brief(original);
  assert.ok(plain.some((m) => m.startsWith('equation:')) && plain.some((m) => m.startsWith('citation:2')) && plain.some((m) => m.startsWith('figure:')), plain.join(' '));
  assert.deepEqual(brief(otherPrefixes(original)), plain, 'other prefixes');
  assert.deepEqual(brief(strict(original)), plain, 'strict');
  assert.deepEqual(brief(strict(otherPrefixes(original))), plain, 'strict with other prefixes');
});

test('the linker writes in the document\'s own prefixes and namespaces: the output is valid and rescans like the original\'s output', async () => {
  const original = await buildDocx({ body });
  const base = direct(original, settings);
  const rescanned = (bytes: Uint8Array) => scan(bytes, settings).matches.map((m) => `${m.kind}:${m.sourceText}:${m.status}:${m.reason ?? ''}`);
  for (const [label, twin] of [['prefixes', otherPrefixes(original)], ['strict', strict(original)]] as const) {
    const out = direct(twin, settings);
    assert.equal(out.linkCount, base.linkCount, label);
    const zip = readZip(out.docx);
    const xml = zip.text('word/document.xml');
    assertWellFormed(Buffer.from(xml), 'word/document.xml');
    if (label === 'prefixes') {
      assert.ok(!/<\/?w:/.test(xml), 'no element in the w prefix the document does not declare');
      assert.match(xml, /<x:hyperlink [^>]*x:anchor="/);
      assert.match(xml, /<x:hyperlink [^>]*rel:id="/);
      assert.match(xml, /<x:bookmarkStart /);
      assert.ok(!/xmlns:w=/.test(xml));
    } else {
      assert.match(xml, /xmlns:w="http:\/\/purl\.oclc\.org\/ooxml\/wordprocessingml\/main"/);
      assert.ok(!xml.includes('schemas.openxmlformats.org/wordprocessingml'));
      const rels = zip.text('word/_rels/document.xml.rels');
      assert.match(rels, /Type="http:\/\/purl\.oclc\.org\/ooxml\/officeDocument\/relationships\/hyperlink"/);
      assert.ok(!rels.includes('schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink'));
    }
    assert.deepEqual(rescanned(out.docx), rescanned(base.docx), `${label}: the linked twin rescans like the linked original`);
  }
});

test('canonical names: a default namespace, and a foreign namespace on a canonical prefix, are read and written back', () => {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const doc = parseXml(`<document xmlns="${W}" xmlns:q="${W}" xmlns:w="urn:other"><body><p><r><t q:space="x">Hi</t></r><w:foo/></p></body></document>`);
  canonicalizeNames(doc);
  const text = JSON.stringify(doc.nodes);
  assert.ok(text.includes('"w:document"') && text.includes('"w:t"') && text.includes('"@_w:space"') && text.includes('"w_ns:foo"'), text);
  assert.equal(buildXml(doc), `<document xmlns="${W}" xmlns:q="${W}" xmlns:w="urn:other"><body><p><r><t q:space="x">Hi</t></r><w:foo/></p></body></document>`);
  const usual = parseXml(`<w:document xmlns:w="${W}"><w:body/></w:document>`);
  canonicalizeNames(usual);
  assert.equal(usual.prefixes, undefined, 'a part on the usual prefixes is left as it is');
});
