#!/usr/bin/env node
// Entry point for `npx hyperlinker`: runs the compiled CLI from dist/server (built by `npm install` through
// the `prepare` script, or `npm run build:server`). Without a build, or with HYPERLINKER_FROM_SOURCE=1
// (set by the test runner so tests see the current source), it runs the TypeScript through tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/server/cli.js', import.meta.url);
let main;
if (process.env.HYPERLINKER_FROM_SOURCE !== '1' && existsSync(compiled)) {
  process.setSourceMapsEnabled(true);
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../server/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
