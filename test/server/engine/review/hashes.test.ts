// Hashes of a scanned state: the graph hash changes with any target, match, status or pointer and with
// their order, not with anything else a packet carries; the metadata hash is of the JSON (null included).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { graphHash, metadataHash } from '../../../../server/engine/review/hashes.ts';
import type { ScanPacket } from '../../../../shared/contract.ts';

type Graph = Pick<ScanPacket, 'matches' | 'targets'>;
const base = (): Graph => ({
  targets: [{ targetId: 'fig-1', type: 'figure', label: 'Figure 1' }, { targetId: 'ref-1', type: 'reference', label: '[1]' }] as Graph['targets'],
  matches: [
    { refId: 'm1', kind: 'figure', status: 'ready', targetId: 'fig-1', sourceText: 'Figure 1', confidence: 1 },
    { refId: 'm2', kind: 'citation', status: 'ready', targetId: 'ref-1', sourceText: '1', confidence: 1 },
  ] as Graph['matches'],
});

const changes: Array<[string, (g: Graph) => void]> = [
  ['a target label', (g) => void ((g.targets[0] as { label: string }).label = 'Figure 2')],
  ['a target removed', (g) => void g.targets.pop()],
  ['a match status', (g) => void ((g.matches[0] as { status: string }).status = 'low_confidence')],
  ['a match pointer', (g) => void ((g.matches[1] as { targetId: string }).targetId = 'fig-1')],
  ['the order of matches', (g) => void g.matches.reverse()],
];

for (const [name, change] of changes) {
  test(`graphHash changes with ${name}`, () => {
    const g = base();
    change(g);
    assert.notEqual(graphHash(g), graphHash(base()));
  });
}

test('graphHash ignores what is not the graph (text, confidence), and is a sha-256 hex digest', () => {
  const g = base();
  (g.matches[0] as { sourceText: string; confidence: number }).sourceText = 'Fig. 1';
  (g.matches[0] as { confidence: number }).confidence = 0.5;
  assert.equal(graphHash(g), graphHash(base()));
  assert.match(graphHash(g), /^[0-9a-f]{64}$/);
});

test('metadataHash: equal metadata, equal hashes; undefined and null alike', () => {
  assert.equal(metadataHash({ a: 1 }), metadataHash({ a: 1 }));
  assert.notEqual(metadataHash({ a: 1 }), metadataHash({ a: 2 }));
  assert.equal(metadataHash(undefined), metadataHash(null));
});
