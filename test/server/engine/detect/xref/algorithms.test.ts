// Algorithm captions ("Algorithm 1", bold labels) and mentions ("Algorithm 1", "Algorithms 1 and 3"):
// off by default (settings.algorithms), keys alg-N. One row per case.
import { p } from '../../../../helpers/docx-builder.ts';
import { boldLabel, ready, xrefCases } from './helpers.ts';

const body = [
  boldLabel('Algorithm 1', ' Greedy matching'),
  p('Listing 2: The parser.', 'Caption'),
  p('Algorithm 1 runs Listing 2; Algorithms 1 and 3 differ.'),
].join('');

xrefCases([
  {
    name: 'algorithms are off by default: no targets, no mentions',
    doc: body,
    kind: 'algorithm',
    targets: [],
    matches: [],
  },
  {
    name: 'a bold "Algorithm 1" label is a caption; mentions in a list, an unknown number unmatched',
    doc: body,
    settings: { algorithms: 'number' },
    kind: 'algorithm',
    targets: [['alg-1', 'Algorithm 1', 0]],
    matches: [ready('algorithm', '1', 'alg-1'), ready('algorithm', '1', 'alg-1'), { kind: 'algorithm', text: '3', status: 'unmatched' }],
  },
  {
    name: 'algorithms and listings together keep their own targets, in document order',
    doc: body,
    settings: { algorithms: 'number', listings: 'full' },
    targets: [['alg-1', 'Algorithm 1', 0], ['lst-2', 'Listing 2', 1]],
    matches: [
      ready('algorithm', '1', 'alg-1'),
      ready('listing', 'Listing 2', 'lst-2'),
      ready('algorithm', '1', 'alg-1'),
      { kind: 'algorithm', text: '3', status: 'unmatched' },
    ],
  },
]);
