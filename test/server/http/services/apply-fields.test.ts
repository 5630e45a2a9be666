import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { HttpError } from '../../../../server/http/errors.ts';
import { bibliographyWarnings } from '../../../../server/http/services/apply-fields.ts';

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
  assert.deepEqual(bibliographyWarnings(undefined), []);
  assert.deepEqual(bibliographyWarnings('false', undefined, 'apa'), []);
  assert.equal(refusal(() => bibliographyWarnings('perhaps')).reason, 'invalid_apply_bib_rewrite');
  assert.equal(refusal(() => bibliographyWarnings('true')).reason, 'missing_csl_style');
  assert.equal(refusal(() => bibliographyWarnings('true', undefined, 'no-such-style')).reason, 'unknown_csl_style');
  assert.match(bibliographyWarnings('true', undefined, 'bmc-bioinformatics')[0]!, /biomed-central/);
});

test('cslFile is checked even when the rewrite is not asked for, and wins over detectedCslId', () => {
  const bad = refusal(() => bibliographyWarnings('false', enc('<!DOCTYPE style><style/>')));
  assert.equal(bad.status, 400);
  assert.equal(bad.reason, 'csl_dtd_forbidden');
  assert.equal(refusal(() => bibliographyWarnings('true', enc('<html/>'), 'apa')).reason, 'csl_not_a_style');
  const ieee = readFileSync(new URL('../../../../server/csl/styles/ieee.csl', import.meta.url));
  assert.match(bibliographyWarnings('true', ieee, 'apa')[0]!, /\(ieee\)/);
});
