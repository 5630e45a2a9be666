// detect() in two stages (detectInStages): the reference list found first keeps, through the rest of detection,
// the entries, keys, texts and DOIs the whole scan gives it, and the rest gives what detect() gives. The command
// line's resolve sends the first stage's references to the registry before the rest is detected.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { reviewTarget } from '../../../server/engine/review/packet.ts';
import { detect, detectInStages, packetOf } from '../../../server/engine/scan.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { CORPUS_DIR, REPO_ROOT } from '../../helpers/corpus.ts';

const settings = { ...DEFAULT_SETTINGS, doi: true, crossref: true };
const RESOLVE_DIR = join(process.env.RESOLVER_DIR ?? join(REPO_ROOT, '..', 'shared', 'resolver'), 'docs', 'resolve');
// The resolver's development manuscripts and every third corpus manuscript (numbered and author-year lists,
// figures, tables and supplementary material among the other targets).
const documents = [
  ...readdirSync(RESOLVE_DIR).filter((n) => n.endsWith('.docx')).map((n) => join(RESOLVE_DIR, n)),
  ...readdirSync(CORPUS_DIR).filter((n) => n.endsWith('.docx')).sort().filter((_, i) => i % 3 === 0).map((n) => join(CORPUS_DIR, n)),
];

test('the first stage\'s reference list is the whole scan\'s, and the rest is detect()\'s', () => {
  assert.ok(documents.length >= 20, `${documents.length} documents`);
  for (const file of documents) {
    const bytes = new Uint8Array(readFileSync(file));
    const staged = detectInStages(bytes, settings);
    const first = (staged.bibliography?.entries ?? []).map(reviewTarget);
    const d = staged.rest();
    assert.equal(staged.rest(), d, 'the rest runs once');
    const packet = packetOf(d);
    const listed = packet.targets.filter((t) => t.type === 'bibliography');
    assert.deepEqual(first, listed, file);
    assert.deepEqual(packet, packetOf(detect(bytes, settings)), file);
  }
});
