import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p, r } from '../../../../helpers/docx-builder.ts';
import { boldLabel, ready, xrefs } from './helpers.ts';

const captions = [
  p('Figure 1. Overview of the method.', 'Caption'),
  boldLabel('Fig. 2:', ' Results of the first experiment.'),
  p('Figure 3. Plain caption with a plain label.'),
  p('Figure 4 shows nothing: prose starting with a label is not a caption'),
  p('S1 Fig. A supplementary figure.'),
  p('Supplementary Figure 2. Another supplementary figure.'),
  p('Figure 1—figure supplement 1. Supplement of the first figure.'),
  p('Figure 1—figure supplement 2. Second supplement.'),
  p('Figure 1—source data 1. Numbers behind Figure 1.'),
].join('');

test('figure captions are targets with deterministic keys and labels', async () => {
  const { targets } = await xrefs({ body: captions });
  assert.deepEqual(
    targets.map((t) => [t.key, t.label, t.paragraph]),
    [
      ['fig-1', 'Figure 1', 0],
      ['fig-2', 'Figure 2', 1],
      ['fig-3', 'Figure 3', 2],
      ['fig-S1', 'Figure S1', 4],
      ['fig-S2', 'Figure S2', 5],
      ['fig-1-s1', 'Figure 1—figure supplement 1', 6],
      ['fig-1-s2', 'Figure 1—figure supplement 2', 7],
      ['fig-1-sd1', 'Figure 1—source data 1', 8],
    ],
  );
});

test('figure mentions: forms, lists and ranges, in number mode', async () => {
  const body = captions + p('See Fig. 2b, Figs. 2 and 3, Figures 1–3, Fig. 2A–C and Figure 1—figure supplement 2. Also S1 Fig, Supplementary Figure 2 and Figure 9.');
  const { matches } = await xrefs({ body }, {}, [], 9);
  assert.deepEqual(matches, [
    ready('figure', '2', 'fig-2'),
    ready('figure', '2', 'fig-2'),
    ready('figure', '3', 'fig-3'),
    ready('figure', '1', 'fig-1'),
    ready('figure', '3', 'fig-3'),
    ready('figure', '2', 'fig-2'),
    ready('figure', '1—figure supplement 2', 'fig-1-s2'),
    ready('figure', 'S1', 'fig-S1'),
    ready('figure', '2', 'fig-S2'),
    { kind: 'figure', text: '9', status: 'unmatched' },
  ]);
});

test('figure modes: numbersub takes the panel letters, full the label, off nothing', async () => {
  const body = captions + p('See Fig. 2b and Figs. 2A–C and 3, and S1 Fig.');
  const sub = await xrefs({ body }, { figures: 'numbersub' }, [], 9);
  assert.deepEqual(sub.matches.map((m) => m.text), ['2b', '2A–C', '3', 'S1']);
  const full = await xrefs({ body }, { figures: 'full' }, [], 9);
  assert.deepEqual(full.matches.map((m) => m.text), ['Fig. 2b', 'Figs. 2A–C', '3', 'S1 Fig']);
  const off = await xrefs({ body }, { figures: 'off' });
  assert.deepEqual(off.matches, []);
  assert.deepEqual(off.targets.filter((t) => t.type === 'figure'), []);
});

test('a caption label is not a mention, but mentions inside the caption text are', async () => {
  const { matches } = await xrefs({ body: p('Figure 1. Overview.', 'Caption') + p('Figure 2. Same layout as Figure 1.', 'Caption') });
  assert.deepEqual(matches, [ready('figure', '1', 'fig-1')]);
});

test('labels split across runs are found', async () => {
  const body = captions + `<w:p>${r('as shown in Fi')}${r('g. ')}${r('2')}${r('b.')}</w:p>`;
  const { matches } = await xrefs({ body }, { figures: 'numbersub' }, [], 9);
  assert.deepEqual(matches, [ready('figure', '2b', 'fig-2')]);
});

test('captions built from SEQ fields', async () => {
  const seq = (n: string) => `<w:fldSimple w:instr=" SEQ Figure \\* ARABIC "><w:r><w:t>${n}</w:t></w:r></w:fldSimple>`;
  const body =
    `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Figure ')}${seq('1')}${r(' A SEQ caption')}</w:p>` +
    `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Figure ')}${seq('2')}${r(': another one')}</w:p>` +
    p('As Figure 2 shows.');
  const { targets, matches } = await xrefs({ body });
  assert.deepEqual(targets.map((t) => [t.key, t.label, t.paragraph]), [['fig-1', 'Figure 1', 0], ['fig-2', 'Figure 2', 1]]);
  assert.deepEqual(matches, [ready('figure', '2', 'fig-2')]);
});

test('two captions with the same label make the mention low_confidence', async () => {
  const body = p('Figure 1. First.', 'Caption') + p('Figure 1. Typed twice.', 'Caption') + p('See Figure 1.');
  const { matches, targets } = await xrefs({ body });
  assert.deepEqual(targets.map((t) => t.key), ['fig-1', 'fig-1~2']);
  assert.equal(matches.length, 1);
  assert.equal(matches[0]!.status, 'low_confidence');
});

test('mentions in footnotes count; excluded paragraphs hold no mentions', async () => {
  const footnotes =
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
    `<w:footnote w:id="1"><w:p>${r('Compare Fig. 3.')}</w:p></w:footnote>`;
  const body = p('Figure 3. A caption.') + p('Smith J. Figure 3 in a reference. 2020.');
  const { matches } = await xrefs({ body, footnotes }, {}, [1]);
  assert.deepEqual(matches, [{ ...ready('figure', '3', 'fig-3'), part: 'word/footnotes.xml' }]);
});

test('eLife supplement lists and appendix figures', async () => {
  const body =
    p('Figure 1—figure supplement 1. A.') +
    p('Figure 1—figure supplement 2. B.') +
    p('Appendix 1—figure 2. C.') +
    p('(Figure 1—figure supplements 1, 2; Appendix 1—figure 2)');
  const { matches } = await xrefs({ body });
  assert.deepEqual(matches, [
    ready('figure', '1—figure supplements 1', 'fig-1-s1'),
    ready('figure', '2', 'fig-1-s2'),
    ready('figure', '2', 'fig-app1-2'),
  ]);
});

test('eLife videos attached to a figure are their own targets, not the figure', async () => {
  const body = p('Figure 3. A figure.') + p('Figure 3—video 1. A video.') + p('(Figure 3—video 1; Figure 3)');
  const { matches, targets } = await xrefs({ body });
  assert.deepEqual(targets.map((t) => t.key), ['fig-3', 'fig-3-v1']);
  assert.deepEqual(matches, [ready('figure', '3—video 1', 'fig-3-v1'), ready('figure', '3', 'fig-3')]);
});
