// Tests mirror the source tree: the repository passes scripts/check-test-tree.mjs, and the checker finds
// each kind of problem on a small tree made here.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
// @ts-expect-error: a plain .mjs script without type declarations
import { checkTestTree } from '../../scripts/check-test-tree.mjs';
import { REPO_ROOT } from '../helpers/corpus.ts';

interface Report {
  sources: number;
  mirrored: number;
  problems: string[];
  featureSuites: number;
  localHelpers: number;
}
const check = checkTestTree as (root: string, lists?: Record<string, Map<string, string>>) => Report;

test('every source module has its mirrored test or a listed reason; every test mirrors a module', () => {
  const r = check(REPO_ROOT);
  assert.deepEqual(r.problems, []);
  assert.ok(r.sources > 200 && r.mirrored > 100, `${r.mirrored} of ${r.sources}`);
});

const root = mkdtempSync(join(tmpdir(), 'test-tree-'));
after(() => rmSync(root, { recursive: true, force: true }));
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 't'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
const none = { EXEMPT: new Map(), KNOWN_GAPS: new Map(), STRAY_TESTS: new Map(), SUPPORT_SCRIPTS: new Map() };

test('mirrored names: x.test.ts, x.int.test.ts, x.aspect.test.ts and .tsx all mirror x; a feature-named int suite is allowed', () => {
  const dir = tree({
    'server/a/b.ts': '', 'server/a/c.ts': '', 'server/d.ts': '', 'addin/V.tsx': '',
    'test/server/a/b.test.ts': '', 'test/server/a/c.int.test.ts': '', 'test/server/d.corpus.test.ts': '', 'test/addin/V.test.tsx': '',
    'test/server/http/login-flow.int.test.ts': '',
  });
  const r = check(dir, none);
  assert.deepEqual(r.problems, []);
  assert.deepEqual([r.sources, r.mirrored, r.featureSuites], [4, 4, 1]);
});

test('reported: a module without its test, a unit test that mirrors nothing, stale list entries', () => {
  const dir = tree({ 'server/a/b.ts': '', 'server/a/c.ts': '', 'shared/e.ts': '', 'test/server/a/c.test.ts': '', 'test/server/a/bb.test.ts': '' });
  const lists = { ...none, KNOWN_GAPS: new Map([['server/a/c.ts', 'r'], ['server/gone.ts', 'r']]), EXEMPT: new Map([['shared/e.ts', 'types']]) };
  const r = check(dir, lists);
  assert.deepEqual(r.problems.sort(), [
    'server/a/b.ts: no test at test/server/a/b.test.ts',
    'server/a/c.ts: has a mirrored test now, remove it from KNOWN_GAPS',
    'server/gone.ts: listed in KNOWN_GAPS but no such source module',
    'test/server/a/bb.test.ts: mirrors no source module (rename it after the module it tests, or add it to STRAY_TESTS with a reason)',
  ]);
});

test('a support module imported from another folder belongs in test/helpers; an unused one is reported', () => {
  const dir = tree({
    'server/x.ts': '', 'server/y/z.ts': '',
    'test/server/x.test.ts': "import { f } from './y/local.ts';\n",
    'test/server/y/z.test.ts': "import { f } from './local.ts';\n",
    'test/server/y/local.ts': 'export const f = 1;\n',
    'test/server/y/unused.ts': '',
    'test/helpers/shared.ts': '',
  });
  const r = check(dir, none);
  assert.deepEqual(r.problems.sort(), [
    'test/server/y/local.ts: imported from outside its folder (test/server/x.test.ts): move it to test/helpers/',
    'test/server/y/unused.ts: a support module no test imports',
  ]);
});
