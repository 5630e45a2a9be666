// The package as a user gets it: `npm pack`, then `npm install -g` of the tarball into an empty prefix, as on a
// fresh machine with no compiler, no system libraries and no prebuilt binary from outside the npm registry
// (CC/CXX point at /bin/false, pkg-config finds nothing, npm_config_build_from_source=false). The installed
// `hyperlinker` must run from an unrelated folder with only the runtime dependencies: no add-in bundle
// packages, no build tools, no sideloading tools. Prints the installed size and package count.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

const REPO = new URL('../../', import.meta.url).pathname;
const WORK = mkdtempSync(join(tmpdir(), 'hyperlinker-pack-'));
const PREFIX = join(WORK, 'prefix');
const NO_NATIVE_BUILD = { CC: '/bin/false', CXX: '/bin/false', PKG_CONFIG_LIBDIR: '/nonexistent', npm_config_build_from_source: 'false' };
/** Packages that webpack bundles into the pane, build and test tools, and the add-in's sideloading tools. */
const NOT_RUNTIME = ['react', 'react-dom', '@fluentui/react-components', '@microsoft/office-js-helpers', 'typescript', 'webpack', 'tsx', 'esbuild', 'office-addin-debugging', 'keytar', 'playwright-core'];

function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...NO_NATIVE_BUILD };
  // The test runner's: the installed CLI must run its compiled build with no TypeScript loader.
  delete env.HYPERLINKER_FROM_SOURCE;
  delete env.NODE_OPTIONS;
  delete env.NODE_ENV;
  return env;
}

let tarball = '';
let installed = '';

before(() => {
  const pack = spawnSync('npm', ['pack', '--pack-destination', WORK, '--json', '--silent'], { cwd: REPO, encoding: 'utf8', env: userEnv(), timeout: 180_000 });
  assert.equal(pack.status, 0, pack.stderr);
  const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarball = join(WORK, info.filename);
  const paths = info.files.map((f) => f.path);
  assert.ok(paths.includes('dist/server/cli.js'), 'the compiled CLI is packed');
  assert.ok(paths.includes('LICENSE') && paths.includes('NOTICE'), 'the licence and the third-party notices are packed');
  assert.ok(!paths.some((p) => p.startsWith('test/') || p.startsWith('addin/') || p.startsWith('.ci/')), 'no tests, add-in sources or CI files');
  const install = spawnSync('npm', ['install', '-g', '--prefix', PREFIX, '--no-audit', '--no-fund', tarball], { cwd: WORK, encoding: 'utf8', env: userEnv(), timeout: 300_000 });
  assert.equal(install.status, 0, `npm install -g of the tarball failed:\n${install.stderr}`);
  installed = join(PREFIX, 'lib', 'node_modules', 'hyperlinker');
});

after(() => rmSync(WORK, { recursive: true, force: true }));

function packageDirs(nodeModules: string, out: string[] = []): string[] {
  if (!existsSync(nodeModules)) return out;
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const dir = join(nodeModules, name);
    if (name.startsWith('@')) { packageDirs(dir, out); continue; }
    if (!existsSync(join(dir, 'package.json'))) continue;
    out.push(dir);
    packageDirs(join(dir, 'node_modules'), out);
  }
  return out;
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

test('the installed package holds only runtime dependencies', () => {
  const dirs = packageDirs(join(installed, 'node_modules'));
  const names = new Set(dirs.map((d) => d.slice(d.lastIndexOf('node_modules/') + 'node_modules/'.length)));
  for (const name of NOT_RUNTIME) assert.ok(!names.has(name), `${name} is not a runtime dependency`);
  const mb = bytesUnder(installed) / 1e6;
  console.log(`packed install: ${dirs.length} packages, ${mb.toFixed(1)} MB installed (${(statSync(tarball).size / 1e6).toFixed(1)} MB tarball)`);
  assert.ok(mb < 150, `installed size ${mb.toFixed(1)} MB`);
});

test('the installed hyperlinker runs from another folder: --version, --help, link', () => {
  const bin = join(PREFIX, 'bin', 'hyperlinker');
  const version = spawnSync(bin, ['--version'], { cwd: WORK, encoding: 'utf8', env: userEnv() });
  assert.equal(version.status, 0, version.stderr);
  assert.match(version.stdout, /^hyperlinker \d+\.\d+\.\d+/);
  const help = spawnSync(bin, ['--help'], { cwd: WORK, encoding: 'utf8', env: userEnv() });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /usage: hyperlinker/);
  const out = join(WORK, 'linked.docx');
  const link = spawnSync(bin, ['link', join(installed, 'examples', 'sample.docx'), '-o', out], { cwd: WORK, encoding: 'utf8', env: userEnv(), timeout: 120_000 });
  assert.equal(link.status, 0, link.stderr);
  assert.ok(statSync(out).size > 1000, 'the linked document is written');
  const scan = spawnSync(bin, ['scan', join(installed, 'examples', 'sample.docx')], { cwd: WORK, encoding: 'utf8', env: userEnv(), timeout: 120_000 });
  assert.equal(scan.status, 0, scan.stderr);
  assert.ok((JSON.parse(scan.stdout) as { matches: unknown[] }).matches.length > 0, 'the scan packet lists matches');
});
