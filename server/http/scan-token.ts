// The scan token: a signed (HS256) statement of what was scanned, by whom, with which settings.
// Apply accepts output only when file, settings, fingerprint, caller, graph and persisted metadata agree.
import jwt from 'jsonwebtoken';
import { HttpError } from './errors.ts';

export interface ScanBinding {
  /** scanFingerprint of the packet. */
  fingerprint: string;
  /** sha256 of the uploaded file. */
  fileHash: string;
  /** sha256 of canonicalSettings(settings). */
  settingsHash: string;
  /** metadataHash(packet.persistedMetadata). */
  metadataHash: string;
  /** graphHash(packet). */
  graphHash: string;
  /** 'user:<id>' for an individual key, 'org:<id>' for an organisation key. */
  caller: string;
}

interface TokenClaims {
  v: 1;
  fp: string;
  fh: string;
  sh: string;
  mh: string;
  gh: string;
  sub: string;
}

export type ScanTokenReason =
  | 'missing'
  | 'invalid'
  | 'expired'
  | 'caller_mismatch'
  | 'fingerprint_mismatch'
  | 'file_mismatch'
  | 'settings_mismatch'
  | 'graph_mismatch';

export const scanTokenInvalid = (reason: ScanTokenReason): HttpError => new HttpError(401, 'scan token invalid', reason);

export function signScanToken(binding: ScanBinding, secret: string, ttlHours: number): string {
  const claims: TokenClaims = { v: 1, fp: binding.fingerprint, fh: binding.fileHash, sh: binding.settingsHash, mh: binding.metadataHash, gh: binding.graphHash, sub: binding.caller };
  return jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: ttlHours * 3600 });
}

function isClaims(value: unknown): value is TokenClaims {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return v.v === 1 && ['fp', 'fh', 'sh', 'mh', 'gh', 'sub'].every((k) => typeof v[k] === 'string');
}

/** Verifies signature, caller, fingerprint, file and settings. The engine checks graph and metadata on the analysis it links (apply with `expect`). */
export function verifyScanToken(token: string | undefined, secret: string, expected: Pick<ScanBinding, 'fingerprint' | 'fileHash' | 'settingsHash' | 'caller'>): ScanBinding {
  if (!token || token.trim() === '') throw scanTokenInvalid('missing');
  let decoded: unknown;
  try {
    decoded = jwt.verify(token.trim(), secret, { algorithms: ['HS256'] });
  } catch (err) {
    throw scanTokenInvalid((err as { name?: string }).name === 'TokenExpiredError' ? 'expired' : 'invalid');
  }
  if (!isClaims(decoded)) throw scanTokenInvalid('invalid');
  if (decoded.sub !== expected.caller) throw scanTokenInvalid('caller_mismatch');
  if (decoded.fp !== expected.fingerprint) throw scanTokenInvalid('fingerprint_mismatch');
  if (decoded.fh !== expected.fileHash) throw scanTokenInvalid('file_mismatch');
  if (decoded.sh !== expected.settingsHash) throw scanTokenInvalid('settings_mismatch');
  return { fingerprint: decoded.fp, fileHash: decoded.fh, settingsHash: decoded.sh, metadataHash: decoded.mh, graphHash: decoded.gh, caller: decoded.sub };
}
