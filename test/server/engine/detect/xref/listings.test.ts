// Listing captions ("Listing 2:" in a caption style, SEQ Listing fields) and mentions: off by default
// (settings.listings), keys lst-N. One row per case.
import { p, r } from '../../../../helpers/docx-builder.ts';
import { ready, xrefCases } from './helpers.ts';

const body = p('Listing 2: The parser.', 'Caption') + p('Listing 2 parses; Listing 4 is missing.');
const seqCaption = `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Listing ')}<w:fldSimple w:instr=" SEQ Listing \\* ARABIC "><w:r><w:t>1</w:t></w:r></w:fldSimple>${r('. Setup')}</w:p>`;

xrefCases([
  {
    name: 'listings are off by default',
    doc: body,
    targets: [],
    matches: [],
  },
  {
    name: 'number mode: the caption is a target, the number of each mention is linked',
    doc: body,
    settings: { listings: 'number' },
    targets: [['lst-2', 'Listing 2', 0]],
    matches: [ready('listing', '2', 'lst-2'), { kind: 'listing', text: '4', status: 'unmatched' }],
  },
  {
    name: 'full mode links the whole label',
    doc: body,
    settings: { listings: 'full' },
    matches: ['Listing 2', 'Listing 4'],
  },
  {
    name: 'a caption numbered by a SEQ Listing field',
    doc: seqCaption + p('See Listing 1.'),
    settings: { listings: 'numbersub' },
    targets: [['lst-1', 'Listing 1', 0]],
    matches: [ready('listing', '1', 'lst-1')],
  },
]);
