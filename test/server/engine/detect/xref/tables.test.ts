import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p } from '../../../../helpers/docx-builder.ts';
import { boldLabel, ready, xrefs } from './helpers.ts';

const body = [
  boldLabel('Table 1.', ' Characteristics of the sample.'),
  p('Table 2: Results.', 'Caption'),
  p('Table S1. Supplementary data.'),
  p('S2 Table. PLOS-style supplementary table.'),
  p('Tables 1 and 2 summarise; Table S1 and S2 Table add detail; Tables 1–2 again; Table 5 is missing.'),
].join('');

test('table captions are targets', async () => {
  const { targets } = await xrefs({ body });
  assert.deepEqual(targets.map((t) => [t.key, t.label, t.paragraph]), [
    ['tab-1', 'Table 1', 0],
    ['tab-2', 'Table 2', 1],
    ['tab-S1', 'Table S1', 2],
    ['tab-S2', 'Table S2', 3],
  ]);
});

test('table mentions in number mode', async () => {
  const { matches } = await xrefs({ body }, {}, [], 4);
  assert.deepEqual(matches, [
    ready('table', '1', 'tab-1'),
    ready('table', '2', 'tab-2'),
    ready('table', 'S1', 'tab-S1'),
    ready('table', 'S2', 'tab-S2'),
    ready('table', '1', 'tab-1'),
    ready('table', '2', 'tab-2'),
    { kind: 'table', text: '5', status: 'unmatched' },
  ]);
});

test('table mentions in full and numbersub modes', async () => {
  const full = await xrefs({ body }, { tables: 'full' }, [], 4);
  assert.deepEqual(full.matches.map((m) => m.text), ['Tables 1', '2', 'Table S1', 'S2 Table', 'Tables 1', '2', 'Table 5']);
  const sub = await xrefs({ body: body + p('Table 1a and Table 2(b).') }, { tables: 'numbersub' }, [], 5);
  assert.deepEqual(sub.matches.map((m) => m.text), ['1a', '2(b)']);
});
