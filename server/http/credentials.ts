// The credential of an Authorization header (session token or API key), with or without a Bearer prefix.
// "Bearer" with nothing after it carries no credential (answered like a missing header).
export function credentialFrom(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer(?:\s+|$)/i, '').trim();
  return value === '' ? null : value;
}
