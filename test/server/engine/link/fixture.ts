// Hand-built analyses for linker tests: targets and matches located by text, no detectors needed.

import type { MatchKind, TargetType } from '../../../../shared/contract.ts';
import { DEFAULT_SETTINGS, type HyperlinkSettings } from '../../../../shared/settings.ts';
import type { MatchCandidate, TargetCandidate } from '../../../../server/engine/detect/types.ts';
import type { LinkInput } from '../../../../server/engine/link/apply-core.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { buildXml } from '../../../helpers/xml.ts';
import { childrenOf, rootOf, tagOf, type XmlNode } from '../../../../server/engine/package/xml.ts';
import { applyHolds } from '../../../../server/engine/review/holds.ts';

export interface TargetSpec { key: string; type: TargetType; label: string; para: number; part?: string; text?: string; doi?: string; titleText?: string }
export interface MatchSpec { id: string; kind: MatchKind; para: number; part?: string; text: string; nth?: number; target?: string; doi?: string; status?: MatchCandidate['status'] }

function findParagraph(input: LinkInput, part: string | undefined, index: number): ModelParagraph {
  const name = part ?? input.pkg.mainPart;
  const p = input.model.paragraphs.find((x) => x.part === name && x.index === index);
  if (!p) throw new Error(`no paragraph ${name}#${index}`);
  return p;
}

export function hand(bytes: Uint8Array, targets: TargetSpec[], matches: MatchSpec[], settings: Partial<HyperlinkSettings> = {}): LinkInput {
  const pkg = openDocx(bytes);
  const model = buildModel(pkg);
  const input: LinkInput = { pkg, model, settings: { ...DEFAULT_SETTINGS, ...settings }, targetById: new Map(), matchById: new Map() };
  for (const t of targets) {
    const p = findParagraph(input, t.part, t.para);
    let start = 0, end = p.text.length;
    if (t.text) { start = p.text.indexOf(t.text); if (start < 0) throw new Error(`no '${t.text}' in ${p.text}`); end = start + t.text.length; }
    const c: TargetCandidate & { titleText?: string } = { key: t.key, type: t.type, label: t.label, paragraph: p, start, end, doi: t.doi ?? null };
    if (t.titleText) c.titleText = t.titleText;
    input.targetById.set(t.key, c);
  }
  const list: MatchCandidate[] = [];
  for (const m of matches) {
    const p = findParagraph(input, m.part, m.para);
    let at = -1;
    for (let n = 0; n <= (m.nth ?? 0); n++) at = p.text.indexOf(m.text, at + 1);
    if (at < 0) throw new Error(`no '${m.text}' in '${p.text}'`);
    const c: MatchCandidate = { kind: m.kind, paragraph: p, start: at, end: at + m.text.length, status: m.status ?? 'ready', confidence: 1 };
    if (m.target) c.targetKey = m.target;
    if (m.doi) c.doi = m.doi;
    list.push(c);
    input.matchById.set(m.id, c);
  }
  applyHolds(list, null);
  return input;
}

/** XML of the first w:p elements of a built part's body (for exact assertions). */
export function paragraphsXml(bytes: Uint8Array, part = 'word/document.xml'): string[] {
  const pkg = openDocx(bytes);
  const out: string[] = [];
  const walk = (nodes: XmlNode[]) => {
    for (const n of nodes) {
      const t = tagOf(n);
      if (t === 'w:p') out.push(buildXml({ prolog: '', nodes: [n], epilogue: '' }));
      else if (t) walk(childrenOf(n));
    }
  };
  walk([rootOf(pkg.xml(part))]);
  return out;
}

export function partText(bytes: Uint8Array, part: string): string {
  return openDocx(bytes).zip.text(part);
}

export const NOW = new Date('2026-01-01T00:00:00Z');
