// npm run bench:checks [-- --doc PREFIX] [-- --identifiers]: recall of the manuscript checks on faults injected into the corpus
// manuscripts (bench/checks/inject.ts: an entry deleted, every citation of an entry deleted, an entry duplicated, two
// numbered entries swapped, a citation's year changed, a figure mentioned past the last one, the first mentions of
// two figures swapped, a caption dropped), and the findings on the untouched manuscripts. A fault counts as found
// when a finding of its code (naming its target, where it has one) appears that the untouched manuscript did not have.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import type { CheckFinding, CheckSeverity } from '../shared/contract.ts';
import { scan } from '../server/engine/index.ts';
import { SETTINGS_DEFAULTS } from '../shared/settings-values.ts';
import { corpusDir, listCorpus, loadGold } from './accuracy/corpus.ts';
import { readAgainstGold } from './checks/gold-reading.ts';
import { FAULT_KINDS, inject, type FaultKind } from './checks/inject.ts';
import { countDocument, scoreIdentifiers, type IdentifierTally } from './checks/identifiers.ts';
import { buildModel } from '../server/engine/model/document.ts';
import { openDocx } from '../server/engine/package/docx.ts';
import { IDENTIFIER_MANUSCRIPTS, identifierManuscript } from '../test/helpers/identifier-manuscripts.ts';
import { benchArgs } from './common/args.ts';

/** --identifiers: only the identifier counts (no fault injection). */
const { docFilter, identifiersOnly } = benchArgs(import.meta.url, { doc: { type: 'string' }, identifiers: { type: 'boolean' } }, ({ values: v }) => ({
  docFilter: v.doc,
  identifiersOnly: v.identifiers === true,
}));
const dir = corpusDir();
const names = listCorpus(dir).map((d) => d.name).filter((n) => !n.includes('.messy') && (!docFilter || n.startsWith(docFilter)));
const key = (f: CheckFinding) => `${f.code}|${f.message}`;

const tally = new Map<FaultKind, { injected: number; found: number; missed: string[] }>(FAULT_KINDS.map((k) => [k, { injected: 0, found: 0, missed: [] }]));
const untouched: Record<CheckSeverity, number> = { error: 0, warning: 0, note: 0 };
const errorCodes = new Map<string, number>();
const corpusIds = new Map<string, IdentifierTally>();
const readings: ({ name: string } & ReturnType<typeof readAgainstGold>)[] = [];
const started = performance.now();
for (const name of names) {
  const docx = new Uint8Array(readFileSync(join(dir, `${name}.docx`)));
  const packet = scan(docx, { ...SETTINGS_DEFAULTS });
  scoreIdentifiers(name, packet.matches, countDocument(buildModel(openDocx(docx))), corpusIds);
  const base = packet.checks ?? [];
  const reading = readAgainstGold(base, loadGold(join(dir, `${name}.gold.json`)));
  readings.push({ name, ...reading });
  for (const f of base) {
    untouched[f.severity]++;
    if (f.severity === 'error') errorCodes.set(f.code, (errorCodes.get(f.code) ?? 0) + 1);
  }
  const before = new Set(base.map(key));
  for (const kind of identifiersOnly ? [] : FAULT_KINDS) {
    const fault = inject(kind, docx, packet);
    if (!fault) continue;
    const t = tally.get(kind)!;
    t.injected++;
    let after: CheckFinding[] = [];
    try {
      after = scan(fault.docx, { ...SETTINGS_DEFAULTS }).checks ?? [];
    } catch (err) {
      t.missed.push(`${name} (${err instanceof Error ? err.message : String(err)})`);
      continue;
    }
    const hit = after.some((f) => f.code === fault.expect.code && !before.has(key(f)) && (!fault.expect.related || f.related.includes(fault.expect.related)));
    if (hit) t.found++;
    else t.missed.push(name);
  }
}

console.log(`bench:checks: ${names.length} manuscripts (${dir}), ${((performance.now() - started) / 1000).toFixed(1)} s, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('\nfault                 injected  found  recall  (goal >= 0.95)');
for (const [kind, t] of tally) {
  const recall = t.injected ? t.found / t.injected : NaN;
  console.log(`${kind.padEnd(22)}${String(t.injected).padStart(8)}${String(t.found).padStart(7)}  ${Number.isNaN(recall) ? '  -  ' : recall.toFixed(3)}${t.missed.length ? `   missed: ${t.missed.slice(0, 4).join(', ')}${t.missed.length > 4 ? ', …' : ''}` : ''}`);
}
const per = (n: number) => (n / Math.max(1, names.length)).toFixed(2);
console.log(`\nuntouched manuscripts: ${per(untouched.error)} errors, ${per(untouched.warning)} warnings, ${per(untouched.note)} notes per manuscript`);
console.log(`errors on untouched manuscripts by code: ${[...errorCodes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
// Read against the gold (bench/checks/gold-reading.ts): an error the gold does not support is unsupported.
const unsupported = readings.flatMap((r) => r.unsupported.map((f) => ({ name: r.name, f })));
const worst = readings.reduce((a, r) => (r.unsupported.length > a.unsupported.length ? r : a), readings[0] ?? { name: '-', unsupported: [] as CheckFinding[] });
const supportedErrors = readings.reduce((a, r) => a + r.errors - r.unsupported.length, 0);
console.log(`read against the gold: ${supportedErrors} errors supported, ${unsupported.length} unsupported: ${per(unsupported.length)} per manuscript (goal < 0.2), at most ${worst.unsupported.length} in one (${worst.name}; goal <= 1)`);
for (const { name, f } of unsupported.slice(0, 12)) console.log(`  unsupported ${name}: ${f.code} “${f.text ?? f.context.after.slice(0, 40)}” ${f.message.slice(0, 90)}`);
const uncited = readings.reduce((a, r) => a + r.uncited, 0);
const uncitedTrue = readings.reduce((a, r) => a + r.uncitedTrue, 0);
console.log(`entry-not-cited warnings: ${uncited}, of which the gold cites ${uncited - uncitedTrue} (${uncited ? (uncitedTrue / uncited).toFixed(3) : '-'} true)`);
for (const r of readings) for (const f of r.uncitedFalse.slice(0, 2)) console.log(`  cited in the gold ${r.name}: ${f.message.slice(0, 100)}`);

// Identifiers: the corpus counted by a second reading of the text (bench/checks/identifiers.ts), and the test
// manuscripts full of them (test/helpers/identifier-manuscripts.ts), scored exactly against their gold.
const manuscriptIds = new Map<string, IdentifierTally>();
for (const name of Object.keys(IDENTIFIER_MANUSCRIPTS)) {
  const { docx, expected } = await identifierManuscript(name);
  const packet = scan(docx, { ...SETTINGS_DEFAULTS });
  scoreIdentifiers(name, packet.matches, expected.map((e) => ({ ...e, part: 'word/document.xml' })), manuscriptIds, true);
}
function identifierBlock(title: string, tally: Map<string, IdentifierTally>): void {
  console.log(`\n${title}\nkind      counted  found  recall  proposed  right  precision`);
  const sum = { counted: 0, found: 0, proposed: 0, right: 0 };
  const line = (k: string, t: { counted: number; found: number; proposed: number; right: number }) =>
    `${k.padEnd(8)}${String(t.counted).padStart(9)}${String(t.found).padStart(7)}  ${t.counted ? (t.found / t.counted).toFixed(3) : '  -  '}${String(t.proposed).padStart(10)}${String(t.right).padStart(7)}  ${t.proposed ? (t.right / t.proposed).toFixed(3) : '  -  '}`;
  for (const [kind, t] of tally) {
    for (const f of ['counted', 'found', 'proposed', 'right'] as const) sum[f] += t[f];
    const notes = [...t.wrong.slice(0, 3).map((w) => `wrong ${w}`), ...t.missed.slice(0, 3).map((m) => `missed ${m}`)];
    console.log(`${line(kind, t)}${notes.length ? `   ${notes.join('; ')}` : ''}`);
  }
  console.log(`${line('all', sum)}   (goal: recall >= 0.97, precision >= 0.99)`);
}
identifierBlock(`identifiers, ${names.length} corpus manuscripts (counted by a second reading of the text):`, corpusIds);
// The manuscripts in other languages beside the corpus (../shared/corpus-i18n), counted the same way.
const i18nDir = join(dirname(dir), 'corpus-i18n');
if (!docFilter && existsSync(i18nDir)) {
  const i18nIds = new Map<string, IdentifierTally>();
  const i18nNames = listCorpus(i18nDir).map((d) => d.name);
  for (const name of i18nNames) {
    const docx = new Uint8Array(readFileSync(join(i18nDir, `${name}.docx`)));
    scoreIdentifiers(name, scan(docx, { ...SETTINGS_DEFAULTS }).matches, countDocument(buildModel(openDocx(docx))), i18nIds);
  }
  identifierBlock(`identifiers, ${i18nNames.length} corpus-i18n manuscripts (counted the same way):`, i18nIds);
}
identifierBlock(`identifiers, ${manuscriptIds.size ? Object.keys(IDENTIFIER_MANUSCRIPTS).length : 0} test manuscripts (exact gold):`, manuscriptIds);
