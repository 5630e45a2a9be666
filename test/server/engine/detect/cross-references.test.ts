// The cross-reference entry point's own rules, one row per rule: the strongest claim to a key wins, equal
// claims are left to review, keys are made unique, excluded paragraphs hold neither targets nor mentions,
// targets live in the body while mentions in notes count, and each kind's mode sets the span.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectCrossReferences } from '../../../../server/engine/detect/cross-references.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../shared/settings.ts';
import { buildDocx, p, r, type DocxSpec } from '../../../helpers/docx-builder.ts';

async function run(spec: DocxSpec, settings: HyperlinkSettingsInput = {}, excluded: number[] = []) {
  const model = buildModel(openDocx(await buildDocx(spec)));
  const ex = new Set<ModelParagraph>(model.paragraphs.filter((x) => x.part === 'word/document.xml' && excluded.includes(x.index)));
  const res = detectCrossReferences({ model, settings: parseSettings(settings) }, ex);
  return {
    targets: res.targets.map((t) => `${t.key}@${t.paragraph.part === 'word/document.xml' ? t.paragraph.index : t.paragraph.part}`),
    matches: res.matches.map((m) => `${m.paragraph.text.slice(m.start, m.end)}→${m.targetKey ?? '-'}:${m.status}${m.alternatives?.length ? `(${m.alternatives.join(',')})` : ''}`),
  };
}

test('a styled caption outranks a plain paragraph that starts with the same label', async () => {
  const out = await run({ body: p('Figure 2 summarises the data.') + p('Figure 2. Growth.', 'Caption') + p('As in Figure 2.') });
  assert.deepEqual(out.targets, ['fig-2@1']);
  assert.deepEqual(out.matches, ['2→fig-2:ready', '2→fig-2:ready']);
});

test('equal claims: keys made unique, the nearest proposed, the choice left to review', async () => {
  const out = await run({ body: p('See Table 1.') + p('Table 1. First.', 'Caption') + p('Text.') + p('Table 1. Typed twice.', 'Caption') + p('And Table 1 again.') });
  assert.deepEqual(out.targets, ['tab-1@1', 'tab-1~2@3']);
  assert.deepEqual(out.matches, ['1→tab-1:low_confidence(tab-1~2)', '1→tab-1~2:low_confidence(tab-1)']);
});

test('excluded paragraphs (the reference list) hold neither targets nor mentions', async () => {
  const out = await run({ body: p('See Figure 1.') + p('Figure 1. Growth.', 'Caption') + p('Smith J. Figure 3 of a paper. 2020.') + p('Figure 3. Not a caption here.') }, {}, [2, 3]);
  assert.deepEqual(out, { targets: ['fig-1@1'], matches: ['1→fig-1:ready'] });
});

test('mentions in footnotes count; a caption in a footnote is not a target', async () => {
  const footnotes = `<w:footnote w:id="1"><w:p>${r('Compare Figure 1 and Figure 4.')}</w:p></w:footnote><w:footnote w:id="2"><w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Figure 4. In a note.')}</w:p></w:footnote>`;
  const out = await run({ body: p('Figure 1. Growth.', 'Caption'), footnotes });
  assert.deepEqual(out.targets, ['fig-1@0']);
  // The note's "Figure 4." is no caption, so its label reads as one more mention of a figure the body lacks.
  assert.deepEqual(out.matches, ['1→fig-1:ready', '4→-:unmatched', '4→-:unmatched']);
});

const modes: Array<[HyperlinkSettingsInput, string[]]> = [
  [{}, ['2→fig-2:ready']],
  [{ figures: 'numbersub' }, ['2b→fig-2:ready']],
  [{ figures: 'full' }, ['Fig. 2b→fig-2:ready']],
  [{ figures: 'off' }, []],
];
for (const [settings, matches] of modes) {
  test(`the mode sets the span: ${JSON.stringify(settings)}`, async () => {
    const out = await run({ body: p('Figure 2. Panels.', 'Caption') + p('As in Fig. 2b.') }, settings);
    assert.deepEqual(out.matches, matches);
  });
}

test('supplementary off leaves supplementary figures and tables unlinked, the main ones linked', async () => {
  const out = await run({ body: p('Table 1. Main.', 'Caption') + p('Table S3. Primers.', 'Caption') + p('See Table 1 and Table S3.') }, { supplementary: 'off' });
  assert.deepEqual(out.matches, ['1→tab-1:ready']);
});

test('targets in words: a caption carries its first sentence after the label, a heading its text; an equation none', async () => {
  const model = buildModel(openDocx(await buildDocx({
    body:
      p('2.1 Methods', 'Heading2') +
      p('As in Figure 2, Table 1 and Eq. (1).') +
      p('Figure 2. Growth of cells at 30 °C (after Smith et al. 2020). Bars show the mean.', 'Caption') +
      p('Table 1: Sizes of the samples', 'Caption') +
      p('E = mc^2 (1)'),
  })));
  const res = detectCrossReferences({ model, settings: parseSettings({ sections: 'number' }) }, new Set());
  const titles = Object.fromEntries(res.targets.map((t) => [t.key, t.title]));
  assert.equal(titles['fig-2'], 'Growth of cells at 30 °C (after Smith et al. 2020)');
  assert.equal(titles['tab-1'], 'Sizes of the samples');
  assert.equal(titles['sec-2.1'], 'Methods');
  assert.ok(!('eq-1' in titles) || titles['eq-1'] === undefined);
});
