// Helpers for linker tests on real documents: the settings they use and "approve every ready match".

import type { ReviewDecision } from '../../../../shared/contract.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import type { LinkInput } from '../../../../server/engine/link/apply-core.ts';

export { analyse } from '../../../../server/engine/scan.ts';

export const SETTINGS = parseSettings({ doi: true, refTitleLink: false });

export function approveReady(input: LinkInput): ReviewDecision[] {
  const out: ReviewDecision[] = [];
  for (const [refId, m] of input.matchById) if (m.status === 'ready') out.push({ refId, status: 'approved' });
  return out;
}
