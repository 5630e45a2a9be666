// The service says why a match is held, unmatched or unsure as a code with values (ReviewMatch.reasonCode,
// shared/reasons.ts), which the pane says in the display locale (strings.ts). Reasons the service still
// sends only as English sentences of a fixed grammar (a reference's resolution, apply's warnings), and
// matches from a service that predates the codes, are matched back to a code here: the English locale's
// `reasons` are those sentences as templates. A sentence the pane does not know is shown as written.
import { MESSAGES } from './messages.ts';

type ReasonCode = keyof typeof MESSAGES.en.reasons;

export interface ServiceReason {
  code: ReasonCode;
  values: Record<string, string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What each placeholder may hold: counts, a score, a match kind, a compared field; anything else is free text. */
export const COUNT_PLACEHOLDERS = ['n', 'total', 'rewritten', 'unchanged', 'kept'];

const VALUE_PATTERN: Record<string, string> = {
  n: '(\\d+)',
  total: '(\\d+)',
  rewritten: '(\\d+)',
  unchanged: '(\\d+)',
  kept: '(\\d+)',
  score: '(\\d+(?:\\.\\d+)?)',
  kind: `(${Object.keys(MESSAGES.en.review.kindSingular).map(escape).join('|')})`,
  field: `(${Object.keys(MESSAGES.en.reasonField).map(escape).join('|')})`,
};

interface Pattern {
  code: ReasonCode;
  names: string[];
  re: RegExp;
}

const PATTERNS: Pattern[] = Object.entries(MESSAGES.en.reasons).map(([code, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escape(part);
      names.push(m[1]!);
      return VALUE_PATTERN[m[1]!] ?? '(.+?)';
    })
    .join('');
  return { code: code as ReasonCode, names, re: new RegExp(`^${source}$`) };
});

/** The code and values of a service sentence; null when it is not one the pane knows. */
export function parseReason(text: string): ServiceReason | null {
  const clean = text.trim();
  for (const p of PATTERNS) {
    const m = p.re.exec(clean);
    if (m) return { code: p.code, values: Object.fromEntries(p.names.map((name, i) => [name, m[i + 1]!])) };
  }
  return null;
}
