// npm run bench:style [-- --dir DIR] [--verbose] [--no-synthetic]
// Scans each style manuscript (../shared/resolver/docs/style/*.docx with NAME.gold.json, or --dir) with
// the style detector and prints top-1 accuracy of detectedCslId against the gold (cslId or any of
// acceptCslIds; a dependent whose parent is accepted counts too), null answers, and the confusion table;
// then a robustness figure: each manuscript's list cut in three sub-lists, detected apart (closer to an
// unseen manuscript than the same 30 strings again); then lists of the synthetic Crossref strings.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseSettings } from '../shared/settings.ts';
import { scan } from '../server/engine/index.ts';
import { detectListStyle, detectStyle } from '../server/citation-style/index.ts';
import { acceptedStyle, readStyleGold, type StyleGold } from './common/style-gold.ts';
import type { ReferenceListInput } from '../server/engine/citation-style-hooks.ts';
import { benchArgs } from './common/args.ts';


const args = benchArgs(import.meta.url, { dir: { type: 'string' }, verbose: { type: 'boolean', short: 'v' }, 'no-synthetic': { type: 'boolean' } }, ({ values: v }) => ({
  dir: v.dir,
  verbose: v.verbose === true,
  synthetic: v['no-synthetic'] !== true,
}));
const dir = args.dir ?? new URL('../../shared/resolver/docs/style/', import.meta.url).pathname;
const verbose = args.verbose;


const docs = readdirSync(dir).filter((f) => f.endsWith('.docx')).sort();
/** Sub-lists per manuscript for the robustness figure: each list's entries cut in this many parts. */
const PARTS = 3;
let partsRight = 0;
let partsNull = 0;
let partsTotal = 0;
const partsConfusion = new Map<string, Map<string, number>>();
const golds = new Map<string, StyleGold>();
const settings = parseSettings({});
let right = 0;
let nulls = 0;
let familyRight = 0;
const confusion = new Map<string, Map<string, number>>();
const times: number[] = [];
for (const f of docs) {
  const gold = readStyleGold(dir, f);
  golds.set(gold.cslStyle, gold);
  const bytes = readFileSync(join(dir, f));
  const t0 = performance.now();
  let list: ReferenceListInput | null = null;
  const packet = scan(bytes, settings, { detectStyle: (l) => { list = l; return detectListStyle(l); } });
  times.push(performance.now() - t0);
  const got = packet.detectedCslId ?? null;
  const det = packet.styleDetection as { family?: string; candidates?: Array<{ id: string; score: number }>; evidence?: { reason?: string } } | undefined;
  const ok = acceptedStyle(gold, got);
  if (ok) right++;
  if (got === null) nulls++;
  if (det?.family === gold.citationFormat) familyRight++;
  const row = confusion.get(gold.cslStyle) ?? new Map<string, number>();
  row.set(got ?? '(null)', (row.get(got ?? '(null)') ?? 0) + 1);
  confusion.set(gold.cslStyle, row);
  const mark = ok ? 'ok ' : got === null ? 'nul' : 'BAD';
  console.log(`${mark} ${gold.cslStyle.padEnd(44)} → ${(got ?? '(null)').padEnd(44)} ${det?.family ?? ''}`);
  if (verbose || !ok) console.log(`      ${(det?.candidates ?? []).map((c) => `${c.id} ${c.score}`).join(' | ')}`);
  // Robustness: the same list cut in thirds (10 entries each), detected from the entry texts the scan
  // found, so a rule that holds only for one particular set of 30 strings shows here.
  const seen = list as ReferenceListInput | null; // set by the hook during scan()
  const entries = seen?.entries ?? [];
  const citeStyle = seen?.citeStyle ?? null;
  const size = Math.max(1, Math.ceil(entries.length / PARTS));
  const partRow = partsConfusion.get(gold.cslStyle) ?? new Map<string, number>();
  for (let k = 0; k < entries.length; k += size) {
    const sub = detectStyle({ entries: entries.slice(k, k + size), citeStyle });
    const id = sub.detectedCslId ?? '(null)';
    partsTotal++;
    if (acceptedStyle(gold, sub.detectedCslId)) partsRight++;
    else if (!sub.detectedCslId) partsNull++;
    partRow.set(id, (partRow.get(id) ?? 0) + 1);
  }
  partsConfusion.set(gold.cslStyle, partRow);
}
console.log('');
console.log('confusion (gold style → detected: count)');
for (const [g, row] of [...confusion].sort()) console.log(`  ${g.padEnd(44)} ${[...row].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
console.log('');
const n = docs.length;
times.sort((a, b) => a - b);
console.log(`top-1 accuracy ${(right / n).toFixed(3)} (${right}/${n}); null ${nulls}; wrong id ${n - right - nulls}; family ${(familyRight / n).toFixed(3)}`);
console.log('');
console.log(`robustness: each manuscript's list in ${PARTS} parts (about ${Math.ceil(30 / PARTS)} entries each), misses only`);
for (const [g, row] of [...partsConfusion].sort()) {
  const misses = [...row].filter(([k]) => !acceptedStyle(golds.get(g)!, k === '(null)' ? null : k));
  if (misses.length) console.log(`  ${g.padEnd(44)} ${misses.map(([k, v]) => `${k}: ${v}`).join(', ')}`);
}
console.log(`sub-list top-1 accuracy ${(partsRight / partsTotal).toFixed(3)} (${partsRight}/${partsTotal}); null ${partsNull}; wrong id ${partsTotal - partsRight - partsNull}`);
console.log(`scan with detection: median ${times[n >> 1]!.toFixed(0)} ms, max ${times[n - 1]!.toFixed(0)} ms per manuscript (first includes loading styles)`);

// Second measure, closer to unseen manuscripts: lists of 15 other references, assembled from the
// Crossref-rendered strings of references-dev.jsonl (source crossref-synthetic:STYLE, six of the 17
// styles), labelled as the manuscripts label them, author-date lists sorted.
const refsFile = new URL('../../shared/resolver/references-dev.jsonl', import.meta.url).pathname;
if (args.synthetic && args.dir === undefined) {
  const rows = readFileSync(refsFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { string: string; source: string });
  const labels: Partial<Record<string, (n: number) => string>> = {
    'american-chemical-society': (n) => `(${n}) `,
    'american-institute-of-physics': (n) => `${n} `,
    'elsevier-without-titles': (n) => `[${n}] `,
  };
  const LIST = 15;
  let ok = 0;
  let lists = 0;
  console.log('');
  console.log(`synthetic lists (${LIST} Crossref-rendered references each, from references-dev.jsonl)`);
  for (const style of ['american-chemical-society', 'american-institute-of-physics', 'apa', 'chicago-author-date', 'elsevier-without-titles', 'modern-language-association']) {
    const strings = rows.filter((r) => r.source === `crossref-synthetic:${style}`).map((r) => r.string);
    const label = labels[style];
    const got = new Map<string, number>();
    for (let k = 0; k + LIST <= strings.length; k += LIST) {
      const chunk = label ? strings.slice(k, k + LIST) : strings.slice(k, k + LIST).sort();
      const r = detectStyle({ entries: chunk.map((text, i) => ({ text: label ? label(i + 1) + text : text })), citeStyle: label ? 'number' : 'author-year' });
      const id = r.detectedCslId ?? '(null)';
      got.set(id, (got.get(id) ?? 0) + 1);
      lists++;
      if (r.detectedCslId === style) ok++;
    }
    console.log(`  ${style.padEnd(44)} ${[...got].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  }
  console.log(`synthetic top-1 accuracy ${(ok / lists).toFixed(3)} (${ok}/${lists})`);
}
