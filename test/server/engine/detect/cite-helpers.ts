// Shared helpers for the bibliography and citation detector tests.
import { buildDocx, type DocxSpec } from '../../../helpers/docx-builder.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { detectBibliography } from '../../../../server/engine/detect/bibliography.ts';
import { detectCitations } from '../../../../server/engine/detect/citations.ts';
import type { Bibliography, CitationStyle, DetectContext } from '../../../../server/engine/detect/types.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../shared/settings.ts';

export async function context(spec: DocxSpec, settings: HyperlinkSettingsInput = {}): Promise<DetectContext> {
  const model = buildModel(openDocx(await buildDocx(spec)));
  return { model, settings: parseSettings(settings) };
}

export interface Brief {
  text: string;
  status: string;
  target?: string;
  alternatives?: string[];
}

/** Runs both detectors and returns the citation matches as {text, status, target}. */
export async function cite(spec: DocxSpec, settings: HyperlinkSettingsInput = {}): Promise<{ style: CitationStyle; bib: Bibliography | null; matches: Brief[] }> {
  const ctx = await context(spec, settings);
  const bib = detectBibliography(ctx);
  const { style, matches } = detectCitations(ctx, bib);
  return {
    style,
    bib,
    matches: matches.map((m) => {
      const b: Brief = { text: m.paragraph.text.slice(m.start, m.end), status: m.status };
      if (m.targetKey) b.target = m.targetKey;
      if (m.alternatives) b.alternatives = m.alternatives;
      return b;
    }),
  };
}
