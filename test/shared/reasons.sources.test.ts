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
  // apply's and the preview's warnings, and why apply left a match unlinked
  'server/engine/link/apply-core.ts',
  'server/engine/link/decisions.ts',
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
 * `kept_(e, '…')`, a sentence returned (`return 'it holds …'`), a reason chosen (`const why = x ? '…'`) and the like.
 */
const LITERAL = /(?:\breasons?\s*[:=]\s*\[?\s*|\b(?:reason|why)\s*=\s*[^;?]*\?\s*|\b(?:reasons|warnings|blocked)\.push\(\s*|\bwarnings\s*:\s*\[\s*|\brefuse\(\s*|\bkept_\(\s*\w+,\s*|\b(?:lossy|last|this\.down)\s*=\s*|\bnew RegistryError\(\s*'\w+',\s*|\breturn\s+|\?\?\s*)(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

/** Every string literal among the arguments of a call to `unmatchedItem(…)` (why apply left a match unlinked). */
function unmatchedLiterals(source: string): string[] {
  const out: string[] = [];
  for (const call of source.matchAll(/\bunmatchedItem\(/g)) {
    let depth = 1;
    let i = call.index + call[0].length;
    const start = i;
    for (; i < source.length && depth > 0; i++) {
      const c = source[i]!;
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === "'" || c === '"' || c === '`') {
        // Skip the literal whole (a parenthesis inside it is text).
        for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
      }
    }
    out.push(...[...source.slice(start, i - 1).matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) => m[2]!));
  }
  return out;
}

test('the guard finds a sentence literal where one is written', () => {
  const sample = "m.reason = 'no target'; warnings.push(`${x}: gone`); return { warnings: ['held'] }; out.reasons = ['a']; refuse(`${s} is a note style`); blocked.push('the citation'); last = 'no answer'; throw new RegistryError('unavailable', `x ${y}`); return 'it holds w:ins'; kept.set(k, why ?? 'the style rendered nothing'); const why = inLink ? 'inside the link' : add(m);";
  assert.deepEqual([...sample.matchAll(LITERAL)].map((m) => m[2]), ['no target', '${x}: gone', 'held', 'a', '${s} is a note style', 'the citation', 'no answer', 'x ${y}', 'it holds w:ins', 'the style rendered nothing', 'inside the link']);
  const unlinked = "unmatchedItem(d.refId, m, 'skipped', d.reason ? `skipped: ${d.reason}` : 'skipped (by the reviewer)'); unmatchedItem(id, f(m), m.status, why);";
  assert.deepEqual(unmatchedLiterals(unlinked), ['skipped', 'skipped: ${d.reason}', 'skipped (by the reviewer)']);
});

test('no source writes a reason or warning sentence of its own; each reads shared/reasons.ts', () => {
  // An empty or one-word literal is a code or a default (an error's `reason: 'invalid_count'`), a URL is a URL: not a sentence.
  const literals = SOURCES.flatMap((f) => {
    const source = readFileSync(repo + f, 'utf8');
    return [...[...source.matchAll(LITERAL)].map((m) => m[2]!), ...unmatchedLiterals(source)].filter((l) => !/^[\w-]*$/.test(l) && !/^https:\/\/\S+$/.test(l)).map((l) => `${f}: ${l}`);
  });
  assert.deepEqual(literals, []);
  for (const f of SOURCES.filter((f) => !f.includes('/detect/citations/'))) assert.match(readFileSync(repo + f, 'utf8'), /shared\/(?:reasons|causes)\.ts/, f);
});
