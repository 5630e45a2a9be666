#!/usr/bin/env node
// `node scripts/check-test-tree.mjs [--list]`: tests mirror the source tree. The test of server/a/b.ts is
// test/server/a/b.test.ts (or b.int.test.ts when it needs MariaDB, LibreOffice or Chromium; a module whose
// tests are split by aspect adds one word: b.corpus.test.ts). The script reports
//   - every source module under server/, shared/, addin/ and bin/ with no mirrored test, unless EXEMPT
//     (no logic of its own: types, re-exports, constants, thin wiring) or a KNOWN_GAP (logic with no unit
//     test yet, the ratchet: an entry whose test appears must leave the list);
//   - every test file whose path mirrors no source (under those folders, bench/, scripts/ or test/helpers/),
//     unless it is a feature-named integration suite (*.int.test.ts) or in STRAY_TESTS;
//   - every test support module (a .ts file under test/ that is not a test) outside test/helpers/ that is
//     imported from outside its own folder: shared helpers live in test/helpers/.
// Exit code 1 on any problem; test/scripts/check-test-tree.test.ts runs it with every unit test run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders whose modules must each have a mirrored test. */
export const SOURCE_ROOTS = ['server', 'shared', 'addin', 'bin'];
/** Further folders a test may mirror (tests of bench scoring, of build scripts, of test helpers). */
export const MIRROR_ONLY_ROOTS = ['bench', 'scripts', 'test/helpers'];
const SOURCE_EXT = /\.(ts|tsx|mjs|js)$/;
const TEST_EXT = /\.test\.tsx?$/;

const TYPES = 'types and interfaces only: the compiler checks them';
const WIRING = 'wiring only (builds objects from other modules and starts them): run by the integration suites';

/** Modules that need no test of their own, each with the reason. */
export const EXEMPT = new Map([
  ['server/engine/index.ts', 're-exports the engine entry points'],
  ['server/citation-style/index.ts', 're-exports style detection'],
  ['server/citation-style/version.ts', 'one constant (STYLE_DETECTOR_VERSION)'],
  ['server/engine/detect/types.ts', TYPES],
  ['server/engine/model/types.ts', TYPES],
  ['server/engine/citation-style-hooks.ts', TYPES],
  ['server/cli/command.ts', TYPES],
  ['server/resolver/ports.ts', 'interfaces, the rate and TTL constants the resolver tests use, and createResolverPort (' + WIRING + ')'],
  ['server/http/context.ts', TYPES],
  ['server/worker/protocol.ts', TYPES],
  ['addin/host/host.ts', TYPES],
  ['shared/contract.ts', 'types inferred from shared/schemas (tested in test/shared/schemas)'],
  ['shared/schemas/common.ts', 'schema building blocks, exercised by every test/shared/schemas test'],
  ['shared/schemas/errors.ts', 'the error body schema, checked on every answer of the integration suites (openapi-check)'],
  ['shared/schemas/forms.ts', 'multipart bodies described for /openapi.json only (test/shared/openapi.test.ts)'],
  ['server/engine/errors.ts', 'error classes; the reasons are asserted where they are thrown (test/server/engine/package)'],
  ['server/engine/link/stats.ts', 'the kind-to-category table and zeroed counters'],
  ['server/http/credentials.ts', 'one header-reading line, run by every authenticated integration request'],
  ['server/http/billing/payment-provider.ts', 'the provider interface and the manual provider (always paid)'],
  ['addin/review/doi.ts', 're-exports shared/doi.ts'],
  ['addin/index.tsx', 'mounts the React tree: run by test/addin/e2e/pane.int.test.ts'],
  ['bin/hyperlinker.mjs', 'starts server/cli.ts (tested) from source or dist'],
  ['server/http/main.ts', WIRING],
  ['server/http/server.ts', WIRING],
  ['server/http/logger.ts', WIRING],
  ['server/db/migrate-cli.ts', WIRING],
  ['server/worker/engine-worker.ts', 'the worker thread entry: run through server/worker/pool.ts by test/server/worker/pool.test.ts'],
  ['server/worker/csl-check-worker.ts', 'the worker thread entry: run through server/worker/csl-check-pool.ts by test/server/worker/csl-check-pool.test.ts'],
  ['addin/build/start-addin.mjs', 'starts Office sideloading (a developer tool, needs Word)'],
]);

/** Modules with logic and no mirrored unit test yet (the ratchet: remove an entry when its test is written). */
export const KNOWN_GAPS = new Map([
]);

/** Test files that mirror no source, each with the reason (feature-named *.int.test.ts suites need no entry). */
export const STRAY_TESTS = new Map([
  ['test/prerequisites.test.ts', 'tests the test runner\'s own prerequisite check (test/prerequisites.mjs), which is not a source module'],
]);

/** Test support modules outside test/helpers that are not imported by a test (run as scripts). */
export const SUPPORT_SCRIPTS = new Map([
  ['test/addin/validate-manifest.ts', 'run by `npm run validate:manifest`'],
]);

function walk(root, dir, out) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return out;
  for (const name of readdirSync(abs).sort()) {
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(join(root, rel)).isDirectory()) walk(root, rel, out);
    else out.push(rel);
  }
  return out;
}

const stripExt = (p) => p.replace(SOURCE_EXT, '');
const isSource = (p) => SOURCE_EXT.test(p) && !p.endsWith('.d.ts');

/** The module a test file mirrors (`test/a/b.x.int.test.ts` → candidates `a/b.x`, `a/b`), or null. */
export function mirroredModule(testPath, moduleSet) {
  const inner = testPath.replace(/^test\//, '').replace(TEST_EXT, '').replace(/\.int$/, '');
  const candidates = [inner];
  const dot = inner.lastIndexOf('.');
  if (dot > inner.lastIndexOf('/')) candidates.push(inner.slice(0, dot));
  for (const c of candidates) {
    for (const base of [c, `test/${c}`]) if (moduleSet.has(base)) return base;
  }
  return null;
}

function importsOf(root, file) {
  const text = readFileSync(join(root, file), 'utf8');
  const out = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    out.push(relative(root, resolve(join(root, dirname(file)), m[1])).split(sep).join('/'));
  }
  return out;
}

/** Checks the tree under `root`; returns counts and the problems found (empty when all is well). */
export function checkTestTree(root, lists = { EXEMPT, KNOWN_GAPS, STRAY_TESTS, SUPPORT_SCRIPTS }) {
  const sources = SOURCE_ROOTS.flatMap((r) => walk(root, r, [])).filter(isSource);
  const mirrorOnly = MIRROR_ONLY_ROOTS.flatMap((r) => walk(root, r, [])).filter((p) => isSource(p) && !TEST_EXT.test(p));
  const moduleSet = new Set([...sources, ...mirrorOnly].map(stripExt));
  const testTree = walk(root, 'test', []).filter((p) => SOURCE_EXT.test(p));
  const tests = testTree.filter((p) => TEST_EXT.test(p));
  const support = testTree.filter((p) => !TEST_EXT.test(p) && p !== 'test/run.mjs');

  const problems = [];
  const covered = new Set();
  let features = 0;
  let strays = 0;
  for (const t of tests) {
    const m = mirroredModule(t, moduleSet);
    if (m) { covered.add(m); continue; }
    if (lists.STRAY_TESTS.has(t)) { strays++; continue; }
    if (/\.int\.test\.tsx?$/.test(t)) { features++; continue; }
    problems.push(`${t}: mirrors no source module (rename it after the module it tests, or add it to STRAY_TESTS with a reason)`);
  }

  let mirrored = 0;
  let exempt = 0;
  let gaps = 0;
  const missing = [];
  for (const s of sources) {
    const has = covered.has(stripExt(s));
    if (has) mirrored++;
    if (lists.EXEMPT.has(s)) {
      exempt++;
      if (has) problems.push(`${s}: has a mirrored test, remove it from EXEMPT`);
    } else if (lists.KNOWN_GAPS.has(s)) {
      gaps++;
      if (has) problems.push(`${s}: has a mirrored test now, remove it from KNOWN_GAPS`);
    } else if (!has) {
      missing.push(s);
      problems.push(`${s}: no test at test/${stripExt(s)}.test.ts`);
    }
  }
  const sourceSet = new Set(sources);
  for (const list of ['EXEMPT', 'KNOWN_GAPS']) {
    for (const s of lists[list].keys()) if (!sourceSet.has(s)) problems.push(`${s}: listed in ${list} but no such source module`);
  }
  for (const t of lists.STRAY_TESTS.keys()) if (!tests.includes(t)) problems.push(`${t}: listed in STRAY_TESTS but no such test`);

  // Support modules: shared ones belong in test/helpers.
  const importers = new Map();
  for (const f of testTree) {
    for (const imp of importsOf(root, f)) {
      const target = support.find((s) => stripExt(s) === stripExt(imp));
      if (target) importers.set(target, [...(importers.get(target) ?? []), f]);
    }
  }
  let localHelpers = 0;
  for (const s of support) {
    if (s.startsWith('test/helpers/')) continue;
    const by = importers.get(s) ?? [];
    if (by.length === 0) {
      if (!lists.SUPPORT_SCRIPTS.has(s)) problems.push(`${s}: a support module no test imports`);
      continue;
    }
    const folder = dirname(s) + '/';
    const outside = by.filter((f) => !f.startsWith(folder));
    if (outside.length) problems.push(`${s}: imported from outside its folder (${outside.join(', ')}): move it to test/helpers/`);
    else localHelpers++;
  }

  return {
    sources: sources.length, mirrored, exempt, knownGaps: gaps, missing,
    tests: tests.length, featureSuites: features, strayTests: strays, localHelpers, problems,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const r = checkTestTree(root);
  if (process.argv.includes('--list')) for (const p of r.problems) console.log(p);
  console.log(`sources: ${r.sources}, mirrored: ${r.mirrored}, exempt: ${r.exempt}, known gaps: ${r.knownGaps}, missing: ${r.missing.length}`);
  console.log(`tests: ${r.tests} (feature-named integration suites: ${r.featureSuites}, allowed strays: ${r.strayTests}), local test helpers: ${r.localHelpers}`);
  console.log(`allow-lists: EXEMPT ${EXEMPT.size}, KNOWN_GAPS ${KNOWN_GAPS.size}, STRAY_TESTS ${STRAY_TESTS.size}, SUPPORT_SCRIPTS ${SUPPORT_SCRIPTS.size}`);
  if (r.problems.length) {
    if (!process.argv.includes('--list')) for (const p of r.problems) console.log(p);
    console.log(`${r.problems.length} problem(s)`);
    process.exit(1);
  }
}
