// Shared helpers for the cross-reference detector tests: build a DOCX, run detectCrossReferences, and
// return matches and targets in a compact form that tests compare exactly. Each detector's test file is a
// table of XrefCase rows run by xrefCases: one named test per row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDocx, type DocxSpec } from '../../../../helpers/docx-builder.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { detectCrossReferences, type CrossReferenceOptions } from '../../../../../server/engine/detect/cross-references.ts';
import type { ModelParagraph } from '../../../../../server/engine/model/types.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../../shared/settings.ts';

export interface Brief {
  kind: string;
  text: string;
  status: string;
  target?: string;
  part?: string;
}

interface TargetBrief {
  key: string;
  type: string;
  label: string;
  paragraph: number;
}

interface XrefRun {
  matches: Brief[];
  targets: TargetBrief[];
}

/**
 * Runs the cross-reference detectors on a DOCX built from `spec`. `excluded` holds body paragraph indices;
 * `only` keeps the matches of one body paragraph.
 */
async function xrefs(spec: DocxSpec, settings: HyperlinkSettingsInput = {}, excluded: number[] = [], only?: number, options: CrossReferenceOptions = {}): Promise<XrefRun> {
  const model = buildModel(openDocx(await buildDocx(spec)));
  const ex = new Set<ModelParagraph>(model.paragraphs.filter((p) => p.part === 'word/document.xml' && excluded.includes(p.index)));
  const res = detectCrossReferences({ model, settings: parseSettings(settings) }, ex, options);
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

/** One row of a detector's table: a document built in the test and what the detectors must find in it. */
export interface XrefCase {
  /** The test's name: what the row shows. */
  name: string;
  /** The body XML of the document (w:p and w:tbl elements), or a whole DocxSpec (footnotes, styles). */
  doc: string | DocxSpec;
  settings?: HyperlinkSettingsInput;
  /** Body paragraph indices the detectors must skip (a bibliography, say). */
  excluded?: number[];
  /** Keep the matches of this body paragraph only. */
  only?: number;
  /** Keep the matches and targets of this kind only. */
  kind?: string;
  options?: CrossReferenceOptions;
  /** The matches, in order: full briefs, or only their texts. Unchecked when absent. */
  matches?: readonly Brief[] | readonly string[];
  /** The targets, in order: [key, label, body paragraph], or only their keys. Unchecked when absent. */
  targets?: ReadonlyArray<readonly [string, string, number]> | readonly string[];
}

/** Runs each row as its own named test, comparing matches and targets exactly. */
export function xrefCases(cases: readonly XrefCase[]): void {
  for (const c of cases) {
    if (c.matches === undefined && c.targets === undefined) throw new Error(`case '${c.name}' expects nothing`);
    test(c.name, async () => {
      const spec = typeof c.doc === 'string' ? { body: c.doc } : c.doc;
      const run = await xrefs(spec, c.settings ?? {}, c.excluded ?? [], c.only, c.options ?? {});
      const matches = run.matches.filter((m) => c.kind === undefined || m.kind === c.kind);
      const targets = run.targets.filter((t) => c.kind === undefined || t.type === c.kind);
      if (c.targets !== undefined) {
        const keysOnly = c.targets.every((t) => typeof t === 'string');
        assert.deepEqual(keysOnly ? targets.map((t) => t.key) : targets.map((t) => [t.key, t.label, t.paragraph]), c.targets, 'targets');
      }
      if (c.matches !== undefined) {
        const textsOnly = c.matches.length > 0 && c.matches.every((m) => typeof m === 'string');
        assert.deepEqual(textsOnly ? matches.map((m) => m.text) : matches, c.matches, 'matches');
      }
    });
  }
}
