// Shared helpers for the cross-reference detector tests: build a DOCX, run detectCrossReferences, and
// return matches and targets in a compact form that tests compare exactly.
import { buildDocx, DEFAULT_STYLES, type DocxSpec } from '../../../../helpers/docx-builder.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { detectCrossReferences } from '../../../../../server/engine/detect/cross-references.ts';
import type { ModelParagraph } from '../../../../../server/engine/model/types.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../../shared/settings.ts';

export interface Brief {
  kind: string;
  text: string;
  status: string;
  target?: string;
  part?: string;
}

export interface TargetBrief {
  key: string;
  type: string;
  label: string;
  paragraph: number;
}

export interface XrefRun {
  matches: Brief[];
  targets: TargetBrief[];
}

/**
 * Runs the cross-reference detectors on a DOCX built from `spec`. `excluded` holds body paragraph indices;
 * `only` keeps the matches of one body paragraph.
 */
export async function xrefs(spec: DocxSpec, settings: HyperlinkSettingsInput = {}, excluded: number[] = [], only?: number): Promise<XrefRun> {
  const model = buildModel(openDocx(await buildDocx(spec)));
  const ex = new Set<ModelParagraph>(model.paragraphs.filter((p) => p.part === 'word/document.xml' && excluded.includes(p.index)));
  const res = detectCrossReferences({ model, settings: parseSettings(settings) }, ex);
  return {
    matches: res.matches.filter((m) => only === undefined || (m.paragraph.part === 'word/document.xml' && m.paragraph.index === only)).map((m) => {
      const b: Brief = { kind: m.kind, text: m.paragraph.text.slice(m.start, m.end), status: m.status };
      if (m.targetKey) b.target = m.targetKey;
      if (m.paragraph.part !== 'word/document.xml') b.part = m.paragraph.part;
      return b;
    }),
    targets: res.targets.map((t) => ({ key: t.key, type: t.type, label: t.label, paragraph: t.paragraph.index })),
  };
}

/** Shorthand for a ready match. */
export function ready(kind: string, text: string, target: string): Brief {
  return { kind, text, status: 'ready', target };
}

/** A paragraph whose runs are bold (or the first run only). */
export function boldLabel(label: string, rest: string, style?: string): string {
  const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${pPr}<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${label}</w:t></w:r><w:r><w:t xml:space="preserve">${rest}</w:t></w:r></w:p>`;
}

export { DEFAULT_STYLES };
