import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../../server/http/errors.ts';
import { parseRequest } from '../../../server/http/validate.ts';
import { decisionsSchema } from '../../../shared/schemas/documents.ts';
import { memberActionSchema, orgPresetWriteSchema } from '../../../shared/schemas/org.ts';
import { orgUsageQuerySchema } from '../../../shared/schemas/queries.ts';

function refusal(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof HttpError);
    assert.equal(err.status, 400);
    return err;
  }
  assert.fail('expected an HttpError');
}

test('the error names the offending field, with its index inside an array field', () => {
  const err = refusal(() => parseRequest(decisionsSchema, [{ refId: 'c1', status: 'approved' }, { refId: 'c2', status: 'maybe' }], { field: 'decisions', reason: 'invalid_decisions' }));
  assert.equal(err.error, 'decisions[1].status must be one of approved, skipped, retargeted, link_only');
  assert.equal(err.reason, 'invalid_decisions');
  assert.equal(refusal(() => parseRequest(decisionsSchema, [{ refId: 'c1', status: 'approved', doi: 7 }], { field: 'decisions', reason: 'x' })).error, 'decisions[0].doi must be a string');
});

test('reasons by field, by missing field and by issue kind', () => {
  const options = { reason: 'invalid_action', reasons: { role: 'invalid_role', email: 'missing_email' } };
  assert.equal(refusal(() => parseRequest(memberActionSchema, { action: 'zap' }, options)).reason, 'invalid_action');
  const missing = refusal(() => parseRequest(memberActionSchema, { action: 'add' }, options));
  assert.deepEqual([missing.error, missing.reason], ['email is required', 'missing_email']);
  assert.equal(refusal(() => parseRequest(memberActionSchema, { action: 'set_role', user_id: 'u', role: 'boss' }, options)).reason, 'invalid_role');
  const presetOptions = { reason: 'invalid_body', reasons: { 'name.missing': 'missing_name', 'name.too_big': 'name_too_long', settings: 'invalid_settings' } };
  assert.equal(refusal(() => parseRequest(orgPresetWriteSchema, { name: ' ', settings: {} }, presetOptions)).reason, 'missing_name');
  const long = refusal(() => parseRequest(orgPresetWriteSchema, { name: 'n'.repeat(101), settings: {} }, presetOptions));
  assert.deepEqual([long.error, long.reason], ['name must be at most 100 characters', 'name_too_long']);
  assert.match(refusal(() => parseRequest(orgPresetWriteSchema, { name: 'J', settings: { citeStyle: 'roman' } }, presetOptions)).error, /^settings\.citeStyle must be one of auto/);
});

test('query strings: the parsed values with defaults, or the bound in words', () => {
  assert.deepEqual(parseRequest(orgUsageQuerySchema, { page: '2' }, { reason: 'invalid_query' }), { page: 2, limit: 25 });
  const err = refusal(() => parseRequest(orgUsageQuerySchema, { limit: '500' }, { reason: 'invalid_query', reasons: { limit: 'invalid_limit' } }));
  assert.deepEqual([err.error, err.reason], ['limit must be an integer between 1 and 100', 'invalid_limit']);
});
