// `hyperlinker resolve` and `hyperlinker link --resolve` against the fake registry.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../../helpers/cli-capture.ts';
import type { ResolverReport } from '../../../shared/contract.ts';
import { readZip } from '../../../server/engine/package/zip.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import type { FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { REFS, startFake } from '../../helpers/fake-crossref/fixtures.ts';
import { limiterShowingWaits, resolveManuscript } from '../../../server/cli/resolve.ts';
import { analyse } from '../../../server/engine/scan.ts';
import { referencesFromPacket } from '../../../server/resolver/references.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { ProgressBar } from '../../../server/cli/terminal.ts';
import type { LimiterSlot, RegistryLimiter } from '../../../server/resolver/ports.ts';

let fake: FakeCrossref;
let dir: string;
const saved = { url: process.env.CROSSREF_API_URL, mailto: process.env.CROSSREF_MAILTO, xdg: process.env.XDG_CACHE_HOME };

before(async () => {
  fake = await startFake();
  dir = mkdtempSync(join(tmpdir(), 'hl-resolve-'));
  process.env.CROSSREF_API_URL = fake.url;
  process.env.CROSSREF_MAILTO = 'cli-test@example.org';
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  const body = [
    p('Stress matters [1], and so does stroke [2]; see also [3].'),
    p('References', 'Heading1'),
    p(`1. ${REFS.bacon}`),
    p(`2. ${REFS.stroke}`),
    p(`3. ${REFS.retracted}`),
  ].join('');
  writeFileSync(join(dir, 'ms.docx'), await buildDocx({ body }));
});

after(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
  for (const [k, v] of [['CROSSREF_API_URL', saved.url], ['CROSSREF_MAILTO', saved.mailto], ['XDG_CACHE_HOME', saved.xdg]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const capture = runCli;

test('resolve --json prints the ResolverReport; retractions are named on stderr; the second run uses the cache', async () => {
  const first = await capture(['resolve', join(dir, 'ms.docx'), '--json']);
  assert.equal(first.code, 0, first.err);
  const report = JSON.parse(first.out) as ResolverReport;
  assert.equal(report.references.length, 3);
  const dois = report.references.map((r) => report.resolvedWorks[r.refId]?.doi);
  assert.deepEqual(dois, ['10.1000/heart.2009.1', '10.1000/stroke.2010', '10.1000/retracted.1']);
  assert.deepEqual(report.resolverReport, { resolved: 3, reviewRequired: 0, unresolved: 0 });
  assert.ok(report.scanFingerprint);
  assert.match(first.err, /reference 3: retraction of 10\.1000\/retracted\.1 \(notice 10\.1000\/retraction\.notice, 2010-02-06\)/);
  assert.match(first.err, /^Resolved 3 references in ms\.docx: 3 with a DOI; --json prints the report$/m);
  assert.doesNotMatch(first.err, /\x1b\[/, 'no colour and no progress bar on a pipe');
  fake.resetStats();
  const second = await capture(['resolve', join(dir, 'ms.docx'), '--json', '--compact']);
  assert.equal(fake.stats.searches + fake.stats.lookups, 0, 'answered from the file cache');
  assert.equal(second.out.trim().split('\n').length, 1, '--compact: one line');
  assert.deepEqual((JSON.parse(second.out) as ResolverReport).resolvedWorks, report.resolvedWorks);
  assert.match(second.err, /Resolved 3 references in ms\.docx \(3 from the cache\)/);
  fake.resetStats();
  await capture(['resolve', join(dir, 'ms.docx'), '--no-cache']);
  assert.equal(fake.stats.searches, 3, '--no-cache asks the registry again');
});

test('resolve without --json prints nothing on stdout, only the summary on stderr; --quiet not even that', async () => {
  const human = await capture(['resolve', join(dir, 'ms.docx')]);
  assert.equal(human.code, 0, human.err);
  assert.equal(human.out, '');
  assert.match(human.err, /^Resolved 3 references/m);
  const quiet = await capture(['resolve', join(dir, 'ms.docx'), '--quiet']);
  assert.equal(quiet.out, '');
  assert.doesNotMatch(quiet.err, /Resolved/);
});

test('link --resolve links each ready reference to its DOI', async () => {
  const out = join(dir, 'out.docx');
  const res = await capture(['link', join(dir, 'ms.docx'), '-o', out, '--resolve', '--json']);
  assert.equal(res.code, 0, res.err);
  const result = JSON.parse(res.out) as { linkCount: number; resolverReport: { resolved: number } };
  assert.equal(result.resolverReport.resolved, 3);
  const rels = readZip(new Uint8Array(readFileSync(out))).text('word/_rels/document.xml.rels');
  for (const doi of ['10.1000/heart.2009.1', '10.1000/stroke.2010', '10.1000/retracted.1']) assert.ok(rels.includes(`https://doi.org/${doi}`), doi);
});

test('link --style resolves first when a registry is configured, and says so; --no-resolve skips it', async () => {
  const out = join(dir, 'styled.docx');
  const res = await capture(['link', join(dir, 'ms.docx'), '-o', out, '--style', 'vancouver', '--json', '--settings', '{"bibRewritePartial":true}']);
  assert.match(res.err, /resolving the references first \(CROSSREF_API_URL is set\), so that resolved works are rendered in the style from the registry's records/);
  const result = JSON.parse(res.out) as { resolverReport?: { resolved: number } };
  assert.equal(result.resolverReport?.resolved, 3, res.err);
  const skipped = await capture(['link', join(dir, 'ms.docx'), '-o', out, '--style', 'vancouver', '--no-resolve', '--json', '--settings', '{"bibRewritePartial":true}']);
  assert.doesNotMatch(skipped.err, /resolving the references first/);
  assert.equal((JSON.parse(skipped.out) as { resolverReport?: unknown }).resolverReport, undefined);
});

test('resolve without a file: usage error, exit 2', async () => {
  const res = await capture(['resolve']);
  assert.equal(res.code, 2);
});

test('the progress bar\'s limiter passes each request\'s account through to the limiter it wraps', async () => {
  const seen: Array<string | undefined> = [];
  const inner: RegistryLimiter = {
    acquire: async (_requestClass, _signal, account) => { seen.push(account); const slot: LimiterSlot = { sent: () => {}, release: () => {} }; return slot; },
    updateLimits: () => {},
    pauseUntil: () => {},
    rateLimited: () => {},
  };
  const screen = { isTTY: false, write: () => true } as unknown as ConstructorParameters<typeof ProgressBar>[0];
  const limiter = limiterShowingWaits(inner, new ProgressBar(screen, 'resolving references'));
  await limiter.acquire('search', undefined, 'org:7');
  await limiter.acquire('search');
  assert.deepEqual(seen, ['org:7', undefined]);
});

test('the wrapped limiter\'s slots mark the inner slot sent and tell who asked when a request left', async () => {
  const marks: string[] = [];
  const inner: RegistryLimiter = {
    acquire: async () => ({ sent: () => marks.push('inner sent'), release: () => marks.push('inner released') }),
    updateLimits: () => {},
    pauseUntil: () => {},
    rateLimited: () => {},
  };
  const screen = { isTTY: false, write: () => true } as unknown as ConstructorParameters<typeof ProgressBar>[0];
  const slot = await limiterShowingWaits(inner, new ProgressBar(screen, 'resolving references'), () => marks.push('told')).acquire('search');
  slot.sent();
  slot.release();
  assert.deepEqual(marks, ['inner sent', 'told', 'inner released']);
});

test('the references sent before the rest of the scan are the scan packet\'s, full text kept; the fingerprint is the scan\'s', async () => {
  const long = `${REFS.stroke} ${'Also discussed at length in a companion commentary on stroke models and their limits. '.repeat(4)}`.trim();
  const body = [p('Stroke [1] and stress [2].'), p('References', 'Heading1'), p(`1. ${long}`), p(`2. ${REFS.bacon}`)].join('');
  const bytes = await buildDocx({ body });
  const settings = { ...DEFAULT_SETTINGS, doi: true, crossref: true };
  const report = await resolveManuscript(bytes, settings, { noCache: true, quiet: true });
  const packet = analyse(bytes, settings).packet;
  const listed = referencesFromPacket(packet);
  assert.equal(report.scanFingerprint, packet.scanFingerprint);
  assert.deepEqual(report.references.map((r) => [r.refId, r.index, r.existingDoi]), listed.map((r) => [r.refId, r.index, r.existingDoi]));
  assert.ok(long.length > 300 && listed[0]!.text.length < long.length, 'the packet trims the long entry');
  assert.equal(report.references[0]!.refText, `1. ${long}`, 'the whole entry, as written');
});
