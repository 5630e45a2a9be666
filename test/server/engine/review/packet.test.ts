import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPacket } from '../../../../server/engine/review/packet.ts';
import type { MatchCandidate } from '../../../../server/engine/detect/types.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';
import { parseSettings } from '../../../../shared/settings.ts';

/** The context the packet gives a match over [start, end) of `text`. */
function contextOf(text: string, start: number, end: number) {
  const paragraph = { part: 'word/document.xml', index: 0, text } as unknown as ModelParagraph;
  const match: MatchCandidate = { kind: 'citation', paragraph, start, end, status: 'unmatched', confidence: 0 };
  const packet = buildPacket({ fileHash: 'h', settings: parseSettings({}), matches: [{ id: 'm1', match }], targets: [], citeStyle: 'numeric', persistedMetadata: null });
  return packet.matches[0]!.context;
}

test('context: the text around a match, cut at words, white space folded', () => {
  const text = 'Early work on phyllotaxis (Douady and Couder, 1996) showed that\tspirals emerge from a simple rule of inhibition between primordia at the apex.';
  const start = text.indexOf('Douady'), end = start + 'Douady and Couder, 1996'.length;
  assert.deepEqual(contextOf(text, start, end), { before: 'Early work on phyllotaxis (', after: ') showed that spirals emerge from a simple rule of…' });
  const long = `${'word '.repeat(30)}[12] and more`;
  const s = long.indexOf('[12]');
  assert.deepEqual(contextOf(long, s, s + 4), { before: `…${'word '.repeat(11)}`, after: ' and more' });
});

test('graphOfCandidates hashes to the packet\'s graph: apply checks a scan token without making the packet', async () => {
  const { readdirSync } = await import('node:fs');
  const { CORPUS_DIR, corpusFile } = await import('../../../helpers/corpus.ts');
  const { detect, packetOf } = await import('../../../../server/engine/scan.ts');
  const { graphHash } = await import('../../../../server/engine/review/hashes.ts');
  const { graphOfCandidates } = await import('../../../../server/engine/review/packet.ts');
  const { parseSettings } = await import('../../../../shared/settings.ts');
  // Author-year and numeric articles, one with footnotes and low-confidence and unmatched matches among them.
  const names = readdirSync(CORPUS_DIR).filter((n) => n.endsWith('.docx') && !n.includes('.messy')).sort().filter((_, i) => i % 9 === 0);
  assert.ok(names.length >= 5, names.join());
  const statuses = new Set<string>();
  for (const name of names) {
    const d = detect(corpusFile(name), parseSettings({}), {});
    const packet = packetOf(d);
    for (const m of packet.matches) statuses.add(m.status);
    assert.equal(graphHash(graphOfCandidates({ matches: [...d.matchById].map(([id, match]) => ({ id, match })), targets: d.targets })), graphHash(packet), name);
  }
  assert.ok(statuses.has('ready') && statuses.size >= 2, [...statuses].join());
});
