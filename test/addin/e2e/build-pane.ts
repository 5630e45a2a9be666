// Builds the task pane with the project's webpack config into a directory for the browser test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const repo = new URL('../../../', import.meta.url).pathname;

export function buildPane(outDir: string): void {
  const webpack = join(repo, 'node_modules/.bin/webpack');
  const r = spawnSync(webpack, ['--mode', 'development', '--env', `outDir=${outDir}`], { cwd: repo, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0 || !existsSync(join(outDir, 'demo.html'))) throw new Error(`webpack failed:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
}
