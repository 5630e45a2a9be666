import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HttpError } from '../../../../server/http/errors.ts';
import { bibliographyPlan, bibliographyStyleOf, checkedCslFile } from '../../../../server/http/services/apply-fields.ts';
import { CslFileError } from '../../../../server/csl/csl-file.ts';
import { inThreadCslChecker } from '../../../helpers/service-context.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
function refusal(fn: () => unknown): { status: number; reason: string | undefined; error: string } {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof HttpError);
    return { status: err.status, reason: err.reason, error: err.error };
  }
  assert.fail('expected an HttpError');
}
async function asyncRefusal(fn: () => Promise<unknown>): Promise<{ status: number; reason: string | undefined; headers: Record<string, string> }> {
  try {
    await fn();
  } catch (err) {
    assert.ok(err instanceof HttpError);
    return { status: err.status, reason: err.reason, headers: err.headers };
  }
  assert.fail('expected an HttpError');
}
/** The style apply would rewrite in, as the service resolves it (the file checked in this thread). */
const styleOf = (applyBibRewrite: string | undefined, cslFile?: Uint8Array, id?: string) => bibliographyStyleOf(inThreadCslChecker(), bibliographyPlan(applyBibRewrite, cslFile, id));

test('applyBibRewrite: values checked; a rewrite needs a style; style ids resolve', async () => {
  assert.deepEqual(bibliographyPlan(undefined), { rewrite: false });
  assert.equal(await styleOf('false', undefined, 'apa'), null);
  assert.equal(refusal(() => bibliographyPlan('perhaps')).reason, 'invalid_apply_bib_rewrite');
  assert.equal(refusal(() => bibliographyPlan('true')).reason, 'missing_csl_style');
  assert.equal(refusal(() => bibliographyPlan('true', undefined, 'no-such-style')).reason, 'unknown_csl_style');
  assert.equal((await styleOf('true', undefined, 'bmc-bioinformatics'))?.id, 'biomed-central');
});

test('cslFile is checked even when the rewrite is not asked for, and wins over detectedCslId', async () => {
  const bad = await asyncRefusal(() => styleOf('false', enc('<!DOCTYPE style><style/>')));
  assert.equal(bad.status, 400);
  assert.equal(bad.reason, 'csl_dtd_forbidden');
  assert.equal((await asyncRefusal(() => styleOf('true', enc('<html/>'), 'apa'))).reason, 'csl_not_a_style');
  const ieee = readFileSync(new URL('../../../../server/csl/styles/ieee.csl', import.meta.url));
  assert.equal((await styleOf('true', ieee, 'apa'))?.id, 'ieee');
});

test('the plan does no work on an uploaded file: it is checked only by bibliographyStyleOf', async () => {
  const checker = inThreadCslChecker();
  const plan = bibliographyPlan('true', enc('<!DOCTYPE style><style/>'), 'no-such-style');
  assert.equal(checker.calls, 0);
  assert.equal((await asyncRefusal(() => bibliographyStyleOf(checker, plan))).reason, 'csl_dtd_forbidden');
  assert.equal(checker.calls, 1);
});

test('a busy CSL checker is a 503 with Retry-After, not a 400', async () => {
  const busy = { check: async () => { throw new CslFileError('csl_check_busy', 'every CSL check is busy'); } };
  const r = await asyncRefusal(() => checkedCslFile(busy, enc('<style/>')));
  assert.deepEqual([r.status, r.reason, r.headers['Retry-After']], [503, 'csl_check_busy', '5']);
});

test('a known style that is not bundled: accepted as the detected id, refused with a clear 400 for a rewrite', async () => {
  // harvard-swinburne-university-of-technology (the current id of harvard3) is what detection answers for
  // the reference-manager Harvard layout; the product does not bundle it.
  assert.equal(await styleOf('false', undefined, 'harvard-swinburne-university-of-technology'), null);
  assert.equal(await styleOf(undefined, undefined, 'harvard3'), null);
  const refused = refusal(() => bibliographyPlan('true', undefined, 'harvard-swinburne-university-of-technology'));
  assert.equal(refused.status, 400);
  assert.equal(refused.reason, 'csl_style_not_bundled');
  assert.match(refused.error, /harvard-swinburne-university-of-technology.*does not bundle/);
  // an id nobody knows is still refused, rewrite or not
  assert.equal(refusal(() => bibliographyPlan('false', undefined, 'no-such-style')).reason, 'unknown_csl_style');
});
