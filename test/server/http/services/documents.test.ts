// /hyperlink-apply's first decision: the scan token is checked against this upload, its settings and
// the caller before a credit is reserved or the engine runs (a pool that refuses use and an engine that
// fails the test stand in for both). Charging, usage rows and the engine's own graph check run against
// MariaDB in test/server/http/routes/documents.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sha256Hex } from '../../../../server/common/hash.ts';
import { signScanToken } from '../../../../server/http/scan-token.ts';
import { applyDocument, type ApplyRequest } from '../../../../server/http/services/documents.ts';
import { canonicalSettings, parseSettings } from '../../../../shared/settings.ts';
import { keyCaller, refusal, serviceContext } from '../../../helpers/service-context.ts';

const ctx = serviceContext({ engine: { apply: async () => assert.fail('the engine ran') } });
const bytes = Buffer.from('the scanned docx');
const settings = parseSettings({});
const token = signScanToken(
  { fingerprint: 'fp-1', fileHash: sha256Hex(bytes), settingsHash: sha256Hex(canonicalSettings(settings)), metadataHash: 'mh', graphHash: 'gh', caller: 'user:user-1' },
  ctx.config.tokenSecret,
  1,
);
const request = (change: Partial<ApplyRequest> = {}): ApplyRequest => ({
  caller: keyCaller({ tokenSubject: 'user:user-1' }), requestId: 'r1', bytes, settings, scanToken: token, scanFingerprint: 'fp-1', decisions: [], warnings: [], ...change,
});

const rows: Array<[string, Partial<ApplyRequest>, string]> = [
  ['no scan token', { scanToken: undefined }, 'missing'],
  ['a token signed by another service', { scanToken: signScanToken({ fingerprint: 'fp-1', fileHash: 'x', settingsHash: 'x', metadataHash: 'x', graphHash: 'x', caller: 'user:user-1' }, 'other', 1) }, 'invalid'],
  ['another key\'s token', { caller: keyCaller({ tokenSubject: 'org:org-9' }) }, 'caller_mismatch'],
  ['another scanFingerprint', { scanFingerprint: 'fp-2' }, 'fingerprint_mismatch'],
  ['another file', { bytes: Buffer.from('an edited docx') }, 'file_mismatch'],
  ['other settings', { settings: parseSettings({ figures: 'full' }) }, 'settings_mismatch'],
];

for (const [name, change, reason] of rows) {
  test(`refused before any credit or engine work: ${name}`, async () => {
    const r = await refusal(() => applyDocument(ctx, request(change)));
    assert.deepEqual([r.status, r.reason], [401, reason]);
  });
}
