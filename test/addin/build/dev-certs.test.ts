// The dev certificate on Linux without sudo: generated into a directory and used without installing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { certPaths, uninstalledHttpsOptions } from '../../../addin/build/dev-certs.mjs';

test('generates a localhost certificate signed by its own CA, once, without installing it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'addin-certs-'));
  try {
    const logs: string[] = [];
    const first = await uninstalledHttpsOptions(dir, (m) => logs.push(m));
    assert.equal(logs.length, 1);
    assert.match(logs[0]!, /not installed/);
    const cert = new X509Certificate(first.cert);
    const ca = new X509Certificate(first.ca);
    assert.ok(cert.checkHost('localhost'), 'valid for localhost');
    assert.ok(cert.verify(ca.publicKey), 'signed by the generated CA');
    assert.match(first.key.toString(), /PRIVATE KEY/);
    const mtime = statSync(certPaths(dir).cert).mtimeMs;
    const again = await uninstalledHttpsOptions(dir, (m) => logs.push(m));
    assert.equal(logs.length, 1, 'reused, not generated again');
    assert.equal(statSync(certPaths(dir).cert).mtimeMs, mtime);
    assert.deepEqual(again.cert, first.cert);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
