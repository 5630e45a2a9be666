// systemTool: a tool found is used, a tool missing skips with its package named, and in CI a missing tool fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { systemTool } from './system-tool.ts';

test('a tool on PATH is found; a missing one skips outside CI and throws in CI', () => {
  assert.equal(systemTool('sh', '/bin/sh', 'dash', {}).skip, false);
  const missing = systemTool('no-such-tool-xyz', '/nonexistent/no-such-tool-xyz', 'pkg-xyz', {});
  assert.equal(missing.path, null);
  assert.match(String(missing.skip), /apt package pkg-xyz/);
  assert.throws(() => systemTool('no-such-tool-xyz', '/nonexistent/no-such-tool-xyz', 'pkg-xyz', { CI: 'true' }), /CI must install it/);
});
