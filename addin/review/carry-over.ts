// When the document changed between scan and apply: the new scan's matches get the user's decisions
// from the old scan by match identity (kind, text and the text around it), retargets by target
// identity (type, label and text). What has no counterpart is reported, never dropped silently: old
// decisions that could not be carried, and new matches (text added or changed since the scan).
import type { ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import type { Choice, ReviewState } from './review-state.ts';
import { targetTypeFor } from './kinds.ts';

export interface CarryResult {
  choices: Record<string, Choice>;
  /** Decided matches of the old scan whose decision could not be carried (with the decision). */
  notCarried: { match: ReviewMatch; choice: Choice }[];
  carried: number;
  /** Matches of the new scan with no counterpart in the old one: mentions in text added or changed since the scan. */
  added: ReviewMatch[];
}

function matchKey(m: ReviewMatch): string {
  return [m.kind, m.sourceText, m.context?.before ?? '', m.context?.after ?? ''].join('\u0000');
}

function targetKey(t: ReviewTarget): string {
  return [t.type ?? t.kind, t.label, t.text ?? ''].join('\u0000');
}

export function carryOver(old: ReviewState, next: { matches: readonly ReviewMatch[]; targets: readonly ReviewTarget[] }): CarryResult {
  const queue = new Map<string, ReviewMatch[]>();
  for (const m of next.matches) {
    const k = matchKey(m);
    queue.set(k, [...(queue.get(k) ?? []), m]);
  }
  const oldTargets = new Map(old.targets.map((t) => [t.targetId, t]));
  const newTargets = new Map<string, string>();
  for (const t of next.targets) if (!newTargets.has(targetKey(t))) newTargets.set(targetKey(t), t.targetId);
  const choices: Record<string, Choice> = {};
  const notCarried: CarryResult['notCarried'] = [];
  let carried = 0;
  for (const m of old.matches) {
    // Every old match takes its counterpart, decided or not: what remains in the queue is new text.
    const counterpart = queue.get(matchKey(m))?.shift();
    const choice = old.choices[m.refId];
    if (!choice) continue;
    if (!counterpart) {
      notCarried.push({ match: m, choice });
      continue;
    }
    if (choice.status === 'retargeted') {
      const target = oldTargets.get(choice.targetId);
      const id = target ? newTargets.get(targetKey(target)) : undefined;
      if (!id) {
        notCarried.push({ match: m, choice });
        continue;
      }
      choices[counterpart.refId] = { status: 'retargeted', targetId: id };
    } else if (choice.status === 'approved' && !counterpart.targetId && targetTypeFor(counterpart.kind) !== null) {
      notCarried.push({ match: m, choice });
      continue;
    } else {
      choices[counterpart.refId] = choice;
    }
    carried++;
  }
  const left = new Set([...queue.values()].flat());
  const added = next.matches.filter((m) => left.has(m));
  return { choices, notCarried, carried, added };
}
