// npm run bench:style-calibration
// Fits the calibration of style detection (server/citation-style/calibration.ts): the probability that the best
// candidate is the list's style, a logistic function of its score and margin, per round (templates alone;
// the finalists rendered). Lists: the development style manuscripts (../shared/resolver/docs/style) cut
// into sub-lists of 1, 2, 3, 5, 10 entries and whole, and the Crossref-rendered synthetic lists of
// references-dev.jsonl. Fitted on the even-numbered styles (sorted by id), checked on the odd-numbered ones
// (styles not seen in the fit): Brier score, log loss, expected calibration error (5 bins), and the
// accuracy of answers above the unknown threshold against how many lists get one.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSettings } from '../shared/settings.ts';
import { scan } from '../server/engine/index.ts';
import { detectStyle } from '../server/citation-style/index.ts';
import { CALIBRATION, UNKNOWN_BELOW, probabilityOf, type Coefficients, type Round } from '../server/citation-style/calibration.ts';
import { acceptedStyle, readStyleGold, type StyleGold } from './common/style-gold.ts';
import type { ReferenceListInput } from '../server/engine/citation-style-hooks.ts';

interface Sample { style: string; score: number; margin: number; entries: number; right: boolean }

const dir = new URL('../../shared/resolver/docs/style/', import.meta.url).pathname;


function lists(entries: ReferenceListInput['entries']): ReferenceListInput['entries'][] {
  const out = [entries];
  for (const size of [10, 5, 3, 2, 1]) for (let k = 0; k + size <= entries.length; k += Math.max(size, 3)) out.push(entries.slice(k, k + size));
  return out;
}

const samples: Record<Round, Sample[]> = { template: [], rendered: [] };
function record(style: string, gold: Pick<StyleGold, 'cslStyle' | 'cslId' | 'acceptCslIds'>, entries: ReferenceListInput['entries'], citeStyle: string | null): void {
  for (const round of ['template', 'rendered'] as const) {
    const r = detectStyle({ entries, citeStyle, confirm: round === 'template' ? 'never' : 'always' });
    const c = r.styleDetection.confidence;
    const top = r.styleDetection.candidates.find((x) => x.id === c.id);
    if (!c.id || !top) continue;
    samples[round].push({ style, score: top.score, margin: r.styleDetection.evidence.margin, entries: r.styleDetection.evidence.entriesCompared, right: acceptedStyle(gold, c.id) });
  }
}

const settings = parseSettings({});
for (const f of readdirSync(dir).filter((x) => x.endsWith('.docx')).sort()) {
  const gold = readStyleGold(dir, f);
  let list: ReferenceListInput | null = null;
  scan(readFileSync(join(dir, f)), settings, { detectStyle: (l) => { list = l; return { detectedCslId: null, styleDetection: {} }; } });
  const seen = list as ReferenceListInput | null;
  if (!seen) continue;
  for (const sub of lists(seen.entries)) record(gold.cslStyle, gold, sub, seen.citeStyle);
}
const refs = readFileSync(new URL('../../shared/resolver/references-dev.jsonl', import.meta.url).pathname, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { string: string; source: string });
const labels: Partial<Record<string, (n: number) => string>> = { 'american-chemical-society': (n) => `(${n}) `, 'american-institute-of-physics': (n) => `${n} `, 'elsevier-without-titles': (n) => `[${n}] ` };
for (const style of ['american-chemical-society', 'american-institute-of-physics', 'apa', 'chicago-author-date', 'elsevier-without-titles', 'modern-language-association']) {
  const strings = refs.filter((r) => r.source === `crossref-synthetic:${style}`).map((r) => r.string);
  const label = labels[style];
  for (const size of [15, 5, 2]) {
    for (let k = 0; k + size <= strings.length; k += size) {
      const chunk = label ? strings.slice(k, k + size) : strings.slice(k, k + size).sort();
      record(`synthetic:${style}`, { cslStyle: style, cslId: style, acceptCslIds: [] }, chunk.map((text, i) => ({ text: label ? label(i + 1) + text : text, printedLabel: null })), label ? 'number' : 'author-year');
    }
  }
}

const styles = [...new Set([...samples.template, ...samples.rendered].map((s) => s.style.replace(/^synthetic:/, '')))].sort();
const heldOut = (s: Sample) => styles.indexOf(s.style.replace(/^synthetic:/, '')) % 2 === 1;

function fit(data: Sample[]): Coefficients {
  // Newton's method on the log likelihood, with a small ridge so separable data stays finite.
  const K = 4;
  let w = [0, 0, 0, 0];
  const x = (s: Sample) => [1, s.score, Math.max(0, s.margin), Math.log(Math.max(1, s.entries))];
  for (let it = 0; it < 50; it++) {
    const g = Array.from({ length: K }, () => 0);
    const h = Array.from({ length: K }, (_, i) => Array.from({ length: K }, (_, j) => (i === j ? 1e-3 : 0)));
    for (const s of data) {
      const v = x(s);
      const p = 1 / (1 + Math.exp(-v.reduce((a, vi, i) => a + w[i]! * vi, 0)));
      for (let i = 0; i < K; i++) {
        g[i]! += (Number(s.right) - p) * v[i]!;
        for (let j = 0; j < K; j++) h[i]![j]! += p * (1 - p) * v[i]! * v[j]!;
      }
    }
    for (let i = 0; i < K; i++) g[i]! -= 1e-3 * w[i]!;
    const d = solve(h, g);
    w = w.map((wi, i) => wi + d[i]!);
  }
  return { intercept: round(w[0]!), score: round(w[1]!), margin: round(w[2]!), entries: round(w[3]!) };
}

function solve(a: number[][], b: number[]): number[] {
  const m = a.map((row, i) => [...row, b[i]!]);
  const n = b.length;
  for (let c = 0; c < n; c++) {
    const p = m.slice(c).reduce((best, row, k) => (Math.abs(row[c]!) > Math.abs(m[best]![c]!) ? c + k : best), c);
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

const round = (v: number) => Math.round(v * 100) / 100;

function report(name: string, data: Sample[], c: Coefficients): string {
  const ps = data.map((s) => probabilityOf(s.score, s.margin, s.entries, c));
  const brier = data.reduce((a, s, i) => a + (ps[i]! - Number(s.right)) ** 2, 0) / data.length;
  const logLoss = -data.reduce((a, s, i) => a + Math.log(Math.min(1 - 1e-9, Math.max(1e-9, s.right ? ps[i]! : 1 - ps[i]!))), 0) / data.length;
  let ece = 0;
  const bins: string[] = [];
  for (let b = 0; b < 5; b++) {
    const idx = ps.map((p, i) => [p, i] as const).filter(([p]) => (b === 4 ? p >= 0.8 : p >= b / 5 && p < (b + 1) / 5)).map(([, i]) => i);
    if (!idx.length) continue;
    const conf = idx.reduce((a, i) => a + ps[i]!, 0) / idx.length;
    const acc = idx.filter((i) => data[i]!.right).length / idx.length;
    ece += (idx.length / data.length) * Math.abs(conf - acc);
    bins.push(`${(b / 5).toFixed(1)}–${((b + 1) / 5).toFixed(1)}: n ${idx.length} p̄ ${conf.toFixed(2)} right ${acc.toFixed(2)}`);
  }
  const answered = data.filter((_, i) => ps[i]! >= UNKNOWN_BELOW);
  const right = answered.filter((s) => s.right).length;
  return `${name.padEnd(26)} n ${String(data.length).padStart(4)}  top-1 right ${(data.filter((s) => s.right).length / data.length).toFixed(3)}  brier ${brier.toFixed(3)}  log loss ${logLoss.toFixed(3)}  ECE ${ece.toFixed(3)}  answered ${answered.length} (${(answered.length / data.length).toFixed(2)}), of them right ${(right / Math.max(1, answered.length)).toFixed(3)}\n      ${bins.join(' | ')}`;
}

for (const r of ['template', 'rendered'] as const) {
  const train = samples[r].filter((s) => !heldOut(s));
  const test = samples[r].filter(heldOut);
  const c = fit(train);
  console.log(`${r}: fitted on ${train.length} lists (${styles.filter((_, i) => i % 2 === 0).length} styles): ${JSON.stringify(c)}; in use ${JSON.stringify(CALIBRATION[r])}`);
  console.log(report('  fit, held-out lists', test, c));
  console.log(report('  in use, held-out lists', test, CALIBRATION[r]));
  console.log(report('  in use, all lists', samples[r], CALIBRATION[r]));
}
