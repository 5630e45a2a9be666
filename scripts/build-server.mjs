// `npm run build:server` (run by `npm install` through `prepare`): compiles the CLI, the service, its
// engine worker and the migration command into dist/server/ with esbuild, so nothing compiles
// TypeScript at run time. Entry points only: every module they import (now or later) is bundled.
// Chunks sit flat beside the entries, so `new URL('./engine-worker.js', import.meta.url)` resolves
// from any of them (server/worker/pool.ts relies on it; csl-check-pool.ts on './csl-check-worker.js'). npm packages stay external (node_modules), except
// the pure-JavaScript ones the service and the CLI's options load (INLINED: zod for settings, fast-xml-parser
// for CSL files): bundling them spares their module resolution and loading at start-up.
// `--outdir DIR` builds elsewhere (the build test uses a temporary directory); `--entry NAME=PATH` (repeatable)
// adds an entry point (npm run bench compiles its measuring script with the service this way, see bench/engine.ts).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : resolve(root, 'dist/server');

/** Output name → source entry point. */
export const ENTRY_POINTS = {
  cli: 'server/cli.ts',
  main: 'server/http/main.ts',
  'engine-worker': 'server/worker/engine-worker.ts',
  'csl-check-worker': 'server/worker/csl-check-worker.ts',
  'migrate-cli': 'server/db/migrate-cli.ts',
};

/** `--entry NAME=PATH` arguments. */
function extraEntries() {
  const out = {};
  process.argv.forEach((arg, i) => {
    if (arg !== '--entry') return;
    const [name, path] = (process.argv[i + 1] ?? '').split('=');
    if (!name || !path) throw new Error(`--entry NAME=PATH, got ${process.argv[i + 1]}`);
    out[name] = path;
  });
  return out;
}

/** Packages bundled into the output instead of loaded from node_modules at run time. */
const INLINED = new Set(['fast-xml-parser', 'zod']);

/** Every bare import (npm package or node: builtin) stays external unless INLINED. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return INLINED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { ...ENTRY_POINTS, ...extraEntries() },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages],
  sourcemap: true,
  // Maps name the TypeScript files (which ship beside dist/) without copying their text: Node reads and parses
  // every map of every module it loads when source maps are on, and the copies made that 6% of a CLI link run.
  sourcesContent: false,
  chunkNames: 'chunk-[hash]',
  outExtension: { '.js': '.js' },
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length;
console.log(`build:server: ${files} files in ${outdir.startsWith(root) ? outdir.slice(root.length + 1) : outdir} (${Date.now() - started} ms)`);
