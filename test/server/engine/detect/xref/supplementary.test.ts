import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefs } from './helpers.ts';

const captions = [
  p('Methods'),
  p('Details are in S1 Text and File S2; raw values in Data S1, Additional file 3 and Movie 2; see also Video S1.'),
  p('Supporting information', 'Heading1'),
  p('S1 Text. Supplementary methods.'),
  p('File S2. Raw measurements.'),
  p('Data S1. Source data.'),
  p('Additional file 3: Table of primers.'),
  p('Movie 2. Cells dividing.'),
  p('Video S1. Time lapse.'),
].join('');

test('supplementary material links to its caption or list entry: S1 Text, File S2, Data S1, Additional file 3, Movie 2, Video S1', async () => {
  const { matches, targets } = await xrefs({ body: captions });
  assert.deepEqual(
    targets.filter((t) => t.type === 'supplementary').map((t) => [t.key, t.paragraph]),
    [['supp-list', 2], ['supp-text-1', 3], ['supp-file-2', 4], ['supp-data-1', 5], ['supp-file-3', 6], ['supp-video-2', 7], ['supp-video-1', 8]],
  );
  assert.deepEqual(matches, [
    ready('supplementary', 'S1', 'supp-text-1'),
    ready('supplementary', 'S2', 'supp-file-2'),
    ready('supplementary', 'S1', 'supp-data-1'),
    ready('supplementary', '3', 'supp-file-3'),
    ready('supplementary', '2', 'supp-video-2'),
    ready('supplementary', 'S1', 'supp-video-1'),
  ]);
});

test('supplementary: full links the whole label, off links none (supplementary figures and tables included)', async () => {
  const full = await xrefs({ body: captions }, { supplementary: 'full' });
  assert.deepEqual(full.matches.map((m) => m.text), ['S1 Text', 'File S2', 'Data S1', 'Additional file 3', 'Movie 2', 'Video S1']);
  const body = p('See Table S3 and S1 Fig and Additional file 1.') + p('Table S3. Primers.') + p('S1 Fig. A map.') + p('Additional file 1: Data.');
  const on = await xrefs({ body });
  assert.deepEqual(on.matches, [ready('table', 'S3', 'tab-S3'), ready('figure', 'S1', 'fig-S1'), ready('supplementary', '1', 'supp-file-1')]);
  const off = await xrefs({ body }, { supplementary: 'off' });
  assert.deepEqual(off.matches, []);
});

test('supplementary figures and tables without a caption of their own resolve to the supplementary list', async () => {
  const body = [
    p('Binding was weaker (Supplementary Fig. 2 and Supplementary Table 1), as in Supplementary Data 4.'),
    p('Figure 1. Main figure.'),
    p('Electronic supplementary material', 'Heading1'),
    p('Supplementary Information.'),
    p('Supplementary Data 4: Raw spectra.'),
  ].join('');
  const { matches } = await xrefs({ body });
  assert.deepEqual(matches, [ready('figure', '2', 'supp-list'), ready('table', '1', 'supp-list'), ready('supplementary', '4', 'supp-data-4')]);
  // The list is the paragraph naming the material right after the heading, else the heading itself.
  const { targets } = await xrefs({ body });
  assert.deepEqual(targets.find((t) => t.key === 'supp-list')?.paragraph, 3);
  const plain = await xrefs({ body: p('See Table S2.') + p('Supplementary Materials', 'Heading1') + p('The following are available online: Table S1, Table S2.') }, {}, [], 0);
  assert.deepEqual(plain.targets.find((t) => t.key === 'supp-list')?.paragraph, 1);
  assert.deepEqual(plain.matches, [ready('table', 'S2', 'supp-list')]);
});

test('ordinary prose with material words is not supplementary: "note 2", "data 3", "files 4"', async () => {
  const { matches } = await xrefs({ body: p('As in note 2, data 3 and files 4 were kept; the file 5 of 9.') + p('Supporting information', 'Heading1') + p('Data S3. Values.') });
  assert.deepEqual(matches, []);
});

test('"Online Resource 1" is Springer\'s ESM 1; "Supporting Information S1" is the one supplementary item numbered 1', async () => {
  const body = [
    p('Tracks were short (Online Resource 1; see Supporting Information S2).'),
    p('Electronic supplementary material', 'Heading1'),
    p('ESM 1. (DOCX 2517 kb)'),
    p('Data S2: Supporting information.'),
  ].join('');
  const { matches } = await xrefs({ body }, {}, [], 0);
  assert.deepEqual(matches, [ready('supplementary', '1', 'supp-esm-1'), ready('supplementary', 'S2', 'supp-data-2')]);
});
