// The one sha256 helper (hex digest) for the engine, the service, the resolver and the CLI.
import { createHash } from 'node:crypto';

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}
