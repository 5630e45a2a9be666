// A scan built from the gold itself (`--oracle`): a self-check of the harness. Scoring it must give
// recall 1 and precision 1 for every kind; anything else is a harness bug, not an engine one.

import type { ScanPacket, ReviewMatch, ReviewTarget, MatchKind } from '../../shared/contract.ts';
import { cpLength, type GoldDoc } from './gold.ts';
import { DOCUMENT_PART } from './score.ts';

export function oraclePacket(gold: GoldDoc): ScanPacket {
  const targets: ReviewTarget[] = [];
  const loc = (paragraph: number, start = 0, end = 1) => ({ part: DOCUMENT_PART, paragraph, start, end });
  for (const r of gold.references) targets.push({ targetId: r.id, label: r.label ?? r.id, type: 'bibliography', location: loc(r.paragraphIndex) });
  for (const t of gold.targets) {
    if (t.paragraphIndex === null) continue;
    targets.push({ targetId: t.id, label: t.label ?? t.id, type: 'figure', location: loc(t.paragraphIndex) });
  }
  const matches: ReviewMatch[] = gold.mentions.map((m, i) => {
    const kind = m.kind === 'supplementary' ? (/tab/i.test(m.text) ? 'table' : 'figure') : m.kind === 'other' ? 'algorithm' : m.kind;
    return {
      refId: `o${i}`,
      sourceText: m.text,
      status: 'ready',
      targetId: m.rid[0] ?? '',
      kind: kind as MatchKind,
      confidence: 1,
      location: loc(m.paragraphIndex, m.charOffset, m.charOffset + cpLength(m.text)),
    };
  });
  gold.references.forEach((r, i) => {
    if (!r.doi || r.doiOffset === null) return;
    const text = r.doiText ?? r.doi;
    matches.push({
      refId: `d${i}`,
      sourceText: text,
      status: 'ready',
      targetId: '',
      kind: 'doi',
      confidence: 1,
      doi: r.doi.toUpperCase(),
      location: loc(r.paragraphIndex, r.doiOffset, r.doiOffset + cpLength(text)),
    });
  });
  return { scanFingerprint: 'sha256:oracle', matches, targets };
}
