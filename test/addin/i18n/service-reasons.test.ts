// The pane knows every reason sentence the service still writes without a code: each string the engine
// and resolver put in a reference's reasons or an apply warning (read from their sources) has the same
// shape as one of the English templates in addin/i18n/locales/en.json (`reasons`), so it is translated.
// A match's reasons are codes (shared/reasons.ts; test/shared/reasons.test.ts keeps en.json equal to them),
// and the engine's match sources write no sentence of their own any more.
// When the service's wording changes, this fails until the template (and its translations) follow.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { MESSAGES } from '../../../addin/i18n/messages.ts';
import { parseReason } from '../../../addin/i18n/service-reasons.ts';

const repo = new URL('../../../', import.meta.url).pathname;
/** Where a match's reason is set: only through shared/reasons.ts (a code and its sentence). */
const MATCH_SOURCES = ['server/engine/review/holds.ts', 'server/engine/detect/cross-references.ts', 'server/engine/detect/citations/author-index.ts', 'server/engine/metadata/persisted.ts'];
/** Where a citation's resolution is given its reason as a code (`why`), turned into the match's reason by match.ts. */
const RESOLUTION_SOURCES = ['server/engine/detect/citations/author-year.ts', 'server/engine/detect/citations/titles.ts'];
const SOURCES = [
  'server/engine/link/apply-core.ts',
  'server/engine/rewrite/bibliography.ts',
  'server/engine/preview.ts',
  'server/resolver/match.ts',
  'server/resolver/verify.ts',
  'server/resolver/resolve.ts',
];
const LITERAL = /(?:\breason\s*[:=]\s*|\breasons\.push\(|\bwarnings\.push\(|\breasons: \[|_REASON = )(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
const shape = (s: string) => s.replace(/\$\{[^}]*\}\}?/g, '*').replace(/\{\w+\}/g, '*').replace(/\\(["'])/g, '$1');

test('every reason sentence in the service’s sources has an English template', () => {
  const known = new Set(Object.values(MESSAGES.en.reasons).map(shape));
  const found = SOURCES.flatMap((f) => [...readFileSync(repo + f, 'utf8').matchAll(LITERAL)].map((m) => ({ f, text: shape(m[2]!) })));
  assert.ok(found.length >= 12, `${found.length} sentences found`);
  assert.deepEqual(found.filter((s) => !known.has(s.text)).map((s) => `${s.f}: ${s.text}`), []);
});

test('the engine sets a match\'s reason only as a code: no sentence literal where matches get their reasons', () => {
  const literals = [...MATCH_SOURCES, ...RESOLUTION_SOURCES].flatMap((f) => [...readFileSync(repo + f, 'utf8').matchAll(LITERAL)].map((m) => `${f}: ${m[2]}`));
  assert.deepEqual(literals, []);
  for (const f of MATCH_SOURCES) assert.match(readFileSync(repo + f, 'utf8'), /shared\/reasons\.ts/, f);
});

test('a template wins only on the whole sentence, and its values come back', () => {
  assert.deepEqual(parseReason('[12]: DOI link not written (the DOI is malformed)'), { code: 'doiNotWritten', values: { label: '[12]', why: 'the DOI is malformed' } });
  assert.deepEqual(parseReason('the only entry of this author and year without a suffix; none is marked a'), { code: 'onlyUnsuffixed', values: { suffix: 'a' } });
  assert.equal(parseReason('no figure 7 in the document, really'), null);
  assert.equal(parseReason('no widget 7 in the document'), null, 'kind is one of the match kinds');
});

test('a reason sentence is matched back to its code and values; one the pane never heard of gives null', () => {
  assert.deepEqual(parseReason('no figure 7 in the document'), { code: 'noTarget', values: { kind: 'figure', key: '7' } });
  assert.deepEqual(parseReason('title agrees (0.93)'), { code: 'fieldAgreesScore', values: { field: 'title', score: '0.93' } });
  assert.deepEqual(parseReason('first author differs'), { code: 'fieldDiffers', values: { field: 'first author' } });
  assert.equal(parseReason('something the pane never heard of'), null);
});
