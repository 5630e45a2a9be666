#!/usr/bin/env node
// Entry point for `npx hyperlinker`: runs the TypeScript CLI through tsx, no build step needed.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../server/cli.ts');
process.exitCode = await main(process.argv.slice(2));
