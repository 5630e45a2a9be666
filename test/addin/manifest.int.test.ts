// manifest.xml against the task-pane manifest XSDs with xmllint (Debian libxml2-utils), offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateManifest, xmllintPath, manifestPolicyProblems, manifestOrigin, manifestLocaleProblems } from './validate-manifest.ts';
import { manifestForOrigin, parseAddinOrigin } from '../../addin/build/manifest-origin.mjs';

const manifestPath = new URL('../../manifest.xml', import.meta.url).pathname;
const xml = readFileSync(manifestPath, 'utf8');

function validateVariant(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
  try {
    const p = join(dir, 'manifest.xml');
    writeFileSync(p, text);
    return validateManifest(p);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('xmllint is installed', () => {
  assert.ok(xmllintPath(), 'apt-get install -y libxml2-utils');
});

test('manifest.xml validates against the XSDs and the add-in policy', () => {
  const r = validateManifest(manifestPath);
  assert.equal(r.ok, true, r.output);
  assert.match(r.output, /validates/);
});

test('the validator catches schema order mistakes (Requirements after DefaultSettings)', () => {
  const req = xml.match(/\s*<Requirements>[\s\S]*?<\/Requirements>/)![0];
  const moved = xml.replace(req, '').replace('</DefaultSettings>', `</DefaultSettings>${req}`);
  const r = validateVariant(moved);
  assert.equal(r.ok, false);
  assert.match(r.output, /Requirements/);
});

test('the validator catches an unknown element in VersionOverrides', () => {
  const r = validateVariant(xml.replace('<FunctionFile resid="Taskpane.Url"/>', '<FunctionFile resid="Taskpane.Url"/><Bogus/>'));
  assert.equal(r.ok, false);
  assert.match(r.output, /Bogus/);
});

test('policy: the lowest WordApi set (1.3), localhost source and present icons', () => {
  assert.deepEqual(manifestPolicyProblems(xml), []);
  const problems = manifestPolicyProblems(xml.replace('MinVersion="1.3"', 'MinVersion="1.5"').replace('icon-16.png', 'icon-17.png'));
  assert.equal(problems.length, 2, problems.join('\n'));
});

test('production manifest: every URL on ADDIN_ORIGIN, validated like the dev one', () => {
  const prod = manifestForOrigin(xml, 'https://addin.example.org/');
  assert.ok(!prod.includes('localhost'), 'no localhost left');
  assert.equal(manifestOrigin(prod), 'https://addin.example.org');
  const r = validateVariant(prod);
  assert.equal(r.ok, true, r.output);
  // A manifest mixing origins is caught.
  const mixed = prod.replace('<AppDomain>https://addin.example.org</AppDomain>', '<AppDomain>https://localhost:3000</AppDomain>');
  assert.ok(manifestPolicyProblems(mixed, undefined, 'https://addin.example.org').some((p) => /AppDomain/.test(p)));
});

test('ADDIN_ORIGIN must be an https origin', () => {
  assert.equal(parseAddinOrigin('https://addin.example.org:8443'), 'https://addin.example.org:8443');
  assert.throws(() => parseAddinOrigin('http://addin.example.org'), /https/);
  assert.throws(() => parseAddinOrigin('https://addin.example.org/pane'), /without a path/);
  assert.throws(() => parseAddinOrigin('addin'), /not a URL/);
});

test('the manifest speaks the pane’s languages: every localisable text has an override per locale', () => {
  assert.deepEqual(manifestLocaleProblems(xml), []);
  const noGerman = xml.replace(/\n\s*<bt:Override Locale="de-DE" Value="Manuskript verlinken"\/>/, '');
  assert.deepEqual(manifestLocaleProblems(noGerman), ['bt:String TaskpaneButton.Label has no override for de-DE.']);
  const korean = xml.replace('<Override Locale="ja-JP" Value="Hyperlinker"/>', '<Override Locale="ja-JP" Value="Hyperlinker"/><Override Locale="ko-KR" Value="Hyperlinker"/>');
  assert.deepEqual(manifestLocaleProblems(korean), ['DisplayName overrides ko-KR, which the pane does not speak.']);
  const r = validateVariant(noGerman);
  assert.equal(r.ok, false, 'the validator reports it');
});
