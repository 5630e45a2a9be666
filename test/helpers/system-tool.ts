// A system tool a test needs (haproxy, systemd-analyze): its path, or why the test is skipped. In CI (CI set, as
// .ci/run sets it) a missing tool is a failure, never a skip: .ci/run installs it. Not a test file itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Tool {
  path: string | null;
  /** The reason to give test({ skip }) when the tool is absent on a developer's machine; false otherwise. */
  skip: string | false;
}

export function systemTool(name: string, usual: string, aptPackage: string, env: NodeJS.ProcessEnv = process.env): Tool {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  const path = found || (existsSync(usual) ? usual : null);
  if (path) return { path, skip: false };
  if (env.CI) throw new Error(`${name} is not installed; CI must install it (.ci/run, apt package ${aptPackage})`);
  return { path: null, skip: `${name} is not installed (apt package ${aptPackage}); CI installs it and runs this test` };
}
