// Issue 24 item 4, against the real service: documents in flight are bounded per account over all its keys, not
// only per key. With one document per key and two per account, a user whose two keys each hold an upload open
// gets 429 too_many_concurrent naming the account on a third key; another user is not held; once an upload
// ends, the account's next document is accepted.
import assert from 'node:assert/strict';
import { request, type ClientRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;

before(async () => {
  t = await startTestService('account_concurrency', { MAX_CONCURRENT_PER_KEY: '1', MAX_CONCURRENT_PER_ACCOUNT: '2', RATE_LIMIT_PER_MINUTE: '1000' });
});
after(async () => {
  await t.stop();
});

/** Starts a chunked scan upload that sends its first bytes and then waits (held in flight by the service). */
function heldUpload(key: string): { req: ClientRequest; answered: Promise<number> } {
  let req!: ClientRequest;
  const answered = new Promise<number>((resolve) => {
    req = request(`${t.url}/hyperlink-scan`, { method: 'POST', agent: false, headers: { authorization: `Bearer ${key}`, 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.write('--b\r\nContent-Disposition: form-data; name="file"; filename="m.docx"\r\nContent-Type: application/octet-stream\r\n\r\nPK');
  });
  return { req, answered };
}

async function scanStatus(key: string): Promise<{ status: number; body: { reason?: string; error?: string } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'm.docx');
  const res = await fetch(`${t.url}/hyperlink-scan`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  return { status: res.status, body: (await res.json()) as { reason?: string; error?: string } };
}

test("an account's keys share its documents in flight: the third key's document is 429 naming the account, another account is not held", async () => {
  const owner = await t.user({});
  const [k1, k2, k3] = [await owner.key('one'), await owner.key('two'), await owner.key('three')];
  const other = await (await t.user({})).key('other');
  const held = [heldUpload(k1.key), heldUpload(k2.key)];
  await new Promise((r) => setTimeout(r, 300));
  const third = await scanStatus(k3.key);
  assert.equal(third.status, 429);
  assert.equal(third.body.reason, 'too_many_concurrent');
  assert.match(String(third.body.error), /account/);
  // Another account's document is not held (it is refused for what it is: not a DOCX).
  const elsewhere = await scanStatus(other.key);
  assert.notEqual(elsewhere.status, 429);
  // One upload ends: the account has a slot again.
  held[0]!.req.destroy();
  await held[0]!.answered;
  await new Promise((r) => setTimeout(r, 200));
  const after = await scanStatus(k3.key);
  assert.notEqual(after.status, 429, JSON.stringify(after.body));
  held[1]!.req.destroy();
  await held[1]!.answered;
});
