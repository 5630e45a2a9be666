// Synthetic manuscript for the speed bench: a realistic, deterministic DOCX of ~25 MB (500 pages, 1,000
// references, noise images) whose word/document.xml is ~10 MB. Cached at .bench-cache/synthetic-25mb.docx.
//
//   node --import tsx bench/synthetic.ts [--force] [--out FILE]   writes (or reuses) the cached file

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { Rng } from './synthetic/prng.ts';
import { noisePng } from './synthetic/png.ts';
import { buildBody } from './synthetic/document.ts';
import { appXml, contentTypes, coreXml, documentRels, footnotesXml, numbering, rootRels, settingsXml, styles } from './synthetic/parts.ts';
import { benchArgs } from './common/args.ts';

export interface SyntheticOptions {
  pages?: number;
  references?: number;
  /** Size of the whole .docx; media fill what the XML parts leave. */
  targetBytes?: number;
  /** Mean characters per run (fragmentation); 44 gives a document.xml of ~10 MB at 500 pages. */
  meanRun?: number;
  seed?: number;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SYNTHETIC_CACHE = join(REPO_ROOT, '.bench-cache', 'synthetic-25mb.docx');
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1, 12, 0, 0));
const IMAGE_WIDTH = 512;

export interface SyntheticInfo {
  bytes: number;
  documentXmlBytes: number;
  paragraphs: number;
  figures: number;
  tables: number;
  equations: number;
  footnotes: number;
  references: number;
  imageBytes: number;
}

export async function makeSyntheticManuscriptWithInfo(opts: SyntheticOptions = {}): Promise<{ docx: Uint8Array; info: SyntheticInfo }> {
  const pages = opts.pages ?? 500;
  const references = opts.references ?? 1000;
  const targetBytes = opts.targetBytes ?? 25_000_000;
  const rng = new Rng(opts.seed ?? 20240101);
  const rsids = Array.from({ length: 64 }, () => rng.rsid());
  const st = { rsids, bookmarkId: 1 };

  // Image sizes are decided after the XML is built (they fill the remaining bytes); the drawing extents
  // only need the aspect ratio, so every image has the same geometry: width 512, height from the budget.
  let imageHeight = 300;
  const body = buildBody(rng, st, { pages, references, meanRun: opts.meanRun ?? 44 }, () => ({ width: IMAGE_WIDTH, height: imageHeight }));
  const parts: Record<string, string> = {
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': rootRels(),
    'docProps/core.xml': coreXml(),
    'docProps/app.xml': appXml(pages),
    'word/document.xml': body.documentXml,
    'word/_rels/document.xml.rels': documentRels(body.figures),
    'word/styles.xml': styles(),
    'word/numbering.xml': numbering(),
    'word/settings.xml': settingsXml(rsids),
    'word/footnotes.xml': footnotesXml(body.footnotes),
  };
  let xmlCompressed = 0;
  for (const text of Object.values(parts)) xmlCompressed += deflateRawSync(Buffer.from(text, 'utf8'), { level: 6 }).length + 100;
  const perImage = Math.max(2_000, Math.floor((targetBytes - xmlCompressed - body.figures * 120) / body.figures));
  imageHeight = Math.max(1, Math.round(perImage / (1 + IMAGE_WIDTH * 3)));

  const zip = new JSZip();
  for (const [name, text] of Object.entries(parts)) zip.file(name, text, { date: FIXED_DATE, compression: 'DEFLATE', compressionOptions: { level: 6 } });
  let imageBytes = 0;
  for (let k = 1; k <= body.figures; k++) {
    const { png } = noisePng(rng, perImage);
    imageBytes += png.length;
    // PNG data is already compressed: stored, as it would gain nothing from deflate.
    zip.file(`word/media/image${k}.png`, png, { date: FIXED_DATE, compression: 'STORE' });
  }
  const docx = await zip.generateAsync({ type: 'uint8array', platform: 'DOS' });
  return {
    docx,
    info: {
      bytes: docx.length,
      documentXmlBytes: Buffer.byteLength(body.documentXml, 'utf8'),
      paragraphs: body.paragraphs,
      figures: body.figures,
      tables: body.tables,
      equations: body.equations,
      footnotes: body.footnotes.length,
      references,
      imageBytes,
    },
  };
}

/** The synthetic manuscript as DOCX bytes (async: jszip only generates asynchronously). */
export async function makeSyntheticManuscript(opts: SyntheticOptions = {}): Promise<Uint8Array> {
  return (await makeSyntheticManuscriptWithInfo(opts)).docx;
}

/** Path of the cached default manuscript, generated on first use. */
export async function syntheticPath(force = false, out = SYNTHETIC_CACHE): Promise<string> {
  if (!force && existsSync(out)) return out;
  const { docx, info } = await makeSyntheticManuscriptWithInfo();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, docx);
  console.error(`synthetic manuscript written: ${out} ${JSON.stringify(info)}`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { force, out } = benchArgs(import.meta.url, { force: { type: 'boolean' }, out: { type: 'string' } }, ({ values: v }) => ({
    force: v.force === true,
    out: v.out !== undefined ? resolve(v.out) : SYNTHETIC_CACHE,
  }));
  const path = await syntheticPath(force, out);
  console.log(`${path} ${(readFileSync(path).length / 1e6).toFixed(1)} MB`);
}
