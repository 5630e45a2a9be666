// Corpus I/O for the accuracy bench: lists documents, loads gold files, reads the paragraphs of a DOCX
// independently of the engine (jszip + paragraphs.ts) and translates engine locations to gold coordinates.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import type { GoldDoc } from './gold.ts';
import { cpLength } from './gold.ts';
import { readParagraphs, type ParagraphInfo } from './paragraphs.ts';
import { OffsetTranslator, normaliseForCompare, type OffsetUnit } from './offsets.ts';
import { DOCUMENT_PART, type ScoredMatch, type ScoredTarget } from './score.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function corpusDir(): string {
  return process.env.CORPUS_DIR ? resolve(process.env.CORPUS_DIR) : resolve(REPO_ROOT, '..', 'shared', 'corpus');
}

export interface CorpusDoc {
  /** File stem, e.g. "elife-14093" or "elife-14093.messy". */
  name: string;
  docxPath: string;
  goldPath: string;
}

export function listCorpus(dir: string): CorpusDoc[] {
  const out: CorpusDoc[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.docx')) continue;
    const name = file.slice(0, -'.docx'.length);
    const goldName = name.replace(/\.messy$/, '');
    const goldPath = join(dir, `${goldName}.gold.json`);
    if (!existsSync(goldPath)) continue;
    out.push({ name, docxPath: join(dir, file), goldPath });
  }
  return out;
}

/** Documents selected by --doc: exact stem first, otherwise every stem starting with the given name. */
export function selectDocs(all: CorpusDoc[], names: string[]): CorpusDoc[] {
  if (names.length === 0) return all;
  const out: CorpusDoc[] = [];
  for (const n of names) {
    const stem = n.replace(/\.docx$/, '').replace(/^.*\//, '');
    const exact = all.filter((d) => d.name === stem);
    const picked = exact.length > 0 ? exact : all.filter((d) => d.name.startsWith(stem));
    for (const d of picked) if (!out.includes(d)) out.push(d);
  }
  return out;
}

export function loadGold(path: string): GoldDoc {
  return JSON.parse(readFileSync(path, 'utf8')) as GoldDoc;
}

export async function readDocumentParagraphs(bytes: Uint8Array): Promise<ParagraphInfo[]> {
  const zip = await JSZip.loadAsync(bytes);
  const file = zip.file(DOCUMENT_PART);
  if (!file) throw new Error(`${DOCUMENT_PART} missing`);
  return readParagraphs(await file.async('string'));
}

/** Gold self-check: every mention and DOI text must sit at its offset in the paragraph text read here. */
export function checkGold(gold: GoldDoc, paragraphs: readonly ParagraphInfo[]): string[] {
  const problems: string[] = [];
  const at = (p: number, off: number, len: number): string =>
    Array.from(paragraphs[p]?.text ?? '').slice(off, off + len).join('');
  for (const m of gold.mentions) {
    const got = at(m.paragraphIndex, m.charOffset, cpLength(m.text));
    if (got !== m.text) problems.push(`mention "${m.text}" at ¶${m.paragraphIndex}:${m.charOffset} reads "${got}"`);
  }
  for (const r of gold.references) {
    if (!r.doiText || r.doiOffset === null) continue;
    const got = at(r.paragraphIndex, r.doiOffset, cpLength(r.doiText));
    if (got !== r.doiText) problems.push(`DOI "${r.doiText}" at ¶${r.paragraphIndex}:${r.doiOffset} reads "${got}"`);
  }
  if (paragraphs.some((p) => p.inFallback)) problems.push('document has mc:Fallback paragraphs: gold and engine paragraph indices may differ');
  return problems;
}

export interface LocationMismatch {
  refId: string;
  paragraph: number;
  start: number;
  end: number;
  sourceText: string;
  docText: string;
}

export interface Translated {
  matches: ScoredMatch[];
  targets: ScoredTarget[];
  unit: OffsetUnit;
  /** Paragraphs where engine and gold offsets differ (tabs, breaks, math, astral characters). */
  translatedParagraphs: number;
  /** Engine matches in word/document.xml whose sourceText differs from the document text at their location. */
  mismatches: LocationMismatch[];
  checked: number;
}

interface Packetish {
  matches: readonly ScoredMatch[];
  targets: readonly ScoredTarget[];
}

function translateWith(packet: Packetish, paragraphs: readonly ParagraphInfo[], unit: OffsetUnit): Translated {
  const tr = new OffsetTranslator(paragraphs, unit);
  const mismatches: LocationMismatch[] = [];
  const touched = new Set<number>();
  let checked = 0;
  const matches = packet.matches.map((m): ScoredMatch => {
    if (m.location.part !== DOCUMENT_PART) return m;
    const p = m.location.paragraph;
    if (tr.needsTranslation(p)) touched.add(p);
    const start = tr.toGold(p, m.location.start);
    const end = tr.toGold(p, m.location.end);
    checked++;
    const docText = tr.goldSlice(p, start, end);
    if (normaliseForCompare(docText) !== normaliseForCompare(m.sourceText)) {
      mismatches.push({ refId: m.refId, paragraph: p, start, end, sourceText: m.sourceText, docText });
    }
    return { ...m, location: { ...m.location, start, end } };
  });
  return { matches, targets: [...packet.targets], unit, translatedParagraphs: touched.size, mismatches, checked };
}

/** Translates with both offset units and keeps the one under which sourceText agrees with the document. */
export function translatePacket(packet: Packetish, paragraphs: readonly ParagraphInfo[]): Translated {
  const utf16 = translateWith(packet, paragraphs, 'utf16');
  if (utf16.mismatches.length === 0) return utf16;
  const cp = translateWith(packet, paragraphs, 'codepoint');
  return cp.mismatches.length < utf16.mismatches.length ? cp : utf16;
}
