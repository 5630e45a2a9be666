// The service writes no reason or warning sentence of its own: where a match gets its reason, a reference its
// resolver reasons, or apply and the style preview their warnings, the sources give a code of shared/reasons.ts
// (which makes the English sentence), never a string literal. A sentence written beside the tables would reach
// the pane without a code, in English whatever the display language.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const repo = new URL('../../', import.meta.url).pathname;
const SOURCES = [
  // a match's reason
  'server/engine/review/holds.ts',
  'server/engine/detect/cross-references.ts',
  'server/engine/detect/citations/author-index.ts',
  'server/engine/metadata/persisted.ts',
  // a citation's resolution (`why`, a code made the match's reason by match.ts)
  'server/engine/detect/citations/author-year.ts',
  'server/engine/detect/citations/titles.ts',
  // a reference's resolver reasons
  'server/resolver/match.ts',
  'server/resolver/verify.ts',
  'server/resolver/resolve.ts',
  'server/resolver/outcome.ts',
  // apply's and the preview's warnings
  'server/engine/link/apply-core.ts',
  'server/engine/rewrite/bibliography.ts',
  'server/http/services/resolve-direct.ts',
  'server/http/services/style-preview.ts',
  // the causes inside them (shared/causes.ts): what an entry lacks (the reader's and the renderer's verdicts, the
  // paragraph), why the planner refuses a rewrite and a citation cannot follow, why the linker or the registry fails
  'server/csl/bibliography.ts',
  'server/engine/rewrite/plan.ts',
  'server/engine/rewrite/entry-content.ts',
  'server/engine/rewrite/convert.ts',
  'server/engine/rewrite/citations.ts',
  'server/engine/link/linker.ts',
  'server/resolver/crossref-client.ts',
];
/**
 * A string literal given as a reason, warning or cause: `reason: '…'`, `reasons.push('…')`, `warnings: [\`…\`]`,
 * `refuse(\`…\`)`, `blocked.push('…')`, `lossy = '…'`, `last = '…'`, `this.down = '…'`, `new RegistryError(kind, '…')`,
 * `kept_(e, '…')`, a sentence returned (`return 'it holds …'`) and the like.
 */
const LITERAL = /(?:\breasons?\s*[:=]\s*\[?\s*|\b(?:reasons|warnings|blocked)\.push\(\s*|\bwarnings\s*:\s*\[\s*|\brefuse\(\s*|\bkept_\(\s*\w+,\s*|\b(?:lossy|last|this\.down)\s*=\s*|\bnew RegistryError\(\s*'\w+',\s*|\breturn\s+|\?\?\s*)(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

test('the guard finds a sentence literal where one is written', () => {
  const sample = "m.reason = 'no target'; warnings.push(`${x}: gone`); return { warnings: ['held'] }; out.reasons = ['a']; refuse(`${s} is a note style`); blocked.push('the citation'); last = 'no answer'; throw new RegistryError('unavailable', `x ${y}`); return 'it holds w:ins'; kept.set(k, why ?? 'the style rendered nothing');";
  assert.deepEqual([...sample.matchAll(LITERAL)].map((m) => m[2]), ['no target', '${x}: gone', 'held', 'a', '${s} is a note style', 'the citation', 'no answer', 'x ${y}', 'it holds w:ins', 'the style rendered nothing']);
});

test('no source writes a reason or warning sentence of its own; each reads shared/reasons.ts', () => {
  // An empty or one-word literal is a code or a default (an error's `reason: 'invalid_count'`), not a sentence.
  const literals = SOURCES.flatMap((f) => [...readFileSync(repo + f, 'utf8').matchAll(LITERAL)].filter((m) => !/^[\w-]*$/.test(m[2]!)).map((m) => `${f}: ${m[2]}`));
  assert.deepEqual(literals, []);
  for (const f of SOURCES.filter((f) => !f.includes('/detect/citations/'))) assert.match(readFileSync(repo + f, 'utf8'), /shared\/(?:reasons|causes)\.ts/, f);
});
