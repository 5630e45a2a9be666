// `npm test` on a machine without the integration tests' system tools names what is missing and the Debian
// packages to install, and exits 1 before running any integration test (a newcomer's first run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a plain ES module of the test runner, without types
import { prerequisitesMessage } from './prerequisites.mjs';

test('an integration run on a machine with none of the tools names each and the apt-get line, exit 1', () => {
  // A PATH holding only node and sh: no soffice, xmllint, pdftotext on it (Chromium and python3 are also looked
  // for at their Debian paths, which the tests use, so they may be found).
  const bin = mkdtempSync(join(tmpdir(), 'hl-bare-path-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  symlinkSync('/bin/sh', join(bin, 'sh'));
  const run = spawnSync(process.execPath, ['test/run.mjs', 'test/server/http/account-concurrency.int'], { env: { PATH: bin, HOME: tmpdir() }, encoding: 'utf8' });
  assert.equal(run.status, 1);
  for (const name of ['soffice', 'xmllint', 'pdftotext']) assert.match(run.stderr, new RegExp(name), run.stderr);
  assert.match(run.stderr, /apt-get install -y .*libreoffice-writer-nogui.*libxml2-utils.*poppler-utils/);
  assert.doesNotMatch(run.stdout, /# pass/, 'no test ran');
});

test('only optional tools missing: a note of what will skip, not a failure', () => {
  const message = (prerequisitesMessage as (m: unknown[]) => string)([{ what: 'HAProxy, for the fleet test', pkg: 'haproxy', optional: true }]);
  assert.match(message, /will skip: HAProxy/);
  assert.match(message, /apt-get install -y haproxy/);
});
