// The Checks step's data (issue 21): the scan packet's findings counted per severity and grouped, and each
// finding as a place the pane can select in Word through the same path as a match (host.selectMatch):
// the mention's text when the finding is a mention, else the first words of the entry or caption.
import type { CheckFinding, CheckSeverity, ReviewMatch } from '../../shared/contract.ts';
import { sentenceOf } from './sentence.ts';

export const SEVERITIES: readonly CheckSeverity[] = ['error', 'warning', 'note'];

export function severityCounts(findings: readonly CheckFinding[]): Record<CheckSeverity, number> {
  const out: Record<CheckSeverity, number> = { error: 0, warning: 0, note: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}

/** The findings of one severity, in the packet's order (document order within a severity). */
export function findingsOf(findings: readonly CheckFinding[], severity: CheckSeverity): CheckFinding[] {
  return findings.filter((f) => f.severity === severity);
}

/** Word's search takes at most 255 characters; a few words of an entry are enough to find it. */
const SEARCH_WORDS = 6;

/** What to search for in Word: the mention, or the first words of the entry or caption (context.after). */
function findingSearchText(f: CheckFinding): string {
  if (f.text) return f.text;
  return f.context.after.replace(/…$/, '').trim().split(/\s+/).slice(0, SEARCH_WORDS).join(' ');
}

/** The finding as a match-shaped place for host.selectMatch (location, text, context). */
export function findingPlace(f: CheckFinding, index: number): ReviewMatch {
  return {
    refId: `check-${index}`,
    sourceText: findingSearchText(f),
    status: 'ready',
    targetId: f.related[0] ?? '',
    kind: 'citation',
    confidence: 1,
    location: f.location,
    context: f.text ? f.context : { before: '', after: '' },
  };
}

/** The sentence a mention finding sits in, or the entry or caption's first words. */
export function findingQuote(f: CheckFinding): string {
  return f.text ? sentenceOf({ sourceText: f.text, context: f.context }) : f.context.after;
}
