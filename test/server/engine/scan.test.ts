// scan() on a pathological paragraph (issue 11, item 3): time linear in paragraph length, and a clear
// TooManyMatchesError past the per-document match limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MAX_MATCHES, scan, TooManyMatchesError } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { pathologicalDocx } from '../../helpers/pathological.ts';

const settings = { ...DEFAULT_SETTINGS, doi: true };
const MB = 1024 * 1024;

function scanSeconds(bytes: Uint8Array): number {
  const started = performance.now();
  scan(bytes, settings, { maxMatches: Number.MAX_SAFE_INTEGER });
  return (performance.now() - started) / 1000;
}

test('scan time grows linearly with one dense paragraph (0.25 MB → 1.5 MB)', async () => {
  const small = await pathologicalDocx(0.25 * MB);
  const large = await pathologicalDocx(1.5 * MB);
  scanSeconds(small); // warm-up: compile the detectors' regular expressions
  const a = scanSeconds(small);
  const b = scanSeconds(large);
  // 6× the text: linear is about 6×; the quadratic overlap scan made it about 25×. Slack for a busy machine.
  assert.ok(b / a < 14, `0.25 MB ${a.toFixed(2)} s, 1.5 MB ${b.toFixed(2)} s: × ${(b / a).toFixed(1)}`);
});

test('more matches than the limit is TooManyMatchesError with the count; the default fits a large manuscript', async () => {
  const bytes = await pathologicalDocx(20_000);
  const all = scan(bytes, settings).matches.length;
  assert.ok(all > 100 && all < DEFAULT_MAX_MATCHES);
  assert.throws(
    () => scan(bytes, settings, { maxMatches: 100 }),
    (err: unknown) => err instanceof TooManyMatchesError && err.count === all && err.limit === 100 && err.reason === 'too-many-matches',
  );
  assert.equal(scan(bytes, settings, { maxMatches: all }).matches.length, all);
});

test('150,000 mentions in one paragraph are counted, not a stack overflow (push(...all) took every one as an argument)', async () => {
  const bytes = await buildDocx({ body: p(Array.from({ length: 150 }, () => 'Fig 1 '.repeat(1000))) });
  assert.throws(
    () => scan(bytes, settings),
    (err: unknown) => err instanceof TooManyMatchesError && err.count >= 150_000,
  );
});

test('the packet shows each reference target\'s first author, year and title as read, in the contract\'s shape', async () => {
  const { reviewTargetSchema } = await import('../../../shared/schemas/documents.ts');
  const bytes = await buildDocx({
    body: p('Moss grows on walls (Smith & Lee, 2004; The Proceedings, 1981).') + p('References', 'Heading1') +
      p('Smith, J., & Lee, K. (2004). Moss on north walls. Journal of Botany, 12, 101–109.') +
      p('(1981). The Proceedings of the moss meeting. Moss Society.'),
  });
  const bib = scan(bytes, settings).targets.filter((t) => t.type === 'bibliography');
  assert.deepEqual(bib.map((t) => [t.firstAuthor, t.year, t.title]), [['Smith', '2004', 'Moss on north walls'], [null, '1981', 'The Proceedings of the moss meeting']]);
  for (const t of bib) assert.equal(reviewTargetSchema.safeParse(t).success, true);
});
