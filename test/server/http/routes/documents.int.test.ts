// The document routes (server/http/routes/documents.ts) over HTTP: auth, uploads and limits, settings bounds,
// hostile files, scan token binding, credits, usage. The resolver route's work: crossref.int.test.ts beside this
// folder; bibliography rewrite and style preview: bib-rewrite.int.test.ts and style-preview.int.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createHash } from 'node:crypto';
import { canonicalSettings, DEFAULT_SETTINGS } from '../../../../shared/settings.ts';
import { creditBalance } from '../../../../server/db/credits.ts';
import { signScanToken } from '../../../../server/http/scan-token.ts';
import { MAX_DOCX_BYTES } from '../../../../shared/contract.ts';
import { awaitFreshWindow, CORPUS, corpusDoc, expectError, expectFetchError, nestedJson, startTestService, TEST_TOKEN_SECRET, type TestService } from '../../../helpers/http-harness.ts';
import { doctypeDocx, lyingZip, macroDocx, mismatchedTagsDocx, nulByteDocx, randomUpload, truncatedZip, zipBomb, zipWithoutDocument } from '../bad-docx.ts';

let t: TestService;
const doc = corpusDoc();
const otherDoc = corpusDoc(`${CORPUS}/elife-02304.docx`);

before(async () => {
  t = await startTestService('documents', { TRIAL_CREDITS: '0', RATE_LIMIT_PER_MINUTE: '8', ORG_RATE_LIMIT_PER_MINUTE: '12' });
});
after(async () => {
  await t.stop();
});

const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

describe('authentication and upload limits (no engine work)', () => {
  test('missing header 401, unknown key 401, session token is not an API key', async () => {
    const missing = expectError(await t.client.scan({ file: doc }), 401);
    assert.equal(missing.error, 'Missing authorization header');
    expectError(await t.client.withApiKey('sk_service_live_notakey').scan({ file: doc }), 401);
    const u = await t.user({});
    const login = await t.client.login(u.email, u.password);
    assert.ok(login.ok);
    expectError(await t.client.withApiKey(login.data.token).direct({ file: doc }), 401);
  });

  test('every document route: no header is 401 missing_authorization; an expired key 401 api_key_expired', async () => {
    const u = await t.user({});
    const { id, key } = await u.key();
    await t.service.ctx.pool.query('UPDATE api_keys SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE id = ?', [id]);
    for (const route of ['/hyperlink-scan', '/hyperlink-apply', '/hyperlink-style-preview', '/hyperlink', '/hyperlink-crossref']) {
      for (const [headers, reason] of [[{}, 'missing_authorization'], [{ authorization: `Bearer ${key}` }, 'api_key_expired']] as const) {
        const form = new FormData();
        form.append('file', new Blob([doc as unknown as BlobPart]), 'a.docx');
        const res = await fetch(`${t.url}${route}`, { method: 'POST', headers, body: form });
        const body = await expectFetchError(res, 401);
        assert.equal(body.reason, reason, route);
      }
    }
  });

  test('missing file 400, non-multipart 400, invalid settings JSON 400, bad settings value 400 naming the field', async () => {
    const u = await t.user({});
    const { client, key } = await u.key();
    const form = new FormData();
    form.append('settings', '{}');
    const noFile = await fetch(`${t.url}/hyperlink-scan`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    assert.equal(noFile.status, 400);
    assert.equal(((await noFile.json()) as { reason: string }).reason, 'missing_file');
    const json = await fetch(`${t.url}/hyperlink`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 400);
    const badJson = expectError(await client.scan({ file: doc, settingsText: '{citeStyle:' }), 400);
    assert.equal(badJson.error, 'Invalid JSON in form data');
    const badValue = expectError(await client.scan({ file: doc, settingsText: JSON.stringify({ figures: 'sideways' }) }), 400);
    assert.match(badValue.error, /figures/);
    const badColor = expectError(await client.direct({ file: doc, settingsText: JSON.stringify({ linkColor: 'blue' }) }), 400);
    assert.match(badColor.error, /linkColor/);
    const empty = expectError(await client.scan({ file: new Uint8Array(0) }), 400);
    assert.equal(empty.reason, 'empty-file');
  });

  test('a settings form field nested thousands deep or over the size bound is 400, before the engine', async () => {
    const u = await t.user({ credits: 5 });
    const { client } = await u.key();
    const deep = expectError(await client.scan({ file: corpusDoc(), settingsText: `{"extra":${nestedJson(5000)}}` }), 400);
    assert.equal(deep.reason, 'settings_too_deep');
    const arrays = expectError(await client.direct({ file: corpusDoc(), settingsText: `{"extra":${'['.repeat(6000)}${']'.repeat(6000)}}` }), 400);
    assert.equal(arrays.reason, 'settings_too_deep');
    const big = expectError(await client.scan({ file: corpusDoc(), settingsText: JSON.stringify({ note: 'y'.repeat(70_000) }) }), 400);
    assert.equal(big.reason, 'settings_too_large');
  });

  test('a file of 26,214,401 bytes is 413 on every document route; exactly the limit is not', async () => {
    const u = await t.user({ credits: 5 });
    const { client } = await u.key();
    const over = new Uint8Array(MAX_DOCX_BYTES + 1);
    const scan = expectError(await client.scan({ file: over }), 413);
    assert.equal(scan.error, 'File exceeds 25MB limit');
    expectError(await client.direct({ file: over }), 413);
    expectError(await client.apply({ file: over, decisions: [], scanToken: 'x', scanFingerprint: 'y' }), 413);
    const atLimit = await client.scan({ file: new Uint8Array(MAX_DOCX_BYTES) });
    assert.notEqual(atLimit.status, 413);
    assert.ok(atLimit.status >= 400 && atLimit.status < 600);
    const u2 = await t.user({ plan: 'pro' });
    expectError(await (await u2.key()).client.crossref({ file: over }), 413);
  });

  test('/hyperlink-crossref: free plan 403 hyperlinker_requires_paid_plan; a paid plan without credits 402', async () => {
    const free = await t.user({});
    const body = expectError(await (await free.key()).client.crossref({ file: doc, settings: { doi: true, crossref: true } }), 403);
    assert.equal(body.error, 'hyperlinker_requires_paid_plan');
    assert.equal(body.reason, 'hyperlinker_requires_paid_plan');
    const pro = await t.user({ plan: 'pro' });
    const noAllowance = expectError(await (await pro.key()).client.crossref({ file: doc, settings: { doi: true, crossref: true } }), 402);
    assert.equal(noAllowance.reason, 'no_credits');
    const owner = await t.user({ org: 'team-co', role: 'owner' });
    const orgKey = await owner.session.createOrgKey({ name: 'crossref' });
    assert.ok(orgKey.ok);
    expectError(await t.client.withApiKey(orgKey.data.key).crossref({ file: doc }), 403);
  });

  test('/hyperlink-crossref on a server with the resolver off: 503 resolver_unavailable with a hint', async () => {
    const pro = await t.user({ plan: 'pro', credits: 1 });
    const { client } = await pro.key();
    const resolver = t.service.ctx.resolver;
    t.service.ctx.resolver = null;
    try {
      const body = expectError(await client.crossref({ file: doc, settings: { doi: true, crossref: true } }), 503);
      assert.deepEqual([body.error, body.reason], ['Service temporarily unavailable', 'resolver_unavailable']);
      assert.match((body as { hint?: string }).hint ?? '', /scan and apply work without it/);
    } finally {
      t.service.ctx.resolver = resolver;
    }
  });

  test('429 per key after RATE_LIMIT_PER_MINUTE requests, with retry_after and Retry-After', async () => {
    const u = await t.user({});
    const { client } = await u.key();
    await awaitFreshWindow();
    for (let i = 0; i < 8; i++) expectError(await client.crossref({ file: doc }), 403);
    const limited = await client.crossref({ file: doc });
    const body = expectError(limited, 429);
    assert.equal(body.error, 'Rate limit exceeded');
    assert.ok(Number.isInteger(body.retry_after) && body.retry_after! >= 1 && body.retry_after! <= 60);
    assert.equal(limited.headers.get('retry-after'), String(body.retry_after));
    const other = await u.key();
    expectError(await other.client.crossref({ file: doc }), 403);
  });

  test('429 per organisation across its keys after ORG_RATE_LIMIT_PER_MINUTE', async () => {
    const owner = await t.user({ org: 'busy-org', role: 'owner' });
    const k1 = await owner.session.createOrgKey({ name: 'one' });
    const k2 = await owner.session.createOrgKey({ name: 'two' });
    assert.ok(k1.ok && k2.ok);
    const c1 = t.client.withApiKey(k1.data.key);
    const c2 = t.client.withApiKey(k2.data.key);
    await awaitFreshWindow();
    for (let i = 0; i < 7; i++) expectError(await c1.crossref({ file: doc }), 403);
    for (let i = 0; i < 5; i++) expectError(await c2.crossref({ file: doc }), 403);
    expectError(await c2.crossref({ file: doc }), 429);
  });
});

describe('hostile uploads: 4xx JSON within seconds, server keeps serving', () => {
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, string?][] = [
    ['random bytes', () => randomUpload()],
    ['truncated zip', () => truncatedZip(doc)],
    ['zip bomb', () => zipBomb()],
    ['zip with lying sizes', () => lyingZip()],
    ['DOCTYPE and entities', () => doctypeDocx(doc)],
    ['zip without document.xml', () => zipWithoutDocument()],
    ['mismatched tags', () => mismatchedTagsDocx(doc), 'malformed-xml'],
    ['NUL byte', () => nulByteDocx(doc), 'invalid-encoding'],
    ['macro-enabled', () => macroDocx(doc), 'macro-enabled'],
  ];
  for (const [name, build, reason] of cases) {
    test(name, async () => {
      const u = await t.user({ credits: 2 });
      const { client } = await u.key();
      const file = await build();
      for (const call of [() => client.scan({ file }), () => client.direct({ file })]) {
        const started = Date.now();
        const r = await call();
        assert.ok(r.status >= 400 && r.status < 500, `${name}: got ${r.status} ${JSON.stringify(r.ok ? {} : r.error)}`);
        assert.ok(Date.now() - started < 15_000, `${name} took ${Date.now() - started} ms`);
        const body = expectError(r, r.status);
        assert.ok(!/\/work\/|node_modules|at .*\.ts:\d+/.test(JSON.stringify(body)), 'no server path or stack in the answer');
        assert.match(body.error, /^DOCX rejected \(/);
        if (reason) assert.equal(r.status, 400);
        if (reason) assert.equal(body.reason, reason, name);
      }
      assert.equal(await creditBalance(t.service.ctx.pool, { kind: 'user', id: u.userId }), 2, 'a rejected document costs no credit');
      assert.equal((await fetch(`${t.url}/healthz`)).status, 200);
    });
  }
});

describe('scan, apply and the scan token', () => {
  test('scan returns a packet with token, consumes no credit; apply with the token returns a DOCX and consumes one', async () => {
    const u = await t.user({ credits: 2 });
    const { client } = await u.key();
    const scan = await client.scan({ file: doc, settings: { doi: true } });
    assert.equal(scan.status, 200, JSON.stringify(scan.ok ? '' : scan.error));
    assert.ok(scan.ok);
    assert.match(scan.data.scanFingerprint, /^sha256:[0-9a-f]+$/);
    assert.ok(scan.data.scanToken && Array.isArray(scan.data.matches) && Array.isArray(scan.data.targets));
    assert.equal(await creditBalance(t.service.ctx.pool, { kind: 'user', id: u.userId }), 2);
    const decisions = scan.data.matches.filter((m) => m.status === 'ready').map((m) => ({ refId: m.refId, status: 'approved' as const }));
    const applied = await client.apply({ file: doc, settings: { doi: true }, scanToken: scan.data.scanToken, scanFingerprint: scan.data.scanFingerprint, decisions });
    assert.equal(applied.status, 200, JSON.stringify(applied.ok ? '' : applied.error));
    assert.ok(applied.ok);
    assert.equal(Buffer.from(applied.data.docx, 'base64').subarray(0, 2).toString(), 'PK');
    assert.ok(Number.isInteger(applied.data.linkCount));
    assert.equal(await creditBalance(t.service.ctx.pool, { kind: 'user', id: u.userId }), 1);
  });

  test('token binding: missing, fingerprint, file, settings, tampered, other caller, graph — all 401 and no credit used', async () => {
    const u = await t.user({ credits: 3 });
    const { client } = await u.key();
    const scan = await client.scan({ file: doc });
    assert.ok(scan.ok, JSON.stringify(scan.ok ? '' : scan.error));
    const token = scan.data.scanToken!;
    const fp = scan.data.scanFingerprint;
    const base = { file: doc, scanToken: token, scanFingerprint: fp, decisions: [] };
    const reasonOf = async (r: ReturnType<typeof client.apply>): Promise<string | null | undefined> => {
      const body = expectError(await r, 401);
      assert.equal(body.error, 'scan token invalid');
      return body.reason;
    };
    assert.equal(await reasonOf(client.apply({ ...base, scanToken: undefined })), 'missing');
    assert.equal(await reasonOf(client.apply({ ...base, scanFingerprint: 'sha256:00' })), 'fingerprint_mismatch');
    assert.equal(await reasonOf(client.apply({ ...base, file: otherDoc })), 'file_mismatch');
    assert.equal(await reasonOf(client.apply({ ...base, settings: { figures: 'full' } })), 'settings_mismatch');
    const parts = token.split('.');
    const tampered = `${parts[0]}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(parts[1]!, 'base64url').toString()), sub: 'user:someone' })).toString('base64url')}.${parts[2]}`;
    assert.equal(await reasonOf(client.apply({ ...base, scanToken: tampered })), 'invalid');
    const stranger = await t.user({ credits: 3 });
    assert.equal(await reasonOf((await stranger.key()).client.apply(base)), 'caller_mismatch');
    const forged = signScanToken(
      { fingerprint: fp, fileHash: sha(doc), settingsHash: sha(canonicalSettings(DEFAULT_SETTINGS)), metadataHash: 'x', graphHash: 'not-the-graph', caller: `user:${u.userId}` },
      TEST_TOKEN_SECRET,
      1,
    );
    assert.equal(await reasonOf(client.apply({ ...base, scanToken: forged })), 'graph_mismatch');
    assert.equal(await creditBalance(t.service.ctx.pool, { kind: 'user', id: u.userId }), 3);
    const sameUserOtherKey = await u.key();
    assert.equal((await sameUserOtherKey.client.apply(base)).status, 200, 'a token binds the user, not one key');
  });

  test('apply shape errors: decisions missing or not an array, bad decision status, bad applyBibRewrite', async () => {
    const u = await t.user({ credits: 1 });
    const { client } = await u.key();
    const fields = { file: doc, scanToken: 'x', scanFingerprint: 'y' };
    expectError(await client.apply({ ...fields, decisions: '' }), 400);
    expectError(await client.apply({ ...fields, decisions: '{"a":1}' }), 400);
    expectError(await client.apply({ ...fields, decisions: '[{' }), 400);
    expectError(await client.apply({ ...fields, decisions: [{ refId: 'c1', status: 'maybe' as never }] }), 400);
    const form = new FormData();
    form.append('file', new Blob([doc as unknown as BlobPart]), 'a.docx');
    form.append('decisions', '[]');
    form.append('applyBibRewrite', 'perhaps');
    const r = await fetch(`${t.url}/hyperlink-apply`, { method: 'POST', headers: { authorization: `Bearer ${(await u.key()).key}` }, body: form });
    assert.equal(r.status, 400);
  });

  test('direct: credits run out with 402; usage rows and key counters for an organisation key', async () => {
    const owner = await t.user({ org: 'direct-org', role: 'owner' });
    await t.service.ctx.pool.query('UPDATE organisations SET credits = 1 WHERE id = ?', [owner.orgId]);
    const k = await owner.session.createOrgKey({ name: 'direct' });
    assert.ok(k.ok);
    const client = t.client.withApiKey(k.data.key);
    const first = await client.direct({ file: doc });
    assert.equal(first.status, 200, JSON.stringify(first.ok ? '' : first.error));
    const second = expectError(await client.direct({ file: doc }), 402);
    assert.equal(second.error, 'No credits remaining');
    const usage = await owner.session.orgUsage();
    assert.ok(usage.ok);
    assert.equal(usage.data.total, 1);
    const row = usage.data.usage[0]!;
    assert.equal(row.route, 'hyperlink');
    assert.equal(row.status, 200);
    assert.equal(row.credits_used, 1);
    assert.equal(row.api_key_id, k.data.id);
    const keys = await owner.session.listOrgKeys();
    assert.ok(keys.ok);
    assert.equal(keys.data.keys[0]!.total_docs_processed, 1);
    assert.ok(keys.data.keys[0]!.last_used_at);
  });
});
