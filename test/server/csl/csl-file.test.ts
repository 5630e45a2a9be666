import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CslFileError, MAX_CSL_BYTES, parseCslFile } from '../../../server/csl/csl-file.ts';
import { citeprocEnginesBuilt } from '../../helpers/citeproc-engines.ts';
import { deepCsl, fanOutCsl, recursiveCsl } from '../../helpers/hostile-csl.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
function problem(bytes: Uint8Array): string {
  try {
    parseCslFile(bytes);
  } catch (err) {
    assert.ok(err instanceof CslFileError);
    return err.reason;
  }
  return 'accepted';
}

test('a real CSL style is accepted with its id, title and family', () => {
  const s = parseCslFile(readFileSync(new URL('../../../server/csl/styles/ieee.csl', import.meta.url)));
  assert.equal(s.id, 'ieee');
  assert.equal(s.family, 'numeric');
  assert.match(s.key, /^upload:[0-9a-f]{64}$/);
});

test('bad uploads are refused with the problem named', () => {
  assert.equal(problem(new Uint8Array()), 'csl_empty');
  assert.equal(problem(new Uint8Array(MAX_CSL_BYTES + 1).fill(32)), 'csl_too_large');
  assert.equal(problem(new Uint8Array([0x3c, 0xff, 0xfe])), 'csl_not_utf8');
  assert.equal(problem(enc('<?xml version="1.0"?><!DOCTYPE style [<!ENTITY x "y">]><style/>')), 'csl_dtd_forbidden');
  assert.equal(problem(enc('<style xmlns="http://purl.org/net/xbiblio/csl"><info>')), 'csl_not_xml');
  assert.equal(problem(enc('<html><body/></html>')), 'csl_not_a_style');
  assert.equal(problem(enc('<style xmlns="http://example.org/other"><bibliography/></style>')), 'csl_not_a_style');
  assert.equal(problem(enc('<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0"><info/><citation><layout/></citation></style>')), 'csl_no_bibliography');
  assert.equal(problem(enc('<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0"><info/><citation><layout><text variable="title"/></layout></citation><bibliography><layout><text macro="nope"/></layout></bibliography></style>')), 'csl_rejected_by_processor');
});

test('a style nested 30,000 deep (210 KB) is refused as too deep, not thrown past the checks (it answered 500)', () => {
  assert.equal(problem(enc(deepCsl(30_000))), 'csl_too_deep');
});

test('explosive and recursive macros are refused before any engine is built', () => {
  assert.equal(problem(enc(fanOutCsl(40))), 'csl_macro_expansion');
  assert.equal(problem(enc(recursiveCsl())), 'csl_macro_recursion');
});

test('the size limit is 256 KB: the largest bundled style fits', () => {
  assert.equal(MAX_CSL_BYTES, 262_144);
  const chicago = readFileSync(new URL('../../../server/csl/styles/chicago-shortened-notes-bibliography.csl', import.meta.url));
  assert.ok(chicago.length < MAX_CSL_BYTES);
  assert.equal(parseCslFile(chicago).family, 'note');
});

test('checking a file caches no engine (callers cache the checked style): each check builds its own', () => {
  const apa = readFileSync(new URL('../../../server/csl/styles/apa.csl', import.meta.url));
  const before = citeprocEnginesBuilt();
  parseCslFile(apa);
  parseCslFile(apa);
  assert.equal(citeprocEnginesBuilt(), before + 2);
});
