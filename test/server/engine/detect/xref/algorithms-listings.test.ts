import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p, r } from '../../../../helpers/docx-builder.ts';
import { boldLabel, ready, xrefs } from './helpers.ts';

const body = [
  boldLabel('Algorithm 1', ' Greedy matching'),
  p('Listing 2: The parser.', 'Caption'),
  p('Algorithm 1 runs Listing 2; Algorithms 1 and 3 differ.'),
].join('');

test('algorithms and listings are off by default', async () => {
  const { matches, targets } = await xrefs({ body });
  assert.deepEqual(matches, []);
  assert.deepEqual(targets, []);
});

test('algorithm and listing captions and mentions when enabled', async () => {
  const { matches, targets } = await xrefs({ body }, { algorithms: 'number', listings: 'full' });
  assert.deepEqual(targets.map((t) => [t.key, t.label]), [['alg-1', 'Algorithm 1'], ['lst-2', 'Listing 2']]);
  assert.deepEqual(matches, [
    ready('algorithm', '1', 'alg-1'),
    ready('listing', 'Listing 2', 'lst-2'),
    ready('algorithm', '1', 'alg-1'),
    { kind: 'algorithm', text: '3', status: 'unmatched' },
  ]);
});

test('listing captions from SEQ fields', async () => {
  const b =
    `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Listing ')}<w:fldSimple w:instr=" SEQ Listing \\* ARABIC "><w:r><w:t>1</w:t></w:r></w:fldSimple>${r('. Setup')}</w:p>` +
    p('See Listing 1.');
  const { matches } = await xrefs({ body: b }, { listings: 'numbersub' });
  assert.deepEqual(matches, [ready('listing', '1', 'lst-1')]);
});
