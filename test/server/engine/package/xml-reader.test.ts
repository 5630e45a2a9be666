// readXmlNodes builds the tree fast-xml-parser builds with the engine's options, for every input: the same
// nodes, or an error with the same message. Checked on every part of every corpus document, on hand-made
// edge cases, and on generated fragments.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { readXmlNodes } from '../../../../server/engine/package/xml-reader.ts';
import { CompactPool, type XmlAttrs, type XmlNode } from '../../../../server/engine/package/xml.ts';
import { readZip } from '../../../../server/engine/package/zip.ts';
import { CORPUS_DIR, corpusFile } from '../../../helpers/corpus.ts';

/** The options the engine read XML with before xml-reader.ts (suppressEmptyNode, a builder option, aside). */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  ignoreDeclaration: false,
  ignorePiTags: false,
  commentPropName: '#comment',
  jPath: false,
});

type Outcome = { nodes: unknown } | { error: string };

function outcome(read: () => unknown): Outcome {
  try {
    return { nodes: read() };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** The same outcome as fast-xml-parser's, read plain and read lean (with a pool). */
function assertSame(xml: string, label = JSON.stringify(xml.slice(0, 200))): void {
  const expected = outcome(() => parser.parse(xml));
  assert.deepEqual(outcome(() => readXmlNodes(xml)), expected, label);
  assert.deepEqual(outcome(() => readXmlNodes(xml, new CompactPool())), expected, `${label} (lean)`);
}

test('every XML part of every corpus document reads into the same tree', () => {
  let parts = 0;
  for (const name of readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.docx'))) {
    const zip = readZip(corpusFile(name));
    for (const part of zip.names().filter((n) => /\.(xml|rels)$/.test(n))) {
      assertSame(zip.text(part), `${name} ${part}`);
      parts++;
    }
  }
  assert.ok(parts > 300, `${parts} parts`);
});

const EDGE_CASES = [
  '',
  'just text',
  '<a/>',
  '<a />',
  '<a>x</a>',
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document xmlns:w="urn:w"><w:body/></w:document>\r\n',
  // Line ends, in text and in attribute values.
  '<a x="1\r\n2\r3">l1\r\nl2\rl3</a>',
  // Comments: dropped, the text on both sides joined; at the top level; unterminated.
  '<a>before<!-- c -->after</a>',
  '<!-- top --><a><!-- only --></a><!-- end -->',
  '<a><!-- never closed </a>',
  '<a>x<!- not a comment -></a>',
  // CDATA: its own text node, markers dropped, even when empty.
  '<a>t<![CDATA[x < y & z]]>u</a>',
  '<a><![CDATA[]]></a>',
  '<a><![x]]></a>',
  '<a><![CDATA[never closed</a>',
  // Processing instructions, with and without attributes, with tabs, inside and after the root.
  '<a><?pi?><?pi x="1"?><?pi\tx="1"\ty=\'2\'?>t</a>',
  '<a>text<?pi a?>more</a>',
  '<a/>\n<?after x="1"?>\n',
  '<a><?pi never closed</a>',
  // Tags: tabs, quotes, white space around '=', single quotes, '>' and '<' in values, odd spacing.
  '<a\tx="1"\ty="a\tb"/>',
  "<a x = '1' y=\"2\" z='it\"s'/>",
  '<a x="a>b" y="c<d">t</a>',
  '<a x="1"y="2"/>',
  '<a x="1/">t</a>',
  '<a  x="1"  />',
  '<a\n x="1"\n/>',
  '< a>t</a>',
  '<a x>t</a>',
  '<a x y="1" z>t</a>',
  '<a x="1" x="2" y="3"/>',
  '<a x="unterminated>t</a>',
  '<a b/>',
  '<ab ab/>',
  // White space as JavaScript's \\s counts it (no-break space, ideographic space) ends a name.
  '<a\u00a0x="1">t</a>',
  '<a\u3000x="1"/>',
  '<a\u000bx="1"/>',
  // Names the parser renames or refuses.
  '<toString>t</toString>',
  '<valueOf/>',
  '<a><hasOwnProperty x="1"/></a>',
  '<__proto__/>',
  '<constructor>t</constructor>',
  '<a></prototype>',
  '<#text>t</#text>',
  '<#text/>',
  // An element named like the document level keeps no text before a child.
  '<r><!xml>text<b/>tail</!xml></r>',
  // Text outside the root, a stray end tag, an unclosed end tag, an end tag with spaces.
  'lead<a>x</a>trail',
  '</a>text',
  '<a>t</a',
  '<a>t</a  >',
  '<a>t</b>',
  '<a><b>t</a>',
  // Declarations that are not comments or CDATA.
  '<a><!Dnot-a-doctype></a>',
  '<a><!ELEMENT x></a>',
  // Entities are left raw.
  '<a x="&amp;&#x20;">&lt;&gt;&amp;&#169;&nbsp;</a>',
  // Unclosed tags, '<' at the end.
  '<a',
  '<a><',
  '<a x="1"',
  // Surrogate pairs and non-Latin text.
  '<a x="😀">𝒜 文献 литература</a>',
];

test('hand-made edge cases: the same tree, or the same error', () => {
  for (const xml of EDGE_CASES) assertSame(xml);
});

test('nesting: 101 open elements read, 102 are an error, as in fast-xml-parser', () => {
  for (const depth of [100, 101, 102, 103]) assertSame(`${'<a>'.repeat(depth)}t${'</a>'.repeat(depth)}`, `depth ${depth}`);
});

/** A small seeded generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '<w:p>', '</w:p>', '<w:r>', '</w:r>', '<w:t xml:space="preserve">', '</w:t>', '<w:b/>', '<w:b />', '<w:sz w:val="24"/>',
  '<a x="1" y=\'2\'>', '</a>', '<a\tx="\t">', 'text', ' ', '\t', '\n', '\r\n', '\r', '&amp;', '<!-- c -->', '<![CDATA[d]]>',
  '<?pi x="1"?>', '<?pi?>', '<', '>', '/', '"', "'", '=', 'x="1"', '<toString/>', '\u00a0', '<e x>', '<e x="a/">', '</e>',
  '<!Dx>', '<![', ']]>', '-->', '<!--', '<?', '?>', 'é', '😀',
];

test('generated fragments (well-formed or not): the same tree, or the same error', () => {
  const next = random(20261123);
  for (let n = 0; n < 4000; n++) {
    let xml = '';
    const count = 1 + Math.floor(next() * 14);
    for (let i = 0; i < count; i++) xml += PIECES[Math.floor(next() * PIECES.length)];
    assertSame(xml, `case ${n}: ${JSON.stringify(xml)}`);
  }
});

test('read lean, equal attribute sets of a part are one frozen object', () => {
  const nodes = readXmlNodes('<w:p><w:r><w:t xml:space="preserve">a</w:t></w:r><w:r><w:t xml:space="preserve">b</w:t><w:b/></w:r></w:p>', new CompactPool());
  const sets: XmlAttrs[] = [];
  const walk = (list: XmlNode[]): void => {
    for (const n of list) {
      if (n[':@']) sets.push(n[':@']);
      for (const k in n) if (k !== ':@' && k !== '#text') walk(n[k] as XmlNode[]);
    }
  };
  walk(nodes);
  assert.equal(sets.length, 2);
  assert.equal(sets[0], sets[1]);
  assert.ok(Object.isFrozen(sets[0]));
});
