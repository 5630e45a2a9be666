// Static bounds of an uploaded CSL style (issue 24, item 1): found from the tags alone, before any XML tree or
// citeproc engine exists, and every bundled style well inside them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { measureCslShape } from '../../../server/csl/csl-bounds.ts';
import { deepCsl, fanOutCsl, manyMacrosCsl, recursiveCsl } from '../../helpers/hostile-csl.ts';

// The bounds an uploaded style is held to (csl-bounds.ts): element depth, <macro> definitions, elements run
// for one item with every macro call expanded, macro calls × elements (the engine's build cost).
const MAX_CSL_DEPTH = 64;
const MAX_CSL_MACROS = 1000;
const MAX_CSL_EXPANSION = 50_000;
const MAX_CSL_BUILD = 3_000_000;

const reason = (xml: string): string => {
  const r = measureCslShape(xml);
  return 'reason' in r ? r.reason : 'accepted';
};

test('every bundled style passes, with room: depth, macros and expansion well under the bounds', () => {
  const dir = new URL('../../../server/csl/styles/', import.meta.url);
  let worst = 0;
  for (const name of readdirSync(dir)) {
    const shape = measureCslShape(readFileSync(new URL(name, dir), 'utf8'));
    assert.ok(!('reason' in shape), `${name}: ${JSON.stringify(shape)}`);
    assert.ok(shape.depth <= MAX_CSL_DEPTH / 2 && shape.macros <= MAX_CSL_MACROS / 2 && shape.calls * shape.elements <= MAX_CSL_BUILD / 2, name);
    worst = Math.max(worst, shape.expansion);
  }
  assert.ok(worst > 1000 && worst * 10 < MAX_CSL_EXPANSION, `dearest bundled style expands to ${worst}`);
});

test('macros that call each other twice, 40 deep, are refused; 10 deep (1,024 per entry) is accepted', () => {
  assert.equal(reason(fanOutCsl(40)), 'csl_macro_expansion');
  assert.equal(reason(fanOutCsl(16)), 'csl_macro_expansion');
  const ten = measureCslShape(fanOutCsl(10));
  assert.ok(!('reason' in ten));
  // the layouts' text elements each run m0: 2 × (1 + m0), m0 = 2^10 titles plus the groups and calls
  assert.ok(ten.expansion > 2 * 1024 && ten.expansion < 2 * 4 * 1024, String(ten.expansion));
});

test('a choose costs its dearest branch, not the sum of its branches', () => {
  const branches = Array.from({ length: 8 }, (_, i) => `<if variable="v${i}"><text macro="wide"/></if>`).join('');
  const wide = `<macro name="wide">${'<text variable="title"/>'.repeat(20_000)}</macro>`;
  const xml = `<style xmlns="http://purl.org/net/xbiblio/csl">${wide}<bibliography><layout><choose>${branches}</choose></layout></bibliography></style>`;
  const shape = measureCslShape(xml);
  assert.ok(!('reason' in shape), JSON.stringify(shape));
  assert.ok(shape.expansion < 20_010, String(shape.expansion));
});

test('recursion, depth and macro count are refused with the limit named', () => {
  assert.equal(reason(recursiveCsl()), 'csl_macro_recursion');
  assert.equal(reason(`<style><macro name="x"><text macro="x"/></macro></style>`), 'csl_macro_recursion');
  assert.equal(reason(deepCsl(30_000)), 'csl_too_deep');
  assert.equal(reason(deepCsl(MAX_CSL_DEPTH - 10)), 'accepted');
  assert.equal(reason(manyMacrosCsl(MAX_CSL_MACROS + 1)), 'csl_too_many_macros');
  assert.equal(reason(manyMacrosCsl(MAX_CSL_MACROS)), 'accepted');
});

test('a call chain of every macro, 1,000 long, is measured without recursion', () => {
  let xml = '<style>';
  for (let i = 0; i < MAX_CSL_MACROS - 1; i++) xml += `<macro name="m${i}"><text macro="m${i + 1}"/></macro>`;
  xml += `<macro name="m${MAX_CSL_MACROS - 1}"><text variable="title"/></macro><bibliography><layout><text macro="m0"/></layout></bibliography></style>`;
  const shape = measureCslShape(xml);
  assert.ok(!('reason' in shape));
  assert.equal(shape.expansion, MAX_CSL_MACROS + 2); // the chain, the layout and its text element
});

test('comments, CDATA and processing instructions are skipped; quoted ">" inside attributes does not end a tag', () => {
  const xml = '<?xml version="1.0"?><style><!-- <macro name="x"><text macro="x"/></macro> --><macro name="a"><text value="a>b" macro="b"/></macro><macro name="b"><text value="<![CDATA[ignored]]>"/></macro><bibliography><layout><text macro="a"/></layout></bibliography></style>';
  const shape = measureCslShape(xml);
  assert.ok(!('reason' in shape), JSON.stringify(shape));
  assert.equal(shape.macros, 2);
});

test('many macro calls over a large tree (citeproc walks the tree at every call while building) are refused', () => {
  const padding = '<text variable="title"/>'.repeat(2000);
  const calls = '<text macro="a"/>'.repeat(2000);
  const xml = `<style><macro name="a"><text variable="title"/></macro><citation><layout>${padding}</layout></citation><bibliography><layout>${calls}</layout></bibliography></style>`;
  assert.equal(reason(xml), 'csl_macro_calls');
});
