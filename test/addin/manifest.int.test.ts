// manifest.xml against the task-pane manifest XSDs with xmllint (Debian libxml2-utils), offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateManifest, xmllintPath, manifestPolicyProblems } from './validate-manifest.ts';

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

test('policy: WordApi 1.5, localhost source and present icons', () => {
  assert.deepEqual(manifestPolicyProblems(xml), []);
  const problems = manifestPolicyProblems(xml.replace('MinVersion="1.5"', 'MinVersion="1.3"').replace('icon-16.png', 'icon-17.png'));
  assert.equal(problems.length, 2);
});
