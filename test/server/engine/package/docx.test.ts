// Reading every real file: UTF-16 parts, broken parts rejected with a reason (never scanned as an
// empty document), macro-enabled packages refused.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scan } from '../../../../server/engine/scan.ts';
import { DocxRejectedError } from '../../../../server/engine/errors.ts';
import { readZip, writeZip } from '../../../../server/engine/package/zip.ts';
import { assertWellFormed } from '../../../../server/engine/package/well-formed.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';
import { parseSettings } from '../../../../shared/settings.ts';

const settings = parseSettings({ doi: true });
const body = p('As shown in Figure 1 and earlier [1], see doi:10.1000/xyz123.') + p('Figure 1. A caption.', 'Caption') + p('References', 'Heading1') + p('1. Smith J (2010) A title. J 1: 1–2.');

async function withPart(name: string, edit: (bytes: Uint8Array) => Uint8Array, extra: Record<string, Uint8Array> = {}): Promise<Uint8Array> {
  const base = readZip(await buildDocx({ body }));
  const items = base.names().map((n) => (n === name ? { name: n, data: edit(base.bytes(n)) } : { name: n, copyFrom: base }));
  for (const [n, data] of Object.entries(extra)) items.push({ name: n, data });
  return writeZip(items);
}

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof DocxRejectedError, String(err));
    return err.reason;
  }
  return 'accepted';
}

const brief = (bytes: Uint8Array) => scan(bytes, settings).matches.map((m) => `${m.kind}:${m.sourceText}:${m.status}->${m.targetId || m.doi || ''}`);

function utf16(bytes: Uint8Array, endian: 'le' | 'be'): Uint8Array {
  const text = new TextDecoder().decode(bytes).replace('encoding="UTF-8"', 'encoding="UTF-16"');
  const le = Buffer.from('\ufeff' + text, 'utf16le');
  if (endian === 'le') return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) { be[i] = le[i + 1]!; be[i + 1] = le[i]!; }
  return be;
}

test('UTF-16 parts with a byte order mark (little and big endian) scan like their UTF-8 twin', async () => {
  const plain = brief(await buildDocx({ body }));
  assert.ok(plain.length >= 3, plain.join(' '));
  for (const endian of ['le', 'be'] as const) {
    const docx = await withPart('word/document.xml', (b) => utf16(b, endian));
    assert.deepEqual(brief(docx), plain, endian);
    const styles = await withPart('word/styles.xml', (b) => utf16(b, endian));
    assert.deepEqual(brief(styles), plain, `styles ${endian}`);
  }
});

test('a UTF-16 part is checked for a DOCTYPE too', async () => {
  const docx = await withPart('word/document.xml', (b) => {
    const text = new TextDecoder().decode(b).replace(/(<\?xml[^>]*\?>)/, '$1<!DOCTYPE d [<!ENTITY x "y">]>');
    return utf16(new TextEncoder().encode(text), 'le');
  });
  assert.equal(reason(() => scan(docx, settings)), 'doctype-forbidden');
});

test('mismatched tags in the document or in any part the engine reads: malformed-xml', async () => {
  const mismatched = await withPart('word/document.xml', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('</w:t></w:r></w:p>', '</w:t></w:p></w:r>')));
  assert.equal(reason(() => scan(mismatched, settings)), 'malformed-xml');
  const unclosed = await withPart('word/document.xml', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('</w:document>', '')));
  assert.equal(reason(() => scan(unclosed, settings)), 'malformed-xml');
  const styles = await withPart('word/styles.xml', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('</w:styles>', '</w:style>')));
  assert.equal(reason(() => scan(styles, settings)), 'malformed-xml');
  const rels = await withPart('word/_rels/document.xml.rels', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('</Relationships>', '</Relationship>')));
  assert.equal(reason(() => scan(rels, settings)), 'malformed-xml');
});

test('an undeclared entity reference (&foo; in a part without a DOCTYPE) is malformed-xml, not text', async () => {
  const docx = await withPart('word/document.xml', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('</w:t>', ' &foo; doi:10.1000/x</w:t>')));
  assert.equal(reason(() => scan(docx, settings)), 'malformed-xml');
});

test('the well-formedness check: what passes and what does not', () => {
  const ok = ['<a/>', '<?xml version="1.0"?>\n<a b="x>y"><!-- <c> --><![CDATA[<d>]]><e/></a>\n', '\ufeff<a></a >', '<a><b></b><c x=\'1\'/></a><!-- end -->'];
  for (const x of ok) assert.doesNotThrow(() => assertWellFormed(new TextEncoder().encode(x), 't'), x);
  const bad = ['<a><b></a></b>', '<a>', '<a></a><b/>', '<a></a>text', 'text<a/>', '<a><b x="1></b></a>', '<a></ab>', '</a>', '<a><!-- x </a>', ''];
  for (const x of bad) assert.equal(reason(() => assertWellFormed(new TextEncoder().encode(x), 't')), 'malformed-xml', x);
});

test('NUL bytes and invalid UTF-8 in a part: invalid-encoding', async () => {
  const nul = await withPart('word/document.xml', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('As shown', 'As\u0000shown')));
  assert.equal(reason(() => scan(nul, settings)), 'invalid-encoding');
  const latin1 = await withPart('word/document.xml', (b) => Buffer.from(new TextDecoder().decode(b).replace('As shown', 'As shówn'), 'latin1'));
  assert.equal(reason(() => scan(latin1, settings)), 'invalid-encoding');
  const numbering = await withPart('word/styles.xml', (b) => Buffer.concat([b.subarray(0, 60), Buffer.from([0xc3, 0x28]), b.subarray(60)]));
  assert.equal(reason(() => scan(numbering, settings)), 'invalid-encoding');
});

test('a macro-enabled package (VBA project, or docm content type) is refused: macro-enabled', async () => {
  const vba = await withPart('word/document.xml', (b) => b, { 'word/vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) });
  assert.equal(reason(() => scan(vba, settings)), 'macro-enabled');
  const docm = await withPart('[Content_Types].xml', (b) =>
    new TextEncoder().encode(new TextDecoder().decode(b).replace('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'application/vnd.ms-word.document.macroEnabled.main+xml')),
  );
  assert.equal(reason(() => scan(docm, settings)), 'macro-enabled');
});

test('elements named like object properties are skipped, not called; names the parser refuses are malformed-xml', async () => {
  const docx = await withPart('word/document.xml', (b) =>
    new TextEncoder().encode(new TextDecoder().decode(b).replace('<w:body>', '<w:body><toString/><isPrototypeOf><hasOwnProperty/></isPrototypeOf>').replace('</w:t></w:r>', '</w:t><hasOwnProperty/></w:r><valueOf/>')),
  );
  assert.ok(brief(docx).length >= 3);
  const refused = await withPart('word/document.xml', (b) => new TextEncoder().encode(new TextDecoder().decode(b).replace('<w:body>', '<w:body><constructor/>')));
  assert.equal(reason(() => scan(refused, settings)), 'malformed-xml');
});
