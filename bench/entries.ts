// npm run bench:entries [-- --dir DIR] [--verbose]   (STYLE_DOCS_DIR also sets the directory)
// Reference entries and in-text citations on the one-style manuscripts (../shared/resolver/docs/style, or
// --dir): per style and citation form, how many of the gold reference paragraphs the scan makes entries
// (bibliography targets on the gold paragraph), and how many citation items of the body it links to the
// right entry. The body's citation items are read from the text by this bench alone (not by the engine):
//   numeric      "[3]", "[2–4]", "(5, 7)": one item per printed number (a range's two ends; the numbers
//                inside it are implied and have no span), right when linked to the entry with that number;
//   author–date  "(Name, 2019; Other, n.d.)": one item per ";"-separated part ending in a year or "n.d.";
//                right when linked to a gold entry whose text holds the cited name (diacritics, case and
//                quotes folded) and the year (or no year for "n.d."); when several entries qualify, any.
// "reported" counts the items that carry a match of any status (an unmatched one included): a citation
// the scan cannot link must still be shown to the author.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSettings } from '../shared/settings.ts';
import { scan } from '../server/engine/index.ts';
import { openDocx } from '../server/engine/package/docx.ts';
import { DEFAULT_ZIP_LIMITS } from '../server/engine/package/zip.ts';
import { buildModel } from '../server/engine/model/document.ts';
import { benchArgs } from './common/args.ts';

interface GoldRef { index: number; text: string; paragraphIndex: number }
interface Gold { cslStyle: string; citationFormat: string; references: GoldRef[] }

const { dir, verbose } = benchArgs(import.meta.url, { dir: { type: 'string' }, verbose: { type: 'boolean', short: 'v' } }, ({ values: v }) => ({
  dir: v.dir ?? process.env.STYLE_DOCS_DIR ?? new URL('../../shared/resolver/docs/style/', import.meta.url).pathname,
  verbose: v.verbose === true,
}));

/** Folds case, diacritics, quotes and punctuation: what a citation name and an entry's text are compared on. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

interface Item { paragraph: number; start: number; end: number; accept: Set<number> }

const YEARS = /(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)/g;

/** The citation items of one body paragraph, each with the gold paragraph indices it may link to. */
function itemsOf(text: string, paragraph: number, gold: Gold, numeric: boolean): Item[] {
  const out: Item[] = [];
  if (numeric) {
    const byNumber = new Map(gold.references.map((r) => [r.index, r.paragraphIndex]));
    for (const g of text.matchAll(/\[([\d,\s–-]+)\]|\(([\d,\s–-]+)\)/g)) {
      const inner = g[1] ?? g[2]!;
      const at = g.index + 1;
      for (const part of inner.matchAll(/(\d+)(?:(\s*[–-]\s*)(\d+))?/g)) {
        // A range links its two ends; the numbers inside it are implied (no span of their own).
        const ends: Array<[number, number, number]> = [[Number(part[1]), part.index, part[1]!.length]];
        if (part[3]) ends.push([Number(part[3]), part.index + part[1]!.length + part[2]!.length, part[3].length]);
        for (const [n, s, len] of ends) {
          const p = byNumber.get(n);
          if (p !== undefined) out.push({ paragraph, start: at + s, end: at + s + len, accept: new Set([p]) });
        }
      }
    }
    return out;
  }
  for (const g of text.matchAll(/\(([^()]*)\)/g)) {
    let offset = g.index + 1;
    for (const part of g[1]!.split(';')) {
      const m = /^\s*(.+?),?\s+((?:1[5-9]|20)\d\d[a-z]?|n\.\s?d\.)\s*$/u.exec(part);
      if (m) {
        const name = fold(m[1]!);
        const year = m[2]!;
        const undated = /^n/.test(year);
        // "Anon": an entry that names no author (the bench cannot tell which: any entry of that year).
        const anon = /^anon(?:ymous)?$/.test(name);
        const accept = new Set<number>();
        for (const r of gold.references) {
          const t = fold(r.text);
          const years = [...r.text.matchAll(YEARS)].map((y) => y[1]);
          const yearOk = undated ? years.length === 0 || /\bn\.\s?d\.|no date/i.test(r.text) : years.includes(year.slice(0, 4));
          if (yearOk && (anon || ` ${t} `.includes(` ${name} `))) accept.add(r.paragraphIndex);
        }
        const lead = part.length - part.trimStart().length;
        out.push({ paragraph, start: offset + lead, end: offset + part.trimEnd().length, accept });
      }
      offset += part.length + 1;
    }
  }
  return out;
}

interface Row { style: string; form: string; gold: number; entries: number; items: number; linked: number; proposed: number; reported: number }

const settings = parseSettings({});
const rows: Row[] = [];
for (const f of readdirSync(dir).filter((x) => x.endsWith('.docx')).sort()) {
  const gold = JSON.parse(readFileSync(join(dir, f.replace(/\.docx$/, '.gold.json')), 'utf8')) as Gold;
  const bytes = readFileSync(join(dir, f));
  const packet = scan(bytes, settings);
  const goldParas = new Set(gold.references.map((r) => r.paragraphIndex));
  const bib = packet.targets.filter((t) => t.type === 'bibliography');
  const paraOfTarget = new Map(bib.map((t) => [t.targetId, t.location?.paragraph ?? -1]));
  const entries = bib.filter((t) => goldParas.has(t.location?.paragraph ?? -1)).length;
  const numeric = gold.citationFormat === 'numeric';
  const model = buildModel(openDocx(bytes, DEFAULT_ZIP_LIMITS, {}));
  const items: Item[] = [];
  model.paragraphs.forEach((p, i) => {
    if (p.part !== 'word/document.xml' || goldParas.has(i)) return;
    items.push(...itemsOf(p.text, i, gold, numeric));
  });
  const cites = packet.matches.filter((m) => m.kind === 'citation' && m.location.part === 'word/document.xml');
  let linked = 0;
  let proposed = 0;
  let reported = 0;
  const misses: string[] = [];
  for (const it of items) {
    const over = cites.filter((m) => m.location.paragraph === it.paragraph && m.location.start < it.end && it.start < m.location.end);
    if (over.length) reported++;
    const rightWith = (status: string) => over.some((m) => m.status === status && m.targetId && it.accept.has(paraOfTarget.get(m.targetId) ?? -2));
    if (rightWith('ready')) linked++;
    else if (rightWith('low_confidence')) proposed++;
    if (!rightWith('ready')) {
      const text = model.paragraphs[it.paragraph]!.text.slice(it.start, it.end);
      misses.push(`${text} → ${over.map((m) => `${m.status}${m.targetId ? ` ${m.targetId}` : ''}`).join(', ') || 'nothing'}${it.accept.size ? '' : ' (no gold entry qualifies)'}`);
    }
  }
  rows.push({ style: gold.cslStyle, form: gold.citationFormat, gold: gold.references.length, entries, items: items.length, linked, proposed, reported });
  if (verbose && misses.length) console.log(`${gold.cslStyle}: ${misses.length} items not linked\n  ${misses.join('\n  ')}`);
}

const pct = (a: number, b: number) => (b ? (a / b).toFixed(3) : '—');
console.log('| style | form | entries | citation items linked (ready, right entry) | proposed (low confidence, right entry) | reported (any match) |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.style} | ${r.form} | ${r.entries}/${r.gold} | ${r.linked}/${r.items} | ${r.proposed} | ${r.reported}/${r.items} |`);
console.log('');
console.log('| form | entries | citation items linked | proposed | reported |');
console.log('|---|---|---|---|---|');
for (const form of [...new Set(rows.map((r) => r.form))].sort()) {
  const rs = rows.filter((r) => r.form === form);
  const sum = (k: 'gold' | 'entries' | 'items' | 'linked' | 'proposed' | 'reported') => rs.reduce((s, r) => s + r[k], 0);
  console.log(`| ${form} | ${pct(sum('entries'), sum('gold'))} (${sum('entries')}/${sum('gold')}) | ${pct(sum('linked'), sum('items'))} (${sum('linked')}/${sum('items')}) | ${pct(sum('proposed'), sum('items'))} | ${pct(sum('reported'), sum('items'))} |`);
}
