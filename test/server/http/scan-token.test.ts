// The scan token: signed with the service's secret, bound to the caller, the fingerprint, the file and
// the settings. One row per refusal; the graph and metadata hashes ride along for the engine to check.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import jwt from 'jsonwebtoken';
import { signScanToken, verifyScanToken, type ScanBinding } from '../../../server/http/scan-token.ts';
import { HttpError } from '../../../server/http/errors.ts';

const SECRET = 'unit-test-secret';
const binding: ScanBinding = { fingerprint: 'fp', fileHash: 'fh', settingsHash: 'sh', metadataHash: 'mh', graphHash: 'gh', caller: 'user:1' };
const expected = { fingerprint: 'fp', fileHash: 'fh', settingsHash: 'sh', caller: 'user:1' };
const token = signScanToken(binding, SECRET, 24);

test('a token verifies against what it was signed for and gives back the whole binding', () => {
  assert.deepEqual(verifyScanToken(` ${token} `, SECRET, expected), binding);
});

const refusals: Array<[string, string | undefined, Partial<typeof expected>, string, string?]> = [
  ['no token', undefined, {}, 'missing'],
  ['a blank token', '  ', {}, 'missing'],
  ['garbage', 'not.a.token', {}, 'invalid'],
  ['another secret', token, {}, 'invalid', 'another-secret'],
  ['another caller (an organisation key)', token, { caller: 'org:1' }, 'caller_mismatch'],
  ['another fingerprint', token, { fingerprint: 'fp2' }, 'fingerprint_mismatch'],
  ['another file', token, { fileHash: 'fh2' }, 'file_mismatch'],
  ['other settings', token, { settingsHash: 'sh2' }, 'settings_mismatch'],
  ['an expired token', jwt.sign({ v: 1, fp: 'fp', fh: 'fh', sh: 'sh', mh: 'mh', gh: 'gh', sub: 'user:1' }, SECRET, { algorithm: 'HS256', expiresIn: -10 }), {}, 'expired'],
  ['claims of another shape', jwt.sign({ v: 2, fp: 'fp' }, SECRET, { algorithm: 'HS256' }), {}, 'invalid'],
  ['another algorithm', jwt.sign({ v: 1, fp: 'fp', fh: 'fh', sh: 'sh', mh: 'mh', gh: 'gh', sub: 'user:1' }, SECRET, { algorithm: 'HS512' }), {}, 'invalid'],
];

for (const [name, t, change, reason, secret] of refusals) {
  test(`refused with ${reason}: ${name}`, () => {
    assert.throws(
      () => verifyScanToken(t, secret ?? SECRET, { ...expected, ...change }),
      (err: unknown) => err instanceof HttpError && err.status === 401 && err.reason === reason,
    );
  });
}
