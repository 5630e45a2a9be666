// npm run bench:accuracy [-- options]
// Scans every corpus document (../shared/corpus or $CORPUS_DIR) with default settings plus doi: true and
// compares the matches with NAME.gold.json. Scoring rules: bench/accuracy/score.ts.
//
//   --doc NAME        only this document (stem; a prefix selects several, e.g. "elife-14093" = plain + messy)
//   --verbose, -v     one line per document (recall/tagged precision per kind) plus location checks
//   --errors [N]      print the first N errors per document with paragraph context (default 15)
//   --kind K[,K]      restrict --errors to kinds (citation, figure, table, equation, section, appendix,
//                     supplementary, other, doi)
//   --type T[,T]      restrict --errors to missed, wrong-target, untagged
//   --status S[,S]    engine statuses counted as proposed links (default ready,low_confidence)
//   --settings JSON   extra settings merged over {doi: true}
//   --json FILE       write the full result as JSON
//   --corpus DIR      corpus directory (default $CORPUS_DIR or ../shared/corpus)
//   --oracle          score the gold against itself (harness self-check: everything must be 1.000)
//
// Without --corpus or --doc, the manuscripts of ../shared/corpus-i18n (beside the corpus) follow, scored
// apart, one block per language (the language is the name's second field: scielo-pt-...).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseSettings, type HyperlinkSettings } from '../shared/settings.ts';
import type { ScanPacket } from '../shared/contract.ts';
import { checkGold, corpusDir, listCorpus, loadGold, readDocumentParagraphs, selectDocs, translatePacket } from './accuracy/corpus.ts';
import { addRows, emptyRows, ROW_KINDS, scoreDocument, DEFAULT_COUNTED_STATUSES, type DocScore, type ErrorType, type RowKind } from './accuracy/score.ts';
import { scan as engineScan } from '../server/engine/index.ts';
import { benchArgs, listArg, numberArg, UsageError } from './common/args.ts';
import { oraclePacket } from './accuracy/oracle.ts';
import { goldDefects } from './accuracy/gold-defects.ts';
import type { GoldMention } from './accuracy/gold.ts';
import { bold, dim, formatDocLine, formatError, formatMismatch, formatTable, red, selectErrors, yellow } from './accuracy/report.ts';

interface Args {
  docs: string[];
  verbose: boolean;
  errors: number;
  kinds: RowKind[];
  types: ErrorType[];
  statuses: string[];
  settings: Record<string, unknown>;
  json: string | null;
  corpus: string | null;
  oracle: boolean;
}

function readArgs(): Args {
  const options = {
    doc: { type: 'string', multiple: true },
    verbose: { type: 'boolean', short: 'v' },
    errors: { type: 'string' },
    kind: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string' },
    settings: { type: 'string' },
    json: { type: 'string' },
    corpus: { type: 'string' },
    oracle: { type: 'boolean' },
  } as const;
  return benchArgs(import.meta.url, options, ({ values: v }) => {
    const kinds = listArg(v.kind);
    for (const k of kinds) if (!(ROW_KINDS as readonly string[]).includes(k)) throw new UsageError(`unknown kind ${k} (known: ${ROW_KINDS.join(', ')})`);
    let settings: Record<string, unknown> = {};
    try {
      if (v.settings !== undefined) settings = JSON.parse(v.settings) as Record<string, unknown>;
    } catch {
      throw new UsageError('--settings is not valid JSON');
    }
    return {
      docs: v.doc ?? [],
      verbose: v.verbose === true,
      errors: numberArg(v.errors, 'errors', 0),
      kinds: kinds as RowKind[],
      types: listArg(v.type) as ErrorType[],
      statuses: v.status !== undefined ? listArg(v.status) : [...DEFAULT_COUNTED_STATUSES],
      settings,
      json: v.json ?? null,
      corpus: v.corpus ?? null,
      oracle: v.oracle === true,
    };
  }, { bare: { errors: '15' } });
}

type ScanFn = (bytes: Uint8Array, settings: HyperlinkSettings) => ScanPacket;

interface DocResult {
  name: string;
  ms: number;
  error?: string;
  score?: DocScore;
  /** The score with the known gold defects set aside. */
  scoreAside?: DocScore;
  /** Set-aside gold mentions: where, what, why. */
  defects?: { paragraph: number; offset: number; text: string; kind: string; reason: string }[];
  offsetUnit?: string;
  translatedParagraphs?: number;
  locationChecked?: number;
  locationMismatches?: number;
  goldProblems?: string[];
}

/** Scans and scores each document, printing its lines as asked; the totals and the per-document results. */
async function scoreDocs(docs: ReturnType<typeof listCorpus>, args: Args, scan: ScanFn | null, settings: HyperlinkSettings) {
  const total = emptyRows();
  const totalAside = emptyRows();
  const results: DocResult[] = [];
  for (const doc of docs) {
    const bytes = new Uint8Array(readFileSync(doc.docxPath));
    const gold = loadGold(doc.goldPath);
    const paragraphs = await readDocumentParagraphs(bytes);
    const goldProblems = checkGold(gold, paragraphs);
    const t0 = performance.now();
    let packet: ScanPacket;
    try {
      packet = scan ? scan(bytes, settings) : oraclePacket(gold);
    } catch (err) {
      const msg = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      results.push({ name: doc.name, ms: performance.now() - t0, error: msg, goldProblems });
      console.log(`${doc.name.padEnd(34)} ${red(`scan failed: ${msg.slice(0, 200)}`)}`);
      if (args.verbose && err instanceof Error && err.stack) console.log(dim(err.stack.split('\n').slice(1, 6).join('\n')));
      continue;
    }
    const ms = performance.now() - t0;
    const tr = translatePacket(packet, paragraphs);
    const score = scoreDocument(gold, tr.matches, tr.targets, { countedStatuses: args.statuses });
    addRows(total, score.rows);
    const defects = args.oracle ? new Map<GoldMention, string>() : goldDefects(doc.name, gold, (i) => paragraphs[i]?.text);
    const scoreAside = scoreDocument(gold, tr.matches, tr.targets, { countedStatuses: args.statuses, setAside: new Set(defects.keys()) });
    addRows(totalAside, scoreAside.rows);
    results.push({
      name: doc.name,
      ms,
      score,
      scoreAside,
      defects: [...defects].map(([m, reason]) => ({ paragraph: m.paragraphIndex, offset: m.charOffset, text: m.text, kind: m.kind, reason })),
      offsetUnit: tr.unit,
      translatedParagraphs: tr.translatedParagraphs,
      locationChecked: tr.checked,
      locationMismatches: tr.mismatches.length,
      goldProblems,
    });
    if (args.verbose) {
      const held = Object.entries(score.uncountedByStatus).map(([s, n]) => `${s} ${n}`).join(', ');
      const extra = `${ms.toFixed(0)} ms${held ? `; not counted: ${held}` : ''}${score.otherParts ? `; other parts ${score.otherParts}` : ''}${tr.translatedParagraphs ? `; offsets translated in ${tr.translatedParagraphs} ¶` : ''}`;
      console.log(formatDocLine(doc.name, score, extra));
      if (tr.mismatches.length > 0) console.log(yellow(`    ${tr.mismatches.length}/${tr.checked} engine matches: sourceText differs from the document text at location (offset unit ${tr.unit})`));
      for (const p of goldProblems.slice(0, 3)) console.log(yellow(`    gold check: ${p}`));
    }
    if (args.errors > 0) {
      for (const m of tr.mismatches.slice(0, Math.min(3, args.errors))) console.log(formatMismatch(doc.name, m));
      for (const e of selectErrors(score.errors, { limit: args.errors, kinds: args.kinds, types: args.types })) {
        console.log(formatError(doc.name, e, paragraphs));
        const why = [...defects].find(([m]) => m.paragraphIndex === e.paragraph && m.charOffset < e.end && e.start < m.charOffset + [...m.text].length)?.[1];
        if (why) console.log(dim(`    known gold defect (set aside): ${why}`));
      }
    }
  }

  return { total, totalAside, results };
}

/** Language of a corpus-i18n document, from its name ("scielo-pt-…" → pt). */
function languageOf(name: string): string {
  return /^[^-]+-([a-z]{2})-/.exec(name)?.[1] ?? 'other';
}

/**
 * Manuscripts not in English (../shared/corpus-i18n beside the corpus), scored apart, one block per
 * language: what the English corpus shows says nothing of them.
 */
async function i18nBlocks(dir: string, args: Args, scan: ScanFn | null, settings: HyperlinkSettings): Promise<void> {
  const i18nDir = join(dirname(dir), 'corpus-i18n');
  if (!existsSync(i18nDir)) return;
  const byLanguage = new Map<string, ReturnType<typeof listCorpus>>();
  for (const doc of listCorpus(i18nDir)) {
    const lang = languageOf(doc.name);
    byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), doc]);
  }
  for (const [lang, docs] of [...byLanguage].sort(([a], [b]) => a.localeCompare(b))) {
    console.log('');
    console.log(bold(`corpus-i18n, ${lang}: ${docs.length} document${docs.length > 1 ? 's' : ''} from ${i18nDir}`) + dim(' (known gold defects set aside)'));
    const { totalAside, results } = await scoreDocs(docs, { ...args, verbose: false, errors: 0 }, scan, settings);
    console.log(formatTable(totalAside));
    const ms = results.reduce((n, r) => n + r.ms, 0);
    const failed = results.filter((r) => r.error);
    console.log(`${results.length} documents, scan ${ms.toFixed(0)} ms total` + (failed.length ? red(`, ${failed.length} scan failures`) : ''));
  }
}

async function main(): Promise<void> {
  const args = readArgs();
  const dir = args.corpus ?? corpusDir();
  const docs = selectDocs(listCorpus(dir), args.docs);
  if (docs.length === 0) {
    console.error(`no corpus documents found in ${dir}${args.docs.length ? ` matching ${args.docs.join(', ')}` : ''}`);
    process.exit(1);
  }
  const scan: ScanFn | null = args.oracle ? null : engineScan;
  const settings = parseSettings({ doi: true, ...args.settings });
  console.log(bold(`accuracy on ${docs.length} documents from ${dir}`) + dim(`  (counted statuses: ${args.statuses.join(', ')})`));
  const { total, totalAside, results } = await scoreDocs(docs, args, scan, settings);
  console.log('');
  console.log(formatTable(total));
  printDefects(results);
  console.log(formatTable(totalAside));
  const failed = results.filter((r) => r.error);
  const mism = results.reduce((n, r) => n + (r.locationMismatches ?? 0), 0);
  const checked = results.reduce((n, r) => n + (r.locationChecked ?? 0), 0);
  const goldIssues = results.reduce((n, r) => n + (r.goldProblems?.length ?? 0), 0);
  const ms = results.reduce((n, r) => n + r.ms, 0);
  const unreachable = results.reduce((n, r) => n + (r.score?.goldWithoutTarget ?? 0), 0);
  if (unreachable) console.log(dim(`${unreachable} gold mentions point at targets without a paragraph (e.g. table footnotes): no match can cover them.`));
  console.log(dim('recall = gold mentions covered by a match with the gold target / gold mentions; P strict = correct / engine matches;'));
  console.log(dim('P tagged = correct / (correct + wrong target): untagged matches overlap no gold mention (the publisher did not tag every'));
  console.log(dim('plain-text mention). Overlap, not equal spans: gold text is the JATS xref text ("2" of "Fig. 2").'));
  console.log(
    `${results.length} documents, scan ${ms.toFixed(0)} ms total` +
      (failed.length ? red(`, ${failed.length} scan failures (${failed.map((f) => f.name).join(', ')})`) : '') +
      (mism ? yellow(`, ${mism}/${checked} engine locations disagree with their sourceText (see --verbose / --errors)`) : `, locations consistent (${checked} checked)`) +
      (goldIssues ? yellow(`, ${goldIssues} gold offsets not found in the docx text`) : ''),
  );
  if (!args.corpus && args.docs.length === 0 && !args.oracle) await i18nBlocks(dir, args, scan, settings);
  if (args.json) {
    writeFileSync(args.json, JSON.stringify({ settings, countedStatuses: args.statuses, total, documents: results }, null, 2));
    console.log(dim(`full result written to ${args.json}`));
  }
}

/** The set-aside gold mentions by reason, with a count and one example each. */
function printDefects(results: DocResult[]): void {
  const byReason = new Map<string, { n: number; example: string }>();
  for (const r of results) {
    for (const d of r.defects ?? []) {
      const e = byReason.get(d.reason) ?? { n: 0, example: `${r.name} ¶${d.paragraph}:${d.offset} ${d.kind} "${d.text}"` };
      e.n++;
      byReason.set(d.reason, e);
    }
  }
  const n = [...byReason.values()].reduce((a, e) => a + e.n, 0);
  console.log('');
  console.log(bold(`known gold defects (bench/accuracy/gold-defects.ts): ${n} gold mentions set aside`));
  for (const [reason, e] of [...byReason].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${String(e.n).padStart(4)}  ${reason}\n        ${dim(`e.g. ${e.example}`)}`);
  console.log(bold('the same with the known gold defects set aside:'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
