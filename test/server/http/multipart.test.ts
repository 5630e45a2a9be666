// multipart/form-data on a request stream (no server): files and text fields (a field sent as a part with
// a filename is text), the first of repeated names kept, and each refusal with its reason; bodies without
// Content-Length (chunked) refused as soon as a limit is passed, the rest never read.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import type { Request } from 'express';
import { parseMultipart } from '../../../server/http/multipart.ts';
import { MAX_CSL_BYTES } from '../../../server/csl/csl-file.ts';
import { MAX_DOCX_BYTES } from '../../../shared/contract.ts';
import { refusal } from '../../helpers/service-context.ts';

// The bounds multipart.ts holds a body to: a text field 64 KB, the per-match apply fields 4 MB each, 16 text
// parts, all text together both large fields full and the small ones; a body for one file: the file, the text
// and 256 KB of boundaries and part headers.
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
const LARGE_TEXT_FIELD_BYTES = { decisions: 4 * 1024 * 1024, resolvedWorks: 4 * 1024 * 1024 };
const MAX_TEXT_PARTS = 16;
const MAX_TEXT_BYTES = LARGE_TEXT_FIELD_BYTES.decisions + LARGE_TEXT_FIELD_BYTES.resolvedWorks + MAX_TEXT_PARTS * MAX_TEXT_FIELD_BYTES;
const maxBodyBytes = (fileFields: ['file']) => fileFields.length * MAX_DOCX_BYTES + MAX_TEXT_BYTES + 256 * 1024;

async function request(form: FormData, headers: Record<string, string> = {}): Promise<Request> {
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const req = Readable.from([body]) as unknown as Request;
  (req as { headers: Record<string, string> }).headers = { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length), ...headers };
  return req;
}

test('files and fields; a JSON part with a filename is a text field; repeated names keep the first', async () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array([80, 75, 3, 4])]), 'a.docx');
  form.append('file', new Blob([new Uint8Array([1])]), 'b.docx');
  form.append('settings', new Blob(['{"figures":"full"}'], { type: 'application/json' }), 'blob');
  form.append('scanToken', 't1');
  form.append('scanToken', 't2');
  const out = await parseMultipart(await request(form), ['file']);
  assert.deepEqual([...out.files.file!], [80, 75, 3, 4]);
  assert.deepEqual(out.fields, { settings: '{"figures":"full"}', scanToken: 't1' });
});

test('refused: not multipart, a declared body far over the limit, a file one byte over it, too many parts', async () => {
  const json = Readable.from(['{}']) as unknown as Request;
  (json as { headers: Record<string, string> }).headers = { 'content-type': 'application/json' };
  assert.deepEqual((await refusal(() => parseMultipart(json, ['file']))).reason, 'not_multipart');

  const small = new FormData();
  small.append('file', new Blob([new Uint8Array(10)]), 'a.docx');
  const declared = await refusal(async () => parseMultipart(await request(small, { 'content-length': String(MAX_DOCX_BYTES * 2) }), ['file']));
  assert.deepEqual([declared.status, declared.reason], [413, 'file_too_large']);

  const big = new FormData();
  big.append('file', new Blob([new Uint8Array(MAX_DOCX_BYTES + 1)]), 'big.docx');
  const over = await refusal(async () => parseMultipart(await request(big), ['file']));
  assert.deepEqual([over.status, over.reason], [413, 'file_too_large']);

  const many = new FormData();
  for (let i = 0; i < 45; i++) many.append(`f${i}`, 'x');
  assert.equal((await refusal(async () => parseMultipart(await request(many), ['file']))).reason, 'too_many_parts');
});

test('a body cut short is a malformed multipart body', async () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(100)]), 'a.docx');
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const req = Readable.from([body.subarray(0, body.length - 20)]) as unknown as Request;
  (req as { headers: Record<string, string> }).headers = { 'content-type': encoded.headers.get('content-type')! };
  assert.equal((await refusal(() => parseMultipart(req, ['file']))).reason, 'bad_multipart');
});

/** A multipart body produced lazily, without Content-Length (as Transfer-Encoding: chunked arrives): `parts` yields
 * [name, filename or null, total bytes]; reports how many bytes the parser pulled. */
function chunkedBody(parts: Array<[string, string | null, number]>): { req: Request; pulled: () => number } {
  const boundary = 'bound0123456789';
  let pulled = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  function* body(): Generator<Buffer> {
    for (const [name, filename, size] of parts) {
      const disposition = `form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const source = body();
  const req = new Readable({
    read() {
      const next = source.next();
      if (next.done) this.push(null);
      else {
        pulled += next.value.length;
        this.push(next.value);
      }
    },
  }) as unknown as Request;
  (req as { headers: Record<string, string> }).headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' };
  return { req, pulled: () => pulled };
}

const MB = 1024 * 1024;

test('chunked, no Content-Length: 30 text fields of 8 MB are refused within the text budget, not read to the end', async () => {
  const bomb = chunkedBody([['file', 'a.docx', 10], ...Array.from({ length: 30 }, (_, i): [string, null, number] => [`f${i}`, null, 8 * MB])]);
  const refused = await refusal(() => parseMultipart(bomb.req, ['file']));
  // The first field ends past its limit (field_too_large) before the text budget is spent (body_too_large).
  assert.ok(refused.reason === 'field_too_large' || refused.reason === 'body_too_large', refused.reason);
  assert.ok(bomb.pulled() < MAX_TEXT_BYTES + 2 * MB, `pulled ${bomb.pulled()} bytes of 240 MB`);
});

test('chunked: a text field over its small limit is refused, as a field or as a part with a filename (settings with its own reason)', async () => {
  for (const filename of [null, 'blob']) {
    const token = chunkedBody([['scanToken', filename, MAX_TEXT_FIELD_BYTES + 1], ['file', 'a.docx', 10]]);
    assert.deepEqual(await refusal(() => parseMultipart(token.req, ['file'])).then((r) => [r.status, r.reason]), [400, 'field_too_large']);
    const settings = chunkedBody([['settings', filename, MAX_TEXT_FIELD_BYTES + 1], ['file', 'a.docx', 10]]);
    assert.deepEqual(await refusal(() => parseMultipart(settings.req, ['file'])).then((r) => [r.status, r.reason]), [400, 'settings_too_large']);
  }
  const atLimit = chunkedBody([['settings', null, MAX_TEXT_FIELD_BYTES], ['scanToken', 'blob', MAX_TEXT_FIELD_BYTES], ['file', 'a.docx', 10]]);
  const form = await parseMultipart(atLimit.req, ['file']);
  assert.deepEqual([form.fields.settings!.length, form.fields.scanToken!.length], [MAX_TEXT_FIELD_BYTES, MAX_TEXT_FIELD_BYTES]);
});

test('chunked: a file over 25 MB is refused when the limit is passed, the rest never read', async () => {
  const huge = chunkedBody([['file', 'a.docx', 200 * MB]]);
  const refused = await refusal(() => parseMultipart(huge.req, ['file']));
  assert.deepEqual([refused.status, refused.reason], [413, 'file_too_large']);
  assert.ok(huge.pulled() < MAX_DOCX_BYTES + 2 * MB, `pulled ${huge.pulled()} bytes of 200 MB`);
});

test('chunked: duplicate file parts past the body limit are body_too_large', async () => {
  const repeated = chunkedBody(Array.from({ length: 8 }, (): [string, string, number] => ['file', 'a.docx', 20 * MB]));
  const refused = await refusal(() => parseMultipart(repeated.req, ['file']));
  assert.deepEqual([refused.status, refused.reason], [413, 'body_too_large']);
  assert.ok(repeated.pulled() < maxBodyBytes(['file']) + 2 * MB);
});

test('large apply fields within their limits are kept; one over is refused; a cslFile over its limit is csl_too_large', async () => {
  const ok = chunkedBody([['file', 'a.docx', 10], ['decisions', null, 3 * MB], ['resolvedWorks', 'blob', 3 * MB], ['settings', null, 1000]]);
  const form = await parseMultipart(ok.req, ['file']);
  assert.deepEqual([form.fields.decisions!.length, form.fields.resolvedWorks!.length, form.fields.settings!.length], [3 * MB, 3 * MB, 1000]);
  const over = chunkedBody([['file', 'a.docx', 10], ['decisions', null, LARGE_TEXT_FIELD_BYTES.decisions + 1]]);
  assert.equal((await refusal(() => parseMultipart(over.req, ['file']))).reason, 'field_too_large');
  const style = chunkedBody([['file', 'a.docx', 10], ['cslFile', 'style.csl', MAX_CSL_BYTES + 1]]);
  assert.deepEqual(await refusal(() => parseMultipart(style.req, ['file', 'cslFile'])).then((r) => [r.status, r.reason]), [400, 'csl_too_large']);
});

test('more text parts than allowed is too_many_parts, sent as fields or as parts with filenames', async () => {
  const fields = chunkedBody(Array.from({ length: MAX_TEXT_PARTS + 1 }, (_, i): [string, null, number] => [`f${i}`, null, 1]));
  assert.equal((await refusal(() => parseMultipart(fields.req, ['file']))).reason, 'too_many_parts');
  const named = chunkedBody(Array.from({ length: MAX_TEXT_PARTS + 1 }, (_, i): [string, string, number] => [`f${i}`, 'blob', 1]));
  assert.equal((await refusal(() => parseMultipart(named.req, ['file']))).reason, 'too_many_parts');
});
