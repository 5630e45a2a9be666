// Small review fixtures typed with the shared contract (hand-made for reducer unit tests only).
import type { ReviewMatch, ReviewTarget, MatchKind, MatchStatus, TargetType } from '../../shared/contract.ts';

let para = 0;
export function match(refId: string, kind: MatchKind, status: MatchStatus, targetId: string, extra: Partial<ReviewMatch> = {}): ReviewMatch {
  para++;
  return {
    refId,
    sourceText: extra.sourceText ?? `[${refId}]`,
    status,
    targetId,
    kind,
    confidence: status === 'ready' ? 0.99 : 0.5,
    location: { part: 'word/document.xml', paragraph: para, start: 0, end: 3 },
    ...extra,
  };
}

export function target(targetId: string, type: TargetType, label = targetId): ReviewTarget {
  return { targetId, label, type, location: { part: 'word/document.xml', paragraph: 1000 + para++, start: 0, end: 10 } };
}

export function packet() {
  return {
    matches: [
      match('m1', 'citation', 'ready', 'ref1'),
      match('m2', 'citation', 'low_confidence', 'ref2', { alternatives: ['ref3'] }),
      match('m3', 'citation', 'unmatched', ''),
      match('m4', 'figure', 'ready', 'fig1'),
      match('m5', 'figure', 'held', 'fig2'),
      match('m6', 'doi', 'ready', '', { doi: '10.1000/xyz', url: 'https://doi.org/10.1000/xyz' }),
      match('m7', 'table', 'identity_change', 'tab1'),
    ],
    targets: [
      target('ref1', 'bibliography', '[1]'),
      target('ref2', 'bibliography', '[2]'),
      target('ref3', 'bibliography', '[3]'),
      target('fig1', 'figure', 'Figure 1'),
      target('fig2', 'figure', 'Figure 2'),
      target('tab1', 'table', 'Table 1'),
    ],
  };
}
