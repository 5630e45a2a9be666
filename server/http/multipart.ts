// multipart/form-data parsing with busboy and a hard per-file limit of 26,214,400 bytes.
// A file one byte over the limit is 413 "File exceeds 25MB limit"; the rest of the body is drained
// so that the client reads the answer instead of a reset connection.
import busboy from 'busboy';
import type { Request } from 'express';
import { MAX_DOCX_BYTES } from '../../shared/contract.ts';
import { HttpError, badRequest } from './errors.ts';
import { UploadBuffer } from './upload-buffer.ts';
import { LARGE_JOB_BYTES, collectSoon } from '../common/reclaim.ts';

export interface UploadedForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const MAX_FIELD_BYTES = 8 * 1024 * 1024;
/** Bodies declaring more than this are refused before reading (the file limit plus room for the other fields). */
const MAX_BODY_BYTES = MAX_DOCX_BYTES + 2 * 1024 * 1024 + 2 * MAX_FIELD_BYTES;

export const tooLarge = (): HttpError => new HttpError(413, 'File exceeds 25MB limit', 'file_too_large');

/** Once a large upload's answer is sent, the service thread collects what the request left (the upload's memory,
 * the engine's answer): an idle event loop would otherwise hold it until later requests allocate enough. */
function collectAfterLargeUpload(req: Request, files: Record<string, Buffer>): void {
  const bytes = Object.values(files).reduce((n, f) => n + f.length, 0);
  if (bytes >= LARGE_JOB_BYTES) req.res?.once('close', () => collectSoon(20));
}

export function parseMultipart(req: Request, fileFields: readonly string[]): Promise<UploadedForm> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return Promise.reject(badRequest('Expected multipart/form-data with a file field', 'not_multipart'));
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.reject(tooLarge());

  return new Promise<UploadedForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: MAX_DOCX_BYTES + 1, files: fileFields.length + 2, fields: 30, fieldSize: MAX_FIELD_BYTES, parts: 40 },
      });
    } catch {
      reject(badRequest('Malformed multipart body', 'bad_multipart'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: Record<string, Buffer> = {};
    const seenFiles = new Set<string>();
    let failure: HttpError | null = null;
    const fail = (err: HttpError): void => {
      failure ??= err;
    };
    // busboy destroys a part's stream with an error when the body ends inside it ("Unexpected end of
    // form"): without a listener that error would be thrown out of the process.
    const malformed = (): void => fail(badRequest('Malformed multipart body', 'bad_multipart'));
    const textPart = (name: string, stream: NodeJS.ReadableStream): void => {
      stream.on('error', malformed);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_FIELD_BYTES) fail(badRequest(`Form field '${name}' is too large`, 'field_too_large'));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        if (!failure && !(name in fields)) fields[name] = Buffer.concat(chunks).toString('utf8');
      });
    };

    parser.on('file', (name, stream) => {
      if (!fileFields.includes(name)) {
        // A text field sent as a part with a filename (e.g. settings as an application/json Blob).
        textPart(name, stream);
        return;
      }
      stream.on('error', malformed);
      // The first part of a name wins: decided when the part starts, as an earlier part may still be arriving.
      if (seenFiles.has(name)) {
        stream.resume();
        return;
      }
      seenFiles.add(name);
      // Copied and hashed chunk by chunk as it arrives (upload-buffer.ts), into memory the engine worker shares.
      const upload = new UploadBuffer(Number.isFinite(declared) ? declared : 0, MAX_DOCX_BYTES);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_DOCX_BYTES) fail(tooLarge());
        else if (!failure) upload.append(chunk);
      });
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!failure) files[name] = upload.finish();
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(`Form field '${name}' is too large`, 'field_too_large'));
      else if (!(name in fields)) fields[name] = value;
    });
    parser.on('partsLimit', () => fail(badRequest('Too many form parts', 'too_many_parts')));
    parser.on('error', malformed);
    parser.on('close', () => {
      if (failure) return reject(failure);
      collectAfterLargeUpload(req, files);
      resolve({ fields, files });
    });
    req.on('aborted', () => reject(badRequest('Upload aborted', 'aborted')));
    req.pipe(parser);
  });
}
