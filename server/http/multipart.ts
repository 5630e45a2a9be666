// multipart/form-data parsing with busboy, bounded whatever the framing (issue 24, item 2): with or without
// Content-Length (Transfer-Encoding: chunked), the body's bytes are counted as they arrive, each file part has
// its own limit (the DOCX 26,214,400 bytes: one byte more is 413 "File exceeds 25MB limit"; a cslFile
// MAX_CSL_BYTES), each text field a small one (settings and ids 64 KB; decisions and resolvedWorks a few
// megabytes), and text fields are few. The first limit passed refuses the upload at once: the parser is
// detached and the promise rejected, and the error handler answers and closes the connection after draining at
// most a little of what is still arriving (middleware.ts). Nothing is charged: the body is read before any credit.
import busboy from 'busboy';
import type { Request } from 'express';
import { MAX_DOCX_BYTES } from '../../shared/contract.ts';
import { MAX_CSL_BYTES } from '../csl/csl-file.ts';
import { HttpError, badRequest } from './errors.ts';
import { settingsTooLarge } from './json-limits.ts';
import { UploadBuffer } from './upload-buffer.ts';
import { LARGE_JOB_BYTES, collectSoon } from '../common/reclaim.ts';

export interface UploadedForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const tooLarge = (): HttpError => new HttpError(413, 'File exceeds 25MB limit', 'file_too_large');

interface FileLimit {
  maxBytes: number;
  refusal: () => HttpError;
}

/** Limits of the file parts a route accepts; a file field not named here has the DOCX limit. */
const FILE_LIMITS: Record<string, FileLimit> = {
  file: { maxBytes: MAX_DOCX_BYTES, refusal: tooLarge },
  // The same refusal parseCslFile gives a larger file, only sooner: nothing past the limit is kept.
  cslFile: { maxBytes: MAX_CSL_BYTES, refusal: () => badRequest(`cslFile is larger than ${MAX_CSL_BYTES} bytes`, 'csl_too_large') },
};

const fileLimit = (name: string): FileLimit => FILE_LIMITS[name] ?? FILE_LIMITS.file!;

/** A text field (settings, scanToken, scanFingerprint, detectedCslId, applyBibRewrite, styleId, count, any other name)
 * holds at most this many bytes. Settings past it get the refusal of settings over MAX_SETTINGS_BYTES (json-limits.ts),
 * which applies when they are parsed, after the depth check: a deep settings field below this still says it is deep. */
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
/** The apply fields that carry one entry per match or reference (up to MAX_DECISIONS, 20,000) have more room. */
const LARGE_TEXT_FIELD_BYTES: Readonly<Record<string, number>> = { decisions: 4 * 1024 * 1024, resolvedWorks: 4 * 1024 * 1024 };
/** Text parts (fields, or text sent as a part with a filename) in one body; the routes know 9 names. */
const MAX_TEXT_PARTS = 16;
/** What all text fields of one body may add up to: both large fields full and the small ones. */
const MAX_TEXT_BYTES = Object.values(LARGE_TEXT_FIELD_BYTES).reduce((a, b) => a + b, 0) + MAX_TEXT_PARTS * MAX_TEXT_FIELD_BYTES;
/** Boundaries and part headers: a few hundred bytes per part, with room to spare. */
const FRAMING_BYTES = 256 * 1024;

const textFieldLimit = (name: string): number => LARGE_TEXT_FIELD_BYTES[name] ?? MAX_TEXT_FIELD_BYTES;

/** The most bytes a body for these file fields may hold (counted as they arrive; a larger Content-Length is refused unread). */
function maxBodyBytes(fileFields: readonly string[]): number {
  return fileFields.reduce((n, name) => n + fileLimit(name).maxBytes, 0) + MAX_TEXT_BYTES + FRAMING_BYTES;
}

const bodyTooLarge = (max: number): HttpError => new HttpError(413, `Request body exceeds ${max} bytes`, 'body_too_large');
const fieldTooLarge = (name: string): HttpError =>
  name === 'settings' ? settingsTooLarge() : badRequest(`Form field '${name.slice(0, 64)}' is too large (at most ${textFieldLimit(name)} bytes)`, 'field_too_large');
const tooManyParts = (): HttpError => badRequest(`Too many form parts (at most ${MAX_TEXT_PARTS} text fields besides the files)`, 'too_many_parts');

/** Once a large upload's answer is sent, the service thread collects what the request left (the upload's memory,
 * the engine's answer): an idle event loop would otherwise hold it until later requests allocate enough. */
function collectAfterLargeUpload(req: Request, files: Record<string, Buffer>): void {
  const bytes = Object.values(files).reduce((n, f) => n + f.length, 0);
  if (bytes >= LARGE_JOB_BYTES) req.res?.once('close', () => collectSoon(20));
}

export function parseMultipart(req: Request, fileFields: readonly string[]): Promise<UploadedForm> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return Promise.reject(badRequest('Expected multipart/form-data with a file field', 'not_multipart'));
  const maxBody = maxBodyBytes(fileFields);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) return Promise.reject(tooLarge());

  return new Promise<UploadedForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: Math.max(...fileFields.map((name) => fileLimit(name).maxBytes), MAX_TEXT_FIELD_BYTES) + 1,
          // busboy keeps a field's value whole before the 'field' event: at most the largest text limit (+1 to see it passed).
          fieldSize: Math.max(MAX_TEXT_FIELD_BYTES, ...Object.values(LARGE_TEXT_FIELD_BYTES)) + 1,
          fields: MAX_TEXT_PARTS,
          files: fileFields.length + MAX_TEXT_PARTS,
          parts: fileFields.length + MAX_TEXT_PARTS,
        },
      });
    } catch {
      reject(badRequest('Malformed multipart body', 'bad_multipart'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: Record<string, Buffer> = {};
    const seenFiles = new Set<string>();
    let textParts = 0;
    let textBytes = 0;
    let settled = false;

    /** Refuses the upload now: the parser is detached from the request, whose remaining bytes are no longer parsed. */
    const refuse = (err: HttpError): void => {
      if (settled) return;
      settled = true;
      req.off('data', countBody);
      req.unpipe(parser);
      reject(err);
    };
    let received = 0;
    /** Bytes handed to file parts; the rest of the body is text and framing. busboy keeps a text field whole
     * before its 'field' event, so this is how a text field over its limit is refused while it arrives. */
    let fileBytes = 0;
    const countBody = (chunk: Buffer): void => {
      // The chunk before this one has been parsed (a file part's share counted); this one not yet.
      if (received - fileBytes > MAX_TEXT_BYTES + FRAMING_BYTES) refuse(bodyTooLarge(maxBody));
      received += chunk.length;
      if (received > maxBody) refuse(bodyTooLarge(maxBody));
    };
    // busboy destroys a part's stream with an error when the body ends inside it ("Unexpected end of
    // form"): without a listener that error would be thrown out of the process.
    const malformed = (): void => refuse(badRequest('Malformed multipart body', 'bad_multipart'));
    /** Counts a text part; false (and the upload refused) past the number of text parts allowed. */
    const admitText = (): boolean => {
      textParts += 1;
      if (textParts > MAX_TEXT_PARTS) refuse(tooManyParts());
      return !settled;
    };
    const keepText = (name: string, value: string): void => {
      textBytes += Buffer.byteLength(value);
      if (textBytes > MAX_TEXT_BYTES) refuse(bodyTooLarge(maxBody));
      else if (!(name in fields)) fields[name] = value;
    };
    const textPart = (name: string, stream: NodeJS.ReadableStream): void => {
      stream.on('error', malformed);
      if (!admitText()) return;
      const limit = textFieldLimit(name);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > limit) refuse(fieldTooLarge(name));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        if (!settled) keepText(name, Buffer.concat(chunks).toString('utf8'));
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
        stream.on('data', (chunk: Buffer) => (fileBytes += chunk.length));
        return;
      }
      seenFiles.add(name);
      const { maxBytes, refusal } = fileLimit(name);
      // Copied and hashed chunk by chunk as it arrives (upload-buffer.ts), into memory the engine worker shares.
      const upload = new UploadBuffer(Number.isFinite(declared) ? declared : 0, maxBytes);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        fileBytes += chunk.length;
        if (size > maxBytes) refuse(refusal());
        else upload.append(chunk);
      });
      stream.on('limit', () => refuse(refusal()));
      stream.on('end', () => {
        if (!settled) files[name] = upload.finish();
      });
    });
    parser.on('field', (name, value, info) => {
      if (settled || !admitText()) return;
      if (info.valueTruncated || Buffer.byteLength(value) > textFieldLimit(name)) refuse(fieldTooLarge(name));
      else keepText(name, value);
    });
    parser.on('partsLimit', () => refuse(tooManyParts()));
    parser.on('filesLimit', () => refuse(tooManyParts()));
    parser.on('fieldsLimit', () => refuse(tooManyParts()));
    parser.on('error', malformed);
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      req.off('data', countBody);
      collectAfterLargeUpload(req, files);
      resolve({ fields, files });
    });
    req.on('aborted', () => refuse(badRequest('Upload aborted', 'aborted')));
    req.on('data', countBody);
    req.pipe(parser);
  });
}
