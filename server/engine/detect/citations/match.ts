// Builds citation MatchCandidates from a resolution.

import type { ModelParagraph } from '../../model/types.ts';
import type { MatchCandidate } from '../types.ts';
import type { Resolution } from './author-index.ts';
import { explain, isMatchReason } from '../../../../shared/reasons.ts';

export function citationMatch(paragraph: ModelParagraph, start: number, end: number, res: Resolution): MatchCandidate {
  const m: MatchCandidate = { kind: 'citation', paragraph, start, end, status: res.status, confidence: res.confidence };
  if (res.target) m.targetKey = res.target.key;
  if (res.alternatives.length) m.alternatives = res.alternatives.map((e) => e.key);
  if (res.why && isMatchReason(res.why.code)) explain(m, res.why.code, res.why.values);
  return m;
}
