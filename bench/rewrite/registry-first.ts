// The registry-first block of `npm run bench:rewrite` (issue 19 item 3): the numbered manuscripts of
// ../shared/resolver/docs/resolve (40–60 references each, written in many styles, cited "[1]", "[2–4]") cite works
// that registry-dev.jsonl holds (the gold `doi`). Each is converted into each target style through the engine
// (`direct` with the product's bibliography renderer), with every gold DOI the registry holds joined as a `ready`
// ResolvedWork carrying its record (as the resolver answers a ready match; the resolver is not run). Per target:
// - outcome: the whole manuscript in the style, or refused; a refusal is classed by what blocks it: a resolved
//   entry (the render path failed a record: never expected), only entries the registry does not hold (their
//   strings cannot be rendered faithfully: the product refuses rightly), or something else (the citations);
// - entries from the record: each resolved entry as the renderer writes it, against citeproc's rendering of the
//   registry record in the target style (white space and quote forms normalised): the exact-match rate (goal 0.95);
//   an entry whose record lacks a field the entry gives is rendered from the record completed by it (counted apart);
// - the same read back from the written document: every resolved entry of a rewritten manuscript, and of a partial
//   rewrite (bibRewritePartial, numeric targets, run when the whole one is refused), label aside;
// - in-text citations: the conversion with the bench's loose renderer (records where resolved, the reader's
//   fields elsewhere, no faithfulness checks), the output scanned again, the works each paragraph names after the
//   change against those named before, as multisets (goal 0.98), and whether the output cites in the target form
//   (an author style's citations, "(Smith et al.)", have no year for the scan to read: they are read back through
//   apply's links to the entries, and their form is not checked);
// - time per conversion and its ratio to a plain apply (resolved works linked, no rewrite) of the same file.

import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ResolvedWork } from '../../shared/contract.ts';
import { parseSettings, type HyperlinkSettings } from '../../shared/settings.ts';
import { direct } from '../../server/engine/index.ts';
import { detect } from '../../server/engine/scan.ts';
import { buildModel } from '../../server/engine/model/document.ts';
import { openDocx } from '../../server/engine/package/docx.ts';
import type { BibEntry } from '../../server/engine/detect/types.ts';
import { citationContext, planRewrite, rewriteEntriesIn, textFamilyOf, type RewritePlan } from '../../server/engine/rewrite/plan.ts';
import type { CslStyle } from '../../server/csl/catalog.ts';
import { createBibliographyRenderer } from '../../server/csl/bibliography.ts';
import { completeRecord } from '../../server/csl/complete-record.ts';
import { readReference } from '../../server/references/record.ts';
import { rendererFor, type CslItem } from '../../server/csl/render.ts';
import { citedWorks, linkedWorks, looseRenderer, multisetHits, norm, readRegistry, readyWork, withoutLabel, workItem } from './common.ts';

export interface RegistryFirstOptions {
  /** ../shared/resolver */
  root: string;
  targets: CslStyle[];
  settings: HyperlinkSettings;
  docs: number;
  verbose: boolean;
}

interface Gold { references: Array<{ index: number; doi: string | null }> }

interface Row {
  style: CslStyle;
  conversions: number; rewritten: number; partial: number;
  refusedByResolved: number; refusedByUnresolved: number; refusedOther: number;
  resolved: number; exact: number; notRendered: number; completedMiss: number;
  readBack: number; readBackExact: number; docsAllExact: number;
  cites: number; citesRight: number; formRight: number; looseWritten: number;
  /** Conversions whose citations are read back through their links (an author style): form not checked. */
  formUnread: number;
  ms: number; plainMs: number;
  other: Map<string, number>;
}

/** The resolved entries of a written document, read back: text without label, by entry key (the plan's order). */
function readBack(docx: Uint8Array, entries: BibEntry[], plan: RewritePlan | null): Map<string, string> {
  const model = buildModel(openDocx(docx));
  const at = new Map(model.paragraphs.map((p) => [`${p.part}#${p.index}`, p]));
  const order = plan?.order ?? entries.map((e) => e.key);
  const out = new Map<string, string>();
  entries.forEach((e, i) => {
    const p = at.get(`${e.paragraph.part}#${e.paragraph.index}`);
    if (p) out.set(order[i]!, norm(withoutLabel(p.text)));
  });
  return out;
}

const pct = (a: number, b: number) => (b ? (a / b).toFixed(3) : '  -  ');

export function registryFirstBlock(o: RegistryFirstOptions): void {
  const started = performance.now();
  const registry = readRegistry(join(o.root, 'registry-dev.jsonl'));
  const dir = join(o.root, 'docs/resolve');
  const docs = readdirSync(dir).filter((f) => f.endsWith('.docx')).sort().slice(0, o.docs);
  const partialSettings = parseSettings({ ...o.settings, bibRewritePartial: true });
  const rows = new Map<string, Row>();
  const blockers = new Map<string, number>();
  let entriesAll = 0, resolvedAll = 0, unaligned = 0;
  for (const f of docs) {
    const gold = JSON.parse(readFileSync(join(dir, f.replace(/\.docx$/, '.gold.json')), 'utf8')) as Gold;
    const doiOf = new Map(gold.references.map((r) => [r.index, r.doi]));
    const bytes = new Uint8Array(readFileSync(join(dir, f)));
    const det = detect(bytes, o.settings, { forLinking: true });
    const entries = rewriteEntriesIn(det.targetById);
    if (entries.length !== gold.references.length) unaligned++;
    const works: Record<string, ResolvedWork> = {};
    const records: CslItem[] = [];
    /** Resolved entries whose record lacks a field the entry gives (rendered from the record completed by the entry). */
    const completed = new Set<string>();
    for (const e of entries) {
      const doi = e.labelNumber !== null ? doiOf.get(e.labelNumber) : null;
      const w = doi ? registry.get(doi.toLowerCase()) : undefined;
      if (!w) continue;
      works[e.key] = readyWork(w);
      const item = workItem(e.key, works[e.key]!);
      if (!item) continue;
      records.push(item);
      const read = readReference(e.text.replace(/\s+/g, ' ').trim(), e.key);
      if (completeRecord(item, { ...read.item, id: e.key } as CslItem, read.etAl).completed.length) completed.add(e.key);
    }
    entriesAll += entries.length;
    resolvedAll += records.length;
    const inputs = entries.map((e) => ({ key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: null, doi: e.doi, url: e.url }));
    const before = citedWorks(bytes, o.settings, (e) => e.key);
    let t = performance.now();
    direct(bytes, o.settings, { resolvedWorks: works });
    const plainMs = performance.now() - t;
    for (const style of o.targets) {
      const row = rows.get(style.id) ?? { style, conversions: 0, rewritten: 0, partial: 0, refusedByResolved: 0, refusedByUnresolved: 0, refusedOther: 0, resolved: 0, exact: 0, notRendered: 0, completedMiss: 0, readBack: 0, readBackExact: 0, docsAllExact: 0, cites: 0, citesRight: 0, formRight: 0, looseWritten: 0, formUnread: 0, ms: 0, plainMs: 0, other: new Map<string, number>() };
      rows.set(style.id, row);
      const renderer = createBibliographyRenderer(style, works);
      let plan: RewritePlan | null = null;
      t = performance.now();
      const out = direct(bytes, o.settings, { resolvedWorks: works, bibliography: renderer, onRestylePlan: (p) => { plan = p; } });
      row.ms += performance.now() - t;
      row.plainMs += plainMs;
      row.conversions++;
      // Entries from the record: the renderer's own text for each resolved entry against citeproc's rendering of the record.
      const expected = new Map([...rendererFor(`bench:record:${style.key}`, () => style.xml).render(records)].map(([k, x]) => [k, norm(x.text)]));
      const own = renderer.render(inputs).rendered;
      for (const [k, want] of expected) {
        row.resolved++;
        const r = own.get(k);
        if (!r) { row.notRendered++; continue; }
        const got = norm(r.segments.map((s) => s.text).join(''));
        if (got === want) row.exact++;
        else if (completed.has(k)) row.completedMiss++;
        else if (o.verbose) console.log(`    ≠record ${f} → ${style.id} ${k}:\n      ours:   ${got}\n      record: ${want}`);
      }
      // What blocks a refusal; a partial rewrite where the style allows it, so that the written entries are read back.
      const result = out.bibRewrite!;
      let written: { docx: Uint8Array; plan: RewritePlan | null } | null = null;
      if (result.outcome === 'rewritten') { row.rewritten++; written = { docx: out.docx, plan }; }
      else {
        const resolvedBlockers = result.entries.filter((b) => works[b.refId]);
        if (resolvedBlockers.length) row.refusedByResolved++;
        else if (result.entries.length) row.refusedByUnresolved++;
        else { row.refusedOther++; const why = (result.reason ?? '').split(style.id).join('the target').slice(0, 90); row.other.set(why, (row.other.get(why) ?? 0) + 1); }
        for (const b of result.entries) { const kind = `${works[b.refId] ? 'resolved' : 'unresolved'}: ${b.lacks.replace(/"[^"]*"/g, '"…"').replace(/:.*$/s, '').replace(/\s*\(".*$/s, '')}`; blockers.set(kind, (blockers.get(kind) ?? 0) + 1); }
        if (o.verbose) console.log(`  ${f} → ${style.id}: ${result.reason} ${result.entries.slice(0, 3).map((e) => `${e.label}${works[e.refId] ? ' (resolved)' : ''}: ${e.lacks}`).join('; ')}`);
        if (style.family === 'numeric') {
          let partialPlan: RewritePlan | null = null;
          const part = direct(bytes, partialSettings, { resolvedWorks: works, bibliography: renderer, onRestylePlan: (p) => { partialPlan = p; } });
          if (part.bibRewrite?.outcome === 'partial') { row.partial++; written = { docx: part.docx, plan: partialPlan }; }
        }
      }
      if (written) {
        const back = readBack(written.docx, entries, written.plan);
        let all = true;
        for (const [k, want] of expected) {
          row.readBack++;
          if (back.get(k) === want) row.readBackExact++;
          else { all = false; if (o.verbose) console.log(`    ≠record in the document ${f} → ${style.id} ${k}:\n      written: ${back.get(k) ?? '(not found)'}\n      record:  ${want}`); }
        }
        if (all) row.docsAllExact++;
      }
      // In-text citations apart from the verdict on the entries: the loose renderer's conversion, scanned again.
      const loose = looseRenderer(style, works);
      const converted = direct(bytes, o.settings, { resolvedWorks: works, bibliography: loose });
      if (converted.bibRewrite?.outcome === 'rewritten') {
        row.looseWritten++;
        const lp = planRewrite(entries, loose, { textFamily: textFamilyOf(det.citeStyle), partial: false, ...citationContext(det.model, det.matchById.values()) });
        const newOrder = lp.order ?? entries.map((e) => e.key);
        // An author style's citations have no year: read back through apply's links to the entries instead.
        const after = style.family === 'author' ? { byParagraph: linkedWorks(converted.docx, entries, newOrder), form: null } : citedWorks(converted.docx, o.settings, (e) => newOrder[e.refIndex - 1] ?? null);
        if (after.form === style.family) row.formRight++;
        if (after.form === null) row.formUnread++;
        for (const [p, want] of before.byParagraph) {
          row.cites += want.length;
          const hits = multisetHits(want, after.byParagraph.get(p) ?? []);
          row.citesRight += hits;
          if (o.verbose && hits < want.length) console.log(`    ${f} → ${style.id} ¶${p}: named ${want.join(' ')}; after: ${(after.byParagraph.get(p) ?? []).join(' ')}`);
        }
      } else if (o.verbose) console.log(`  ${f} → ${style.id} (loose): ${converted.bibRewrite?.outcome}: ${converted.bibRewrite?.reason}`);
    }
  }
  const all = [...rows.values()];
  const sum = (fn: (r: Row) => number) => all.reduce((a, r) => a + fn(r), 0);
  console.log(`\nregistry first: ${docs.length} numbered manuscripts of docs/resolve × ${o.targets.length} target styles; ${resolvedAll} of ${entriesAll} entries resolved ready with their registry record (the others' works are absent from the registry or have no DOI)${unaligned ? `; ${unaligned} manuscripts where the scan's entries do not align with the gold` : ''} (load average ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
  console.log(`${'target style (form)'.padEnd(52)} conv rewr part  refused: resolved/unresolved/other  =record  =record(doc)  docs=  cites right   form  ms/conv ×plain`);
  for (const r of all) {
    console.log(`${`${r.style.id} (${r.style.family})`.padEnd(52)} ${String(r.conversions).padStart(4)} ${String(r.rewritten).padStart(4)} ${String(r.partial).padStart(4)}  ${`${r.refusedByResolved}/${r.refusedByUnresolved}/${r.refusedOther}`.padStart(33)}  ${pct(r.exact, r.resolved).padStart(7)}  ${`${pct(r.readBackExact, r.readBack)} (${r.readBack})`.padStart(12)}  ${`${r.docsAllExact}/${r.rewritten + r.partial}`.padStart(5)}  ${pct(r.citesRight, r.cites).padStart(11)}  ${(r.formUnread ? 'links' : `${r.formRight}/${r.looseWritten}`).padStart(5)}  ${(r.ms / Math.max(1, r.conversions)).toFixed(0).padStart(7)} ${(r.ms / Math.max(1, r.plainMs)).toFixed(2).padStart(6)}`);
    for (const [why, n] of r.other) console.log(`      refused ×${n}: ${why}`);
  }
  const conv = sum((r) => r.conversions);
  console.log(`\nregistry first, all: ${conv} conversions: ${sum((r) => r.rewritten)} rewritten whole, ${sum((r) => r.partial)} more written partially (bibRewritePartial), refused ${sum((r) => r.refusedByResolved)} with a resolved entry among the blockers, ${sum((r) => r.refusedByUnresolved)} by unresolved entries only, ${sum((r) => r.refusedOther)} for another reason; 0 mixed lists written`);
  console.log(`entries blocking the refused conversions, by reason: ${[...blockers].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join('; ') || 'none'}`);
  console.log(`resolved entries exactly as citeproc renders the registry record in the target style (renderer): ${sum((r) => r.exact)}/${sum((r) => r.resolved)} = ${pct(sum((r) => r.exact), sum((r) => r.resolved))} (goal 0.95); not rendered ${sum((r) => r.notRendered)}; rendered otherwise because the record lacks a field the entry gives (completed from the manuscript) ${sum((r) => r.completedMiss)}; other differences ${sum((r) => r.resolved - r.exact - r.notRendered - r.completedMiss)}`);
  console.log(`  read back from the written documents (whole and partial rewrites): ${sum((r) => r.readBackExact)}/${sum((r) => r.readBack)} = ${pct(sum((r) => r.readBackExact), sum((r) => r.readBack))}; documents with every resolved entry exact ${sum((r) => r.docsAllExact)}/${sum((r) => r.rewritten + r.partial)}`);
  console.log(`in-text citations (loose renderer): ${sum((r) => r.looseWritten)}/${conv} conversions written; citation items naming the same works after the change ${sum((r) => r.citesRight)}/${sum((r) => r.cites)} = ${pct(sum((r) => r.citesRight), sum((r) => r.cites))} (goal 0.98); read back in the target form in ${sum((r) => r.formRight)}/${sum((r) => r.looseWritten - r.formUnread)}${sum((r) => r.formUnread) ? ` (and ${sum((r) => r.formUnread)} into an author style, read back through their links)` : ''}`);
  console.log(`time per conversion ${(sum((r) => r.ms) / Math.max(conv, 1)).toFixed(0)} ms, ${(sum((r) => r.ms) / Math.max(sum((r) => r.plainMs), 1)).toFixed(2)}× a plain apply of the same file (same run); wall ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
