// The systemd units of docs/deploy.md pass `systemd-analyze verify` with nothing to say (its warnings, such as an
// unknown key or a bad value, go to stderr with exit code 0, so any output fails), and a broken copy is caught.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REPO_ROOT } from '../helpers/corpus.ts';
import { systemTool } from '../helpers/system-tool.ts';

const tool = systemTool('systemd-analyze', '/usr/bin/systemd-analyze', 'systemd');
const UNITS = ['hyperlinker@.service', 'hyperlinker-migrate.service'];
const scratch = mkdtempSync(join(tmpdir(), 'units-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function verify(path: string): { status: number | null; output: string } {
  // PID 1 is not systemd on build machines: verify reads the unit file alone (no manager needed).
  const r = spawnSync(tool.path!, ['verify', path], { encoding: 'utf8', cwd: scratch, env: { ...process.env, SYSTEMD_LOG_COLOR: '0' } });
  return { status: r.status, output: `${r.stdout}${r.stderr}`.trim() };
}

test('deploy/*.service pass systemd-analyze verify without a warning', { skip: tool.skip }, () => {
  for (const unit of UNITS) {
    const r = verify(join(REPO_ROOT, 'deploy', unit));
    assert.deepEqual(r, { status: 0, output: '' }, unit);
  }
});

test('a unit with an unknown key, a bad value or a missing program is reported', { skip: tool.skip }, () => {
  const text = readFileSync(join(REPO_ROOT, 'deploy', UNITS[0]!), 'utf8');
  const cases: Array<[string, string, RegExp]> = [
    ['Restart=on-failure', 'Restrat=on-failure', /Unknown key 'Restrat'/],
    ['KillMode=mixed', 'KillMode=bogus', /kill mode/i],
    ['/usr/bin/node ', '/usr/bin/no-such-node ', /not executable|No such file/],
  ];
  for (const [from, to, expected] of cases) {
    assert.ok(text.includes(from), from);
    const path = join(scratch, UNITS[0]!);
    writeFileSync(path, text.replace(from, to));
    assert.match(verify(path).output, expected, to);
  }
});
