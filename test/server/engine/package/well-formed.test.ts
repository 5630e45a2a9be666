// The checks a part's bytes pass before parsing, one row per case: encodings (UTF-8 with or without a
// byte order mark, UTF-16 with one, converted to UTF-8) and well-formedness (tags nest, one root).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocxRejectedError } from '../../../../server/engine/errors.ts';
import { assertWellFormed, decodePart } from '../../../../server/engine/package/well-formed.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const utf16 = (s: string, le: boolean) => {
  const out = new Uint8Array(2 + s.length * 2);
  out.set(le ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + 2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 + 2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
};
const rejected = (reason: string) => (err: unknown) => err instanceof DocxRejectedError && err.reason === reason && /word\/document\.xml/.test(err.message);

test('UTF-8 passes unchanged, with or without a byte order mark', () => {
  const plain = utf8('<a>é</a>');
  assert.equal(decodePart(plain, 'word/document.xml'), plain);
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
  assert.equal(decodePart(bom, 'word/document.xml'), bom);
});

for (const le of [true, false]) {
  test(`UTF-16 ${le ? 'little' : 'big'} endian becomes UTF-8 and its declaration says so`, () => {
    const out = decodePart(utf16('<?xml version="1.0" encoding="UTF-16"?><a>é</a>', le), 'word/document.xml');
    assert.equal(new TextDecoder().decode(out), '<?xml version="1.0" encoding="UTF-8"?><a>é</a>');
  });
}

const badEncodings: Array<[string, Uint8Array]> = [
  ['invalid UTF-8', new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c])],
  ['a NUL byte in UTF-8', utf8('<a>\u0000</a>')],
  ['a NUL character in UTF-16', utf16('<a>\u0000</a>', true)],
  ['a lone surrogate in UTF-16', utf16('<a>\ud800</a>', true)],
];
for (const [name, bytes] of badEncodings) {
  test(`invalid-encoding: ${name}`, () => assert.throws(() => decodePart(bytes, 'word/document.xml'), rejected('invalid-encoding')));
}

const wellFormed: Array<[string, string]> = [
  ['nested elements, attributes with > in quotes', '<?xml version="1.0"?><w:document a="x>y"><w:body><w:p/><w:p><w:t>a &lt; b</w:t></w:p></w:body></w:document>'],
  ['comments, CDATA and processing instructions', '<a><!-- <b> --><![CDATA[</c>]]><?pi </d>?></a><!-- after -->\n'],
  ['the predefined entities and character references, in text and attributes', '<a t="&quot;&amp;&#x41;">&lt;&gt;&amp;&apos;&quot;&#169;&#xA9;</a>'],
  ['an ampersand inside a comment, CDATA or a processing instruction', '<a><!-- & --><![CDATA[&foo;]]><?pi a & b?>x</a>'],
];
for (const [name, xml] of wellFormed) test(`well-formed: ${name}`, () => assertWellFormed(utf8(xml), 'word/document.xml'));

const malformed: Array<[string, string]> = [
  ['a mismatched end tag', '<a><b></a></b>'],
  ['an unclosed element', '<a><b></b>'],
  ['an end tag without a start', '<a></a></b>'],
  ['two roots', '<a/><b/>'],
  ['text after the root', '<a></a>text'],
  ['an end tag whose name only starts like the open one', '<w:pPr></w:p>'],
  ['an undeclared entity reference in text (no DOCTYPE declares it)', '<w:p><w:t>see &foo; here</w:t></w:p>'],
  ['an undeclared entity reference in an attribute value', '<w:p a="&nbsp;"/>'],
  ['a bare ampersand', '<w:t>R&D</w:t>'],
  ['a character reference without digits', '<w:t>&#x;</w:t>'],
];
for (const [name, xml] of malformed) {
  test(`malformed-xml: ${name}`, () => assert.throws(() => assertWellFormed(utf8(xml), 'word/document.xml'), rejected('malformed-xml')));
}
