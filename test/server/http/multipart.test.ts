// multipart/form-data on a request stream (no server): files and text fields (a field sent as a part with
// a filename is text), the first of repeated names kept, and each refusal with its reason.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import type { Request } from 'express';
import { parseMultipart } from '../../../server/http/multipart.ts';
import { MAX_DOCX_BYTES } from '../../../shared/contract.ts';
import { refusal } from '../../helpers/service-context.ts';

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
