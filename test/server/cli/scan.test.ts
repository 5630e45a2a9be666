// `hyperlinker scan FILE.docx`: the ScanPacket on stdout (pretty, or one line with --compact), the reference
// list's citation style unless --no-style, --settings applied, and a usage message for a wrong argument count.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { scanPacketSchema } from '../../../shared/schemas/documents.ts';
import { runCli } from '../../helpers/cli-capture.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

const dir = mkdtempSync(join(tmpdir(), 'hl-cli-scan-'));
const file = join(dir, 'paper.docx');
after(() => rmSync(dir, { recursive: true, force: true }));
before(async () => {
  writeFileSync(file, await buildDocx({
    body: [
      p('Mosses grow on walls [1], as Figure 1 shows.'),
      p('Figure 1. Moss on a wall.', 'Caption'),
      p('References', 'Heading1'),
      p('1. Smith J, Lee K. Moss on walls. J Bot. 2020;12:1–9.'),
    ].join(''),
  }));
});

/** The packet printed by `hyperlinker scan paper.docx ...flags`, its matches as kind:text→target. */
async function scanned(...flags: string[]) {
  const r = await runCli(['scan', file, ...flags]);
  assert.equal(r.code, 0, r.err);
  const packet = scanPacketSchema.parse(JSON.parse(r.out));
  return { out: r.out, packet, matches: packet.matches.map((m) => `${m.kind}:${m.sourceText}→${m.targetId}`) };
}

test('prints the ScanPacket: every match with its target, and the detected citation style', async () => {
  const { out, packet, matches } = await scanned();
  assert.deepEqual(matches, ['citation:1→bib-1', 'figure:1→fig-1']);
  assert.deepEqual(packet.targets.map((t) => t.targetId).sort(), ['bib-1', 'fig-1']);
  assert.match(packet.scanFingerprint, /^sha256:/);
  assert.ok('detectedCslId' in packet, 'the style detection ran');
  assert.ok(out.split('\n').length > 10, 'pretty-printed by default');
});

test('--compact prints one line; --no-style leaves out the style detection', async () => {
  const { out } = await scanned('--compact');
  assert.equal(out.trimEnd().split('\n').length, 1);
  const { packet } = await scanned('--no-style');
  assert.equal('detectedCslId' in packet, false);
  assert.equal('styleDetection' in packet, false);
});

test('--settings are applied to the scan', async () => {
  const { matches } = await scanned('--settings', '{"figures":"off"}');
  assert.deepEqual(matches, ['citation:1→bib-1']);
});

test('the packet says the languages the manuscript was read in; --settings may pin them', async () => {
  const { packet } = await scanned('--no-style');
  assert.equal(packet.languages?.basis, 'undetermined', 'four short paragraphs are too few words to tell');
  const pinned = await scanned('--no-style', '--settings', '{"languages":["pt","de"]}');
  assert.deepEqual(pinned.packet.languages, { read: ['pt', 'de', 'en'], declared: [], written: [], basis: 'pinned' });
});

test('a misspelt option is an error naming it, not ignored', async () => {
  const r = await runCli(['scan', file, '--setings', '{"figures":"off"}']);
  assert.equal(r.code, 2);
  assert.equal(r.out, '');
  assert.match(r.err, /^hyperlinker scan: unknown option --setings \(known: --settings, --compact, --no-style\)$/m);
});

test('no file or two files: the usage, exit 2, nothing on stdout', async () => {
  for (const argv of [['scan'], ['scan', file, file]]) {
    const r = await runCli(argv);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.match(r.err, /usage: hyperlinker scan FILE\.docx/);
  }
});
