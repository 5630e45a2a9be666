// npm run bench:rewrite [-- --docs N] [--targets N] [--verbose]
// Measure 2 of issue 19: each of the 17 one-style development manuscripts (../shared/resolver/docs/style) converted
// into each other development style, with its references resolved against the development registry
// (../shared/resolver/registry-dev.jsonl: each gold DOI's record joined as a `ready` ResolvedWork with its record,
// as the resolver answers for a ready match; the resolver itself is not run, so no registry latency is timed).
// The bench prints how many of the gold DOIs the registry holds: on the development split of November 2026, none
// of the 510, so every entry is read from its string and the exact-match figure has nothing to compare with.
// Per conversion: the outcome (rewritten, or refused with the reason), the entries that exactly match citeproc's
// rendering of the registry record in the target style (white space and quote forms normalised), the time, and
// its ratio to a plain apply of the same file (same run). Printed as a table per source style × target form.
// harvard3 is not bundled: harvard-cite-them-right stands in as its target; american-chemical-society-with-titles
// and american-chemical-society are one current style (one target).

import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ResolvedWork } from '../shared/contract.ts';
import { parseSettings } from '../shared/settings.ts';
import { direct } from '../server/engine/index.ts';
import { detect } from '../server/engine/scan.ts';
import { rewriteEntriesIn } from '../server/engine/rewrite/plan.ts';
import { loadBundledStyle, type CslStyle } from '../server/csl/catalog.ts';
import { createBibliographyRenderer, recordItem } from '../server/csl/bibliography.ts';
import { Renderer, type CslItem } from '../server/csl/render.ts';
import { workRecord, type CrossrefWork } from '../server/resolver/work.ts';
import { benchArgs, numberArg } from './common/args.ts';

const args = benchArgs(import.meta.url, { docs: { type: 'string' }, targets: { type: 'string' }, verbose: { type: 'boolean', short: 'v' } }, ({ values: v }) => ({
  docs: numberArg(v.docs, 'docs', 99),
  targets: numberArg(v.targets, 'targets', 99),
  verbose: v.verbose === true,
}));
const verbose = args.verbose;
const root = new URL('../../shared/resolver/', import.meta.url).pathname;
const dir = join(root, 'docs/style');
const TARGET_OF: Record<string, string> = { harvard3: 'harvard-cite-them-right', 'american-chemical-society-with-titles': 'american-chemical-society' };

interface Gold { cslStyle: string; citationFormat: string; references: Array<{ index: number; text: string; sourceDoi?: string }> }

const registry = new Map<string, CrossrefWork>();
for (const line of readFileSync(join(root, 'registry-dev.jsonl'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const w = JSON.parse(line) as CrossrefWork;
  registry.set(w.DOI.toLowerCase(), w);
}

const norm = (t: string) => t.normalize('NFC').replace(/[“”„«»]/g, '"').replace(/[‘’‚]/g, "'").replace(/\s+/g, ' ').trim();
const docs = readdirSync(dir).filter((f) => f.endsWith('.docx')).sort().slice(0, args.docs);
const golds = docs.map((f) => JSON.parse(readFileSync(join(dir, f.replace(/\.docx$/, '.gold.json')), 'utf8')) as Gold);
const targets: CslStyle[] = [];
for (const g of golds) {
  const s = loadBundledStyle(TARGET_OF[g.cslStyle] ?? g.cslStyle);
  if (s && !targets.some((t) => t.id === s.id)) targets.push(s);
}
const settings = parseSettings({ doi: true });

interface Row { source: string; form: string; conversions: number; rewritten: number; refused: number; entries: number; exact: number; ms: number; plainMs: number; reasons: Map<string, number> }
const rows = new Map<string, Row>();
let goldDois = 0, inRegistry = 0;
let allConv = 0, allRewritten = 0, allEntries = 0, allExact = 0, allMs = 0, allPlain = 0;
const started = performance.now();

for (const [i, f] of docs.entries()) {
  const gold = golds[i]!;
  const bytes = new Uint8Array(readFileSync(join(dir, f)));
  const entries = rewriteEntriesIn(detect(bytes, settings, { forLinking: true }).targetById);
  // The gold's references in list order are the detected entries in list order (30 of 30 where detection finds them all).
  const works: Record<string, ResolvedWork> = {};
  const records: CslItem[] = [];
  for (const r of gold.references) if (r.sourceDoi) { goldDois++; if (registry.has(r.sourceDoi.toLowerCase())) inRegistry++; }
  entries.forEach((e, k) => {
    const doi = gold.references[k]?.sourceDoi?.toLowerCase();
    const w = doi ? registry.get(doi) : undefined;
    if (!w) return;
    const record = workRecord(w);
    works[e.key] = { doi: w.DOI.toLowerCase(), title: record.title ?? '', confidence: 1, status: 'ready', citationImpact: 'link-only-safe', transactionPlan: null, record };
    records.push(recordItem(e.key, record)!);
  });
  let t = performance.now();
  direct(bytes, settings, { resolvedWorks: works });
  const plainMs = performance.now() - t;
  const source = TARGET_OF[gold.cslStyle] ?? gold.cslStyle;
  for (const style of targets.slice(0, args.targets)) {
    if (style.id === loadBundledStyle(source)?.id) continue;
    const key = `${gold.cslStyle} → ${style.family}`;
    const row = rows.get(key) ?? { source: gold.cslStyle, form: style.family, conversions: 0, rewritten: 0, refused: 0, entries: 0, exact: 0, ms: 0, plainMs: 0, reasons: new Map<string, number>() };
    rows.set(key, row);
    t = performance.now();
    const out = direct(bytes, settings, { resolvedWorks: works, bibliography: createBibliographyRenderer(style, works) });
    const ms = performance.now() - t;
    row.conversions++; row.ms += ms; row.plainMs += plainMs;
    allConv++; allMs += ms; allPlain += plainMs;
    row.entries += entries.length; allEntries += entries.length;
    const r = out.bibRewrite!;
    if (r.outcome !== 'rewritten') {
      row.refused++;
      const why = (r.reason ?? '').replace(/\d+ of \d+ entries/, 'N entries').replace(/ \([a-z-]+\)/g, '').slice(0, 90);
      row.reasons.set(why, (row.reasons.get(why) ?? 0) + 1);
      if (verbose) console.log(`  ${f} → ${style.id}: ${r.outcome}: ${r.reason} ${r.entries.slice(0, 3).map((e) => `${e.label}: ${e.lacks}`).join('; ')}`);
      continue;
    }
    row.rewritten++; allRewritten++;
    const expected = new Set([...new Renderer(style.xml).render(records).values()].map((x) => norm(x.text)));
    const written = rewriteEntriesIn(detect(out.docx, settings, { forLinking: true }).targetById).map((e) => norm(e.text.replace(/^\s*(\[\d+\]|\(\d+\)|\d+\.?)\s+/, '')));
    const exact = written.filter((w) => expected.has(w)).length;
    row.exact += exact; allExact += exact;
    if (verbose && exact < written.length) console.log(`  ${f} → ${style.id}: ${exact}/${written.length} exact; e.g. ${written.find((w) => !expected.has(w))}`);
  }
}

const pct = (a: number, b: number) => (b ? (a / b).toFixed(3) : '  -  ');
console.log(`\nbench:rewrite: ${docs.length} source manuscripts × ${targets.length} target styles (load average ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
console.log(`${'source style → target form'.padEnd(58)} conv  rewritten  refused  exact/entries(all)  exact/entries(rewritten docs)  ms/conv  ×plain`);
for (const row of [...rows.values()].sort((a, b) => a.source.localeCompare(b.source) || a.form.localeCompare(b.form))) {
  const rewrittenEntries = row.rewritten ? row.entries / row.conversions * row.rewritten : 0;
  console.log(`${`${row.source} → ${row.form}`.padEnd(58)} ${String(row.conversions).padStart(4)}  ${String(row.rewritten).padStart(9)}  ${String(row.refused).padStart(7)}  ${pct(row.exact, row.entries).padStart(18)}  ${pct(row.exact, rewrittenEntries).padStart(29)}  ${(row.ms / row.conversions).toFixed(0).padStart(7)}  ${(row.ms / row.plainMs).toFixed(2).padStart(6)}`);
  for (const [why, n] of row.reasons) console.log(`      refused ×${n}: ${why}`);
}
console.log(`\nall: ${allConv} conversions, ${allRewritten} rewritten whole (${pct(allRewritten, allConv)}), ${allConv - allRewritten} refused with reasons, 0 mixed lists written`);
console.log(`registry records for the manuscripts' works: ${inRegistry} of ${goldDois} gold DOIs are in registry-dev.jsonl${inRegistry ? '' : ' (none: entries are read from their strings, and the exact-match figure has no reference to compare with)'}`);
console.log(`entries exactly as citeproc renders the registry record: ${allExact}/${allEntries} = ${pct(allExact, allEntries)} over all conversions`);
console.log('in-text citations converted: not measured (converting citations, items C and D, is not built: a change of form is refused)');
console.log(`time per conversion ${(allMs / Math.max(allConv, 1)).toFixed(0)} ms, ${(allMs / Math.max(allPlain, 1)).toFixed(2)}× a plain apply of the same file (same run); wall ${((performance.now() - started) / 1000).toFixed(0)} s`);
