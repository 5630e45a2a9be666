// The table of cross-reference kinds: one row per kind, each reading its own setting, its targets found in its
// stage, and the mentions of a kind that is off not read (sections and appendices share numbered mentions).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSettings } from '../../../../../shared/settings.ts';
import { TARGET_STAGES, XREF_KINDS, type MentionContext, type XrefKind } from '../../../../../server/engine/detect/xref/kinds.ts';
import { ALL_LANGUAGES } from '../../../../../server/engine/detect/labels/vocabulary.ts';
import type { ModelParagraph } from '../../../../../server/engine/model/types.ts';
import { xrefCases } from './helpers.ts';
import { p } from '../../../../helpers/docx-builder.ts';

test('XREF_KINDS: every cross-reference kind once, in the order mentions of one span are preferred', () => {
  assert.deepEqual(XREF_KINDS.map((k) => k.kind), ['figure', 'table', 'equation', 'algorithm', 'listing', 'supplementary', 'appendix', 'section']);
  assert.deepEqual(Object.fromEntries(TARGET_STAGES.map((s) => [s, XREF_KINDS.filter((k) => k.stage === s).map((k) => k.kind)])), {
    caption: ['figure', 'table', 'algorithm', 'listing'],
    paragraph: ['equation', 'supplementary'],
    heading: ['appendix', 'section'],
  });
});

test('XREF_KINDS: each row reads its own setting', () => {
  const settings = parseSettings({ figures: 'full', tables: 'number', equations: 'off', algorithms: 'numbersub', listings: 'full', supplementary: 'off', appendices: 'number', sections: 'full' });
  assert.deepEqual(Object.fromEntries(XREF_KINDS.map((k) => [k.kind, k.mode(settings)])), {
    figure: 'full', table: 'number', equation: 'off', algorithm: 'numbersub', listing: 'full', supplementary: 'off', appendix: 'number', section: 'full',
  });
});

test('XREF_KINDS: the section row reads numbered mentions for appendices alone, and keeps only the kinds that are on', () => {
  const section = XREF_KINDS.find((k) => k.kind === 'section')!;
  const onlyAppendix = (k: XrefKind) => k === 'appendix';
  assert.equal(section.runs?.(onlyAppendix), true);
  assert.equal(section.runs?.(() => false), false);
  const paragraph = { text: 'See Section 2 and Section A.1.', index: 0, part: 'word/document.xml' } as unknown as ModelParagraph;
  const ctx: MentionContext = { vocabulary: ALL_LANGUAGES, on: onlyAppendix, targets: [], headingParagraphs: new Set(), parenCitations: false };
  const found = section.mentions(ctx)(paragraph);
  assert.deepEqual(found.map((m) => m.key), ['app-A.1']);
});

// Through detectCrossReferences: a kind that is off yields neither targets nor mentions, the others still do.
const doc = p('Figure 1. A cell.', 'Caption') + p('Table 1. Counts.', 'Caption') + p('See Figure 1 and Table 1.');
xrefCases([
  { name: 'every float kind on', doc, targets: [['fig-1', 'Figure 1', 0], ['tab-1', 'Table 1', 1]], matches: ['1', '1'] },
  { name: 'tables off: the figure row alone runs', doc, settings: { tables: 'off' }, targets: [['fig-1', 'Figure 1', 0]], matches: ['1'] },
]);
