// The error kinds routes throw, each with the status and wording the contract gives it
// (/work/shared/spec/service-interface.md, Errors). How they are rendered as JSON: middleware.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpError, badRequest, conflict, forbidden, managerRequired, notFound, orgRequired, ownerRequired, unauthorized } from '../../../server/http/errors.ts';

const fields = (e: HttpError) => ({ status: e.status, error: e.error, reason: e.reason });

test('each helper carries its contract status, the error text and the reason it is given', () => {
  assert.deepEqual(fields(badRequest('Missing file', 'missing_file')), { status: 400, error: 'Missing file', reason: 'missing_file' });
  assert.deepEqual(fields(unauthorized()), { status: 401, error: 'Unauthorized', reason: undefined }, 'session routes answer plain Unauthorized');
  assert.deepEqual(fields(unauthorized('API key expired', 'api_key_expired')), { status: 401, error: 'API key expired', reason: 'api_key_expired' });
  assert.deepEqual(fields(forbidden('Admin role required', 'admin_required')), { status: 403, error: 'Admin role required', reason: 'admin_required' });
  assert.deepEqual(fields(notFound('API key not found', 'key_not_found')), { status: 404, error: 'API key not found', reason: 'key_not_found' });
  assert.deepEqual(fields(conflict('Duplicate', 'duplicate_name')), { status: 409, error: 'Duplicate', reason: 'duplicate_name' });
});

test('the role refusals are 403 with the wording the contract and the pane rely on', () => {
  assert.deepEqual(fields(managerRequired()), { status: 403, error: 'Manager or owner role required', reason: 'manager_or_owner_required' });
  assert.deepEqual(fields(ownerRequired()), { status: 403, error: 'Owner role required', reason: 'owner_required' });
  assert.deepEqual(fields(orgRequired()), { status: 403, error: 'Organisation membership required', reason: 'organisation_required' });
});

test('an HttpError is an Error whose message is the error text, with no extra fields or headers unless given', () => {
  const plain = badRequest('Bad');
  assert.ok(plain instanceof Error);
  assert.deepEqual([plain.name, plain.message, plain.extras, plain.headers], ['HttpError', 'Bad', {}, {}]);
  const limited = new HttpError(429, 'Rate limit exceeded', 'rate_limited', { retry_after: 3 }, { 'Retry-After': '3' });
  assert.deepEqual([limited.extras, limited.headers], [{ retry_after: 3 }, { 'Retry-After': '3' }]);
});
