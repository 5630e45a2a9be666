// Counts the citeproc engines this thread builds, seen from outside server/csl/render.ts: the Engine
// constructor of the citeproc module instance render.ts loads (one per thread, from Node's module cache) is
// wrapped in a counting proxy when this helper is first imported. Tests read it to show a warm path builds none.
import { createRequire } from 'node:module';
import type CSLModule from 'citeproc';

const CSL = createRequire(import.meta.url)('citeproc') as typeof CSLModule;
let built = 0;
CSL.Engine = new Proxy(CSL.Engine, {
  construct(target, args, newTarget) {
    built++;
    return Reflect.construct(target, args, newTarget) as object;
  },
});

/** Engines built on this thread since this helper was imported. */
export function citeprocEnginesBuilt(): number {
  return built;
}
