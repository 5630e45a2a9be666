// npm run bench:rewrite [-- --docs N] [--targets N] [--style ID[,ID…]] [--verbose] [--registry-only | --no-registry]
// Measure 2 of issue 19: each of the 17 one-style development manuscripts (../shared/resolver/docs/style) converted
// into each other development style through the engine (`direct` with a bibliography renderer), with every gold DOI
// that ../shared/resolver/registry-dev.jsonl holds joined as a `ready` ResolvedWork carrying its record (as the
// resolver answers a ready match; the resolver itself is not run, so no registry latency is timed).
// The bench first says how many of the gold works the registry holds, looked up by DOI and by title.
// Per conversion:
// - the outcome: the whole manuscript in the target style, or refused with the reason (never a mixed list);
// - entries: each entry rendered in the target style on its own terms (the renderer over the whole list, whatever
//   the verdict), and compared with the text the gold gives for the same work (same DOI) in the target style's own
//   development manuscript, where the work is in both (Crossref rendered those with citeproc), white space and
//   quote forms normalised; and, where the registry holds the record, with citeproc's rendering of the record;
//   where the source entry holds every word of the target's gold text (terms aside), the exact match is attainable
//   from the string, and that rate is given apart (a source without titles cannot give a target with titles);
// - round trip: each entry's reading rendered back in the manuscript's own style, against the entry as written
//   (label aside, normalised): a reading that round-trips exactly accounts for the entry's text;
// - in-text citations: the same conversion once more with every entry rendered from the fields the reference
//   reader finds (no faithfulness checks, a bench instrument), so that the citation conversion is measured apart
//   from entry rendering: the works each paragraph's citations name after the change (read back from the output by
//   the scan, a number range counting each number in it; the output's entries are the input's in the order of the
//   restyle plan) against the works they named before, as multisets,
//   and whether the output's citations are read in the target form (numeric or author-date; an author style's,
//   "(Smith et al.)", have no year for the scan and are read back through apply's links, their form not checked:
//   counted as not read in the target form);
// - time per conversion, and its ratio to a plain apply of the same file (same run), with the load average.
// harvard3 is not bundled: harvard-cite-them-right stands in as its target; american-chemical-society-with-titles
// and american-chemical-society are one current style (one target).
// Second block, registry first (bench/rewrite/registry-first.ts): the numbered manuscripts of
// ../shared/resolver/docs/resolve, whose works registry-dev.jsonl holds, converted into each of the target styles
// with every gold DOI the registry holds joined as a `ready` ResolvedWork carrying its record.
// --registry-only runs that block alone, --no-registry the first block alone; --style keeps the targets named.

import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ResolvedWork } from '../shared/contract.ts';
import { parseSettings } from '../shared/settings.ts';
import { direct } from '../server/engine/index.ts';
import { detect } from '../server/engine/scan.ts';
import type { BibEntry } from '../server/engine/detect/types.ts';
import { citationContext, planRewrite, rewriteEntriesIn, textFamilyOf } from '../server/engine/rewrite/plan.ts';
import { loadBundledStyle, type CslStyle } from '../server/csl/catalog.ts';
import { createBibliographyRenderer, entryItem, recordItem } from '../server/csl/bibliography.ts';
import { Renderer, rendererFor, type CslItem } from '../server/csl/render.ts';
import { benchArgs, numberArg } from './common/args.ts';
import { citedWorks, linkedWorks, looseRenderer, multisetHits, norm, readRegistry, readyWork } from './rewrite/common.ts';
import { registryFirstBlock } from './rewrite/registry-first.ts';

const args = benchArgs(import.meta.url, { docs: { type: 'string' }, targets: { type: 'string' }, style: { type: 'string' }, verbose: { type: 'boolean', short: 'v' }, 'registry-only': { type: 'boolean' }, 'no-registry': { type: 'boolean' } }, ({ values: v }) => ({
  docs: numberArg(v.docs, 'docs', 99),
  targets: numberArg(v.targets, 'targets', 99),
  only: v.style ? new Set(v.style.split(',').map((x) => x.trim())) : null,
  verbose: v.verbose === true,
  styleDocs: v['registry-only'] !== true,
  registryDocs: v['no-registry'] !== true,
}));
const verbose = args.verbose;
const root = new URL('../../shared/resolver/', import.meta.url).pathname;
const dir = join(root, 'docs/style');
const TARGET_OF: Record<string, string> = { harvard3: 'harvard-cite-them-right', 'american-chemical-society-with-titles': 'american-chemical-society' };

interface Gold { cslStyle: string; citationFormat: string; references: Array<{ index: number; text: string; sourceDoi?: string }> }

const simple = (t: string) => t.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, ' ').trim();
const registry = readRegistry(join(root, 'registry-dev.jsonl'));
const titles: string[] = [];
for (const w of registry.values()) for (const t of (w as { title?: string[] }).title ?? []) if (simple(t).length >= 25) titles.push(simple(t));

const docs = args.styleDocs ? readdirSync(dir).filter((f) => f.endsWith('.docx')).sort().slice(0, args.docs) : [];
const golds = docs.map((f) => JSON.parse(readFileSync(join(dir, f.replace(/\.docx$/, '.gold.json')), 'utf8')) as Gold);
const allGolds = readdirSync(dir).filter((f) => f.endsWith('.gold.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Gold);
const targets: CslStyle[] = [];
for (const g of allGolds.sort((a, b) => a.cslStyle.localeCompare(b.cslStyle))) {
  const s = loadBundledStyle(TARGET_OF[g.cslStyle] ?? g.cslStyle);
  if (s && !targets.some((t) => t.id === s.id) && (!args.only || args.only.has(s.id))) targets.push(s);
}
// The gold text of each work in each target style, where that style's manuscript cites it.
const goldText = new Map<string, Map<string, string>>();
for (const g of allGolds) {
  const id = loadBundledStyle(TARGET_OF[g.cslStyle] ?? g.cslStyle)?.id;
  if (!id) continue;
  const m = goldText.get(id) ?? new Map<string, string>();
  for (const r of g.references) if (r.sourceDoi) m.set(r.sourceDoi.toLowerCase(), norm(r.text.replace(/^\s*(\[\d+\]|\(\d+\)|\d+\.?)\s+/, '')));
  goldText.set(id, m);
}
const settings = parseSettings({ doi: true });

interface Row {
  source: string; form: string; conversions: number; rewritten: number; refused: number;
  entries: number; renderable: number; shared: number; sharedExact: number; held: number; heldExact: number; recordExact: number;
  cites: number; citesRight: number; formRight: number; looseRewritten: number; ms: number; plainMs: number; reasons: Map<string, number>;
}
const rows = new Map<string, Row>();
let goldDois = 0, byDoi = 0, byTitle = 0;
const started = performance.now();

/** Words a style writes its own way (terms, link words): not information an entry holds or lacks. */
const TERMS = new Set(['and', 'in', 'vol', 'pp', 'no', 'doi', 'available', 'from', 'retrieved', 'online', 'internet', 'et', 'al', 'eds', 'ed', 'edn', 'accessed', 'viewed', 'url', 'nd', 'pag', 'http', 'https', 'org', 'the']);
const wordsOf = (t: string) => t.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[a-z0-9]+/g) ?? [];
/** The source entry holds every word of the target style's gold text (terms aside): an exact rendering is attainable from it. */
function holds(source: string, goldTarget: string): boolean {
  const have = new Set(wordsOf(source));
  return wordsOf(goldTarget).every((w) => TERMS.has(w) || have.has(w) || (/^\d+$/.test(w) && [...have].some((h) => /^\d+$/.test(h) && h.endsWith(w))));
}

/** Round trip: each entry's reading rendered back in the manuscript's own style, against the entry as written (label aside). */
function roundTrip(entries: BibEntry[], style: CslStyle | null, resolved: Record<string, ResolvedWork>): { ok: number; n: number; misses: string[] } {
  const items: CslItem[] = [];
  for (const e of entries) {
    const read = entryItem({ key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: null, doi: e.doi, url: e.url }, resolved);
    if ('item' in read) items.push(read.item);
  }
  if (!style) return { ok: 0, n: entries.length, misses: [] };
  const out = rendererFor(`bench:rt:${style.key}`, () => style.xml).render(items);
  let ok = 0;
  const misses: string[] = [];
  for (const e of entries) {
    const want = norm(e.text.replace(/^\s*(\[\d+\]|\(\d+\)|\d+\.?)\s+/, ''));
    const got = out.get(e.key);
    if (got && norm(got.text) === want) ok++;
    else misses.push(`      written: ${want}\n      read:    ${got ? norm(got.text) : '(not rendered)'}`);
  }
  return { ok, n: entries.length, misses };
}
const trips = new Map<string, { ok: number; n: number }>();
/** Why the entries that blocked a refused conversion block it, by kind (an entry counts once per conversion). */
const blockers = new Map<string, number>();

for (const [i, f] of docs.entries()) {
  const gold = golds[i]!;
  const bytes = new Uint8Array(readFileSync(join(dir, f)));
  const det = detect(bytes, settings, { forLinking: true });
  const entries = rewriteEntriesIn(det.targetById);
  // The gold's references in list order are the detected entries in list order (30 of 30 where detection finds them all).
  const doiOf = new Map<string, string>();
  const works: Record<string, ResolvedWork> = {};
  const records: CslItem[] = [];
  for (const r of gold.references) {
    if (!r.sourceDoi) continue;
    goldDois++;
    if (registry.has(r.sourceDoi.toLowerCase())) byDoi++;
    const t = simple(r.text);
    if (titles.some((x) => t.includes(x))) byTitle++;
  }
  entries.forEach((e, k) => {
    const doi = gold.references[k]?.sourceDoi?.toLowerCase();
    if (doi) doiOf.set(e.key, doi);
    const w = doi ? registry.get(doi) : undefined;
    if (!w) return;
    works[e.key] = readyWork(w);
    records.push(recordItem(e.key, works[e.key]!.record)!);
  });
  const source = loadBundledStyle(TARGET_OF[gold.cslStyle] ?? gold.cslStyle)?.id;
  const trip = roundTrip(entries, loadBundledStyle(gold.cslStyle) ?? null, works);
  trips.set(gold.cslStyle, trip);
  if (verbose) for (const m of trip.misses) console.log(`    round trip ${f}:\n${m}`);
  const before = citedWorks(bytes, settings, (e) => e.key);
  let t = performance.now();
  direct(bytes, settings, { resolvedWorks: works });
  const plainMs = performance.now() - t;
  const inputs = entries.map((e) => ({ key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: null, doi: e.doi, url: e.url }));
  for (const style of targets.slice(0, args.targets)) {
    if (style.id === source) continue;
    const key = `${gold.cslStyle} → ${style.family}`;
    const row = rows.get(key) ?? { source: gold.cslStyle, form: style.family, conversions: 0, rewritten: 0, refused: 0, entries: 0, renderable: 0, shared: 0, sharedExact: 0, held: 0, heldExact: 0, recordExact: 0, cites: 0, citesRight: 0, formRight: 0, looseRewritten: 0, ms: 0, plainMs: 0, reasons: new Map<string, number>() };
    rows.set(key, row);
    const renderer = createBibliographyRenderer(style, works);
    t = performance.now();
    const out = direct(bytes, settings, { resolvedWorks: works, bibliography: renderer });
    const ms = performance.now() - t;
    row.conversions++; row.ms += ms; row.plainMs += plainMs;
    row.entries += entries.length;
    // Entries on their own terms: what the renderer writes for each, compared with the target style's gold text.
    const own = renderer.render(inputs).rendered;
    const expected = records.length ? new Map([...new Renderer(style.xml).render(records)].map(([k, x]) => [k, norm(x.text)])) : new Map<string, string>();
    const gt = goldText.get(style.id) ?? new Map<string, string>();
    for (const e of entries) {
      const r = own.get(e.key);
      if (r) row.renderable++;
      const text = r ? norm(r.segments.map((s) => s.text).join('')) : null;
      const doi = doiOf.get(e.key);
      if (doi && gt.has(doi)) {
        row.shared++;
        const exact = text === gt.get(doi);
        if (exact) row.sharedExact++;
        if (holds(e.text, gt.get(doi)!)) { row.held++; if (exact) row.heldExact++; }
        else if (verbose) console.log(`    ≠gold ${f} → ${style.id} ${e.key}:\n      ours: ${text ?? '(not rendered)'}\n      gold: ${gt.get(doi)}`);
      }
      if (text && expected.get(e.key) === text) row.recordExact++;
    }
    // In-text citations apart from entry rendering: the same conversion with every entry rendered from its fields.
    // The works each paragraph names after the change, read back from the output (entries are known by the
    // bookmark apply put on them, named after their key before the change), against those named before.
    const loose = direct(bytes, settings, { resolvedWorks: works, bibliography: looseRenderer(style, works) });
    if (loose.bibRewrite?.outcome === 'rewritten') {
      row.looseRewritten++;
      // The output's entries are the input's in the plan's order (the planner apply ran, run again here).
      const plan = planRewrite(entries, looseRenderer(style, works), { textFamily: textFamilyOf(det.citeStyle), partial: false, ...citationContext(det.model, det.matchById.values()) });
      const newOrder = plan.order ?? entries.map((e) => e.key);
      // An author style's citations have no year for the scan: read back through apply's links to the entries (form not checked).
      const after = style.family === 'author' ? { byParagraph: linkedWorks(loose.docx, entries, newOrder), form: null } : citedWorks(loose.docx, settings, (e) => newOrder[e.refIndex - 1] ?? null);
      if (after.form === style.family) row.formRight++;
      for (const [p, want] of before.byParagraph) {
        row.cites += want.length;
        const hits = multisetHits(want, after.byParagraph.get(p) ?? []);
        row.citesRight += hits;
        if (verbose && hits < want.length) console.log(`    ${f} → ${style.id} ¶${p}: named ${want.join(' ')}; after: ${(after.byParagraph.get(p) ?? []).join(' ')}`);
      }
    } else if (verbose) console.log(`  ${f} → ${style.id} (fields only): ${loose.bibRewrite?.outcome}: ${loose.bibRewrite?.reason}`);
    const r = out.bibRewrite!;
    if (r.outcome !== 'rewritten') {
      row.refused++;
      const why = (r.reason ?? '').replace(/\d+ of \d+ entries/, 'N entries').replace(/\d+ in-text citations?/, 'N in-text citations').replace(/: the citation .*/, '').split(style.id).join('the target').replace(/ \([a-z-]+\)/g, '').slice(0, 100);
      row.reasons.set(why, (row.reasons.get(why) ?? 0) + 1);
      for (const b of r.entries) { const kind = b.lacks.replace(/:.*$/s, '').replace(/\s*\(".*$/s, ''); blockers.set(kind, (blockers.get(kind) ?? 0) + 1); }
      if (verbose) console.log(`  ${f} → ${style.id}: ${r.outcome}: ${r.reason} ${r.entries.slice(0, 3).map((e) => `${e.label}: ${e.lacks}`).join('; ')}`);
      continue;
    }
    row.rewritten++;
  }
}

if (args.styleDocs) {
  const pct = (a: number, b: number) => (b ? (a / b).toFixed(3) : '  -  ');
  const sum = (f: (r: Row) => number) => [...rows.values()].reduce((a, r) => a + f(r), 0);
  console.log(`\nbench:rewrite: ${docs.length} source manuscripts × ${targets.length} target styles (load average ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
  console.log(`${'source style → target form'.padEnd(52)} conv rewr refus  renderable  =gold(shared)  =gold(held)  round trip  cites right   form  ms/conv ×plain`);
  for (const row of [...rows.values()].sort((a, b) => a.source.localeCompare(b.source) || a.form.localeCompare(b.form))) {
    console.log(`${`${row.source} → ${row.form}`.padEnd(52)} ${String(row.conversions).padStart(4)} ${String(row.rewritten).padStart(4)} ${String(row.refused).padStart(5)}  ${pct(row.renderable, row.entries).padStart(10)}  ${`${pct(row.sharedExact, row.shared)} (${row.shared})`.padStart(13)}  ${`${pct(row.heldExact, row.held)} (${row.held})`.padStart(11)}  ${pct(trips.get(row.source)!.ok, trips.get(row.source)!.n).padStart(10)}  ${pct(row.citesRight, row.cites).padStart(11)}  ${`${row.formRight}/${row.looseRewritten}`.padStart(5)}  ${(row.ms / row.conversions).toFixed(0).padStart(7)} ${(row.ms / row.plainMs).toFixed(2).padStart(6)}`);
    for (const [why, n] of row.reasons) console.log(`      refused ×${n}: ${why}`);
  }
  const conv = sum((r) => r.conversions), rewr = sum((r) => r.rewritten);
  console.log(`\nall: ${conv} conversions, ${rewr} rewritten whole (${pct(rewr, conv)}), ${conv - rewr} refused with reasons, 0 mixed lists written`);
  console.log(`entries blocking the refused conversions, by reason: ${[...blockers].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  console.log(`registry: ${byDoi} of ${goldDois} gold works are in registry-dev.jsonl by DOI, ${byTitle} by title (a registry title of 25+ characters inside the reference)${byDoi ? '' : ': no entry can be rendered from a record, each is read from its string'}`);
  console.log(`entries the renderer writes (on their own terms): ${sum((r) => r.renderable)}/${sum((r) => r.entries)} = ${pct(sum((r) => r.renderable), sum((r) => r.entries))}`);
  console.log(`entries exactly as the target style's gold writes the same work (works in both manuscripts): ${sum((r) => r.sharedExact)}/${sum((r) => r.shared)} = ${pct(sum((r) => r.sharedExact), sum((r) => r.shared))}`);
  console.log(`  of those, where the source entry holds every word of the gold (an exact rendering is attainable from the string): ${sum((r) => r.heldExact)}/${sum((r) => r.held)} = ${pct(sum((r) => r.heldExact), sum((r) => r.held))}`);
  const tripSum = [...trips.values()].reduce((a, t) => ({ ok: a.ok + t.ok, n: a.n + t.n }), { ok: 0, n: 0 });
  console.log(`round trip (each entry's reading rendered back in the manuscript's own style, exactly as written): ${tripSum.ok}/${tripSum.n} = ${pct(tripSum.ok, tripSum.n)}${trips.has('harvard3') ? ' (harvard3 is not bundled: its entries count as misses)' : ''}`);
  console.log(`entries exactly as citeproc renders the registry record: ${sum((r) => r.recordExact)}/${sum((r) => r.entries)} = ${pct(sum((r) => r.recordExact), sum((r) => r.entries))}`);
  console.log(`in-text citations, every entry rendered from its fields (the citation conversion apart from entry rendering): ${sum((r) => r.looseRewritten)}/${conv} conversions written; citation items naming the same works after the change ${sum((r) => r.citesRight)}/${sum((r) => r.cites)} = ${pct(sum((r) => r.citesRight), sum((r) => r.cites))}; citations read back in the target form in ${sum((r) => r.formRight)}/${sum((r) => r.looseRewritten)}`);
  console.log(`time per conversion ${(sum((r) => r.ms) / Math.max(conv, 1)).toFixed(0)} ms, ${(sum((r) => r.ms) / Math.max(sum((r) => r.plainMs), 1)).toFixed(2)}× a plain apply of the same file (same run); wall ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (args.registryDocs) {
  registryFirstBlock({ root, targets: targets.slice(0, args.targets), settings, docs: args.docs, verbose });
}
