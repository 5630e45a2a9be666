// The Idempotency-Key header's shape and what binds a key to its request (route, files, fields). The claims
// on MariaDB, the replay, the 409s and kill -9: test/server/http/idempotency.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idempotencyKeyOf, requestHash } from '../../../../server/http/services/idempotency.ts';
import { refusal } from '../../../helpers/service-context.ts';

test('idempotencyKeyOf: absent is null; 1 to 255 printable ASCII is the key; anything else 400 invalid_idempotency_key', async () => {
  assert.equal(idempotencyKeyOf(undefined), null);
  assert.equal(idempotencyKeyOf('order-17/direct:2'), 'order-17/direct:2');
  assert.equal(idempotencyKeyOf(['k1', 'k2']), 'k1');
  for (const bad of ['', 'has space', 'x'.repeat(256), 'naïve', 'tab\there']) {
    assert.deepEqual(await refusal(() => idempotencyKeyOf(bad)), { status: 400, reason: 'invalid_idempotency_key', error: 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces' }, JSON.stringify(bad));
  }
});

test('requestHash: the same route, files and fields in any order hash alike; any difference changes it', () => {
  const file = Buffer.from('PK docx bytes');
  const base = requestHash('hyperlink', { files: { file }, fields: { settings: '{"doi":true}', scanFingerprint: 'f' } });
  assert.equal(requestHash('hyperlink', { files: { file: Buffer.from(file) }, fields: { scanFingerprint: 'f', settings: '{"doi":true}' } }), base);
  assert.notEqual(requestHash('hyperlink-apply', { files: { file }, fields: { settings: '{"doi":true}', scanFingerprint: 'f' } }), base);
  assert.notEqual(requestHash('hyperlink', { files: { file: Buffer.from('PK other bytes') }, fields: { settings: '{"doi":true}', scanFingerprint: 'f' } }), base);
  assert.notEqual(requestHash('hyperlink', { files: { file }, fields: { settings: '{"doi":false}', scanFingerprint: 'f' } }), base);
  assert.notEqual(requestHash('hyperlink', { files: { file }, fields: { settings: '{"doi":true}' } }), base);
  // A field's value cannot pass for a name and value of another split (values are hashed whole).
  assert.notEqual(requestHash('hyperlink', { files: {}, fields: { a: 'b', c: '' } }), requestHash('hyperlink', { files: {}, fields: { a: 'b","c' } }));
});
