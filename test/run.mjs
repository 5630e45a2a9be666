#!/usr/bin/env node
// Runs every test file under test/ with Node's own test runner (Node 20 has no glob support in --test).
// `--unit` skips the integration suites (files named *.int.test.ts), which need MariaDB, LibreOffice or Chromium.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { missingPrerequisites, prerequisitesMessage } from './prerequisites.mjs';

const root = new URL('.', import.meta.url).pathname;
const unitOnly = process.argv.includes('--unit');
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'fixtures' && name !== 'node_modules') walk(p); continue; }
    if (!/\.test\.tsx?$/.test(name)) continue;
    if (unitOnly && /\.int\.test\.tsx?$/.test(name)) continue;
    if (filters.length && !filters.some((f) => p.includes(f))) continue;
    files.push(relative(process.cwd(), p));
  }
})(root);
if (files.length === 0) { console.error('no test files found'); process.exit(1); }
if (files.some((f) => /\.int\.test\.tsx?$/.test(f))) {
  const missing = await missingPrerequisites();
  if (missing.length) console.error(prerequisitesMessage(missing));
  if (missing.some((m) => !m.optional)) process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', HYPERLINKER_FROM_SOURCE: '1' } });
process.exit(r.status ?? 1);
