// Structured logs (pino). Callers log ids, routes, statuses and durations only: never document text,
// passwords, session tokens or API keys. The redact list is a second line of defence.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'hyperlinker' },
    redact: {
      paths: ['password', 'token', 'key', 'authorization', 'headers.authorization', 'req.headers.authorization', 'scanToken', '*.password', '*.token', '*.key'],
      censor: '[redacted]',
    },
  });
}
