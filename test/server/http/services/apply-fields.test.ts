import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HttpError } from '../../../../server/http/errors.ts';
import { bibliographyOptions } from '../../../../server/http/services/apply-fields.ts';

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

test('applyBibRewrite: values checked; a rewrite needs a style; style ids resolve', () => {
  assert.deepEqual(bibliographyOptions(undefined), { style: null });
  assert.deepEqual(bibliographyOptions('false', undefined, 'apa'), { style: null });
  assert.equal(refusal(() => bibliographyOptions('perhaps')).reason, 'invalid_apply_bib_rewrite');
  assert.equal(refusal(() => bibliographyOptions('true')).reason, 'missing_csl_style');
  assert.equal(refusal(() => bibliographyOptions('true', undefined, 'no-such-style')).reason, 'unknown_csl_style');
  assert.equal(bibliographyOptions('true', undefined, 'bmc-bioinformatics').style?.id, 'biomed-central');
});

test('cslFile is checked even when the rewrite is not asked for, and wins over detectedCslId', () => {
  const bad = refusal(() => bibliographyOptions('false', enc('<!DOCTYPE style><style/>')));
  assert.equal(bad.status, 400);
  assert.equal(bad.reason, 'csl_dtd_forbidden');
  assert.equal(refusal(() => bibliographyOptions('true', enc('<html/>'), 'apa')).reason, 'csl_not_a_style');
  const ieee = readFileSync(new URL('../../../../server/csl/styles/ieee.csl', import.meta.url));
  assert.equal(bibliographyOptions('true', ieee, 'apa').style?.id, 'ieee');
});

test('a known style that is not bundled: accepted as the detected id, refused with a clear 400 for a rewrite', () => {
  // harvard-swinburne-university-of-technology (the current id of harvard3) is what detection answers for
  // the reference-manager Harvard layout; the product does not bundle it.
  assert.deepEqual(bibliographyOptions('false', undefined, 'harvard-swinburne-university-of-technology'), { style: null });
  assert.deepEqual(bibliographyOptions(undefined, undefined, 'harvard3'), { style: null });
  const refused = refusal(() => bibliographyOptions('true', undefined, 'harvard-swinburne-university-of-technology'));
  assert.equal(refused.status, 400);
  assert.equal(refused.reason, 'csl_style_not_bundled');
  assert.match(refused.error, /harvard-swinburne-university-of-technology.*does not bundle/);
  // an id nobody knows is still refused, rewrite or not
  assert.equal(refusal(() => bibliographyOptions('false', undefined, 'no-such-style')).reason, 'unknown_csl_style');
});
