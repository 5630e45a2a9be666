// bench:checks, the untouched manuscripts' findings read against the publisher's gold (issue 21, Measure): an
// error is supported when the gold shows the same fault, unsupported when the gold contradicts it. Rules:
// - citation-without-entry: a gold citation at the place whose every target is a gold reference contradicts it;
//   one pointing at a reference the gold lacks supports it; with no gold citation there (JATS tags no citation
//   of an entry that is not in the list), "[45]" is supported when the gold list has no entry 45, "(Smith 2019)"
//   when it has no entry of Smith of 2019; a gold citation of an entry of another year than the one cited
//   ("Barton 2016" linked to "Barton K 2017") supports it;
// - mention-without-target: likewise with the gold's figures, tables and other targets (a gold target numbered
//   like the mention contradicts it);
// - caption-numbering: supported when the gold captions of the caption's kind repeat or skip a number;
// - reference-numbering: supported when the gold's entry numbers are not 1..n in order.
// Warnings of code entry-not-cited are read too: true when no gold citation points at the entry (an uncited entry
// in the gold is a true finding).

import type { CheckFinding } from '../../shared/contract.ts';
import type { GoldDoc, GoldMention, GoldTarget } from '../accuracy/gold.ts';

export interface GoldReading { errors: number; unsupported: CheckFinding[]; uncited: number; uncitedTrue: number; uncitedFalse: CheckFinding[] }

const TOLERANCE = 2;

function mentionsAt(gold: GoldDoc, f: CheckFinding, citation: boolean): GoldMention[] {
  const { paragraph, start, end } = f.location;
  return gold.mentions.filter((m) => {
    if ((m.kind === 'citation') !== citation || m.paragraphIndex !== paragraph) return false;
    const mStart = m.charOffset;
    const mEnd = m.charOffset + [...m.text].length;
    return mStart < end + TOLERANCE && start - TOLERANCE < mEnd;
  });
}

const numberOf = (label: string | null | undefined) => /(?:^|\D)(S?\d+)(?:\D*$)/i.exec(label ?? '')?.[1]?.toUpperCase() ?? null;

function citationSupported(f: CheckFinding, gold: GoldDoc): boolean {
  const refIds = new Set(gold.references.map((r) => r.id));
  const text = f.text ?? '';
  const year = /\b(1[6-9]\d\d|20\d\d)/.exec(text)?.[1];
  const at = mentionsAt(gold, f, true);
  if (at.length) {
    // The gold links it to an entry whose year is not the cited one ("Barton 2016" for "Barton K 2017"): the fault is real.
    const yearOff = (r: string) => year !== undefined && !(gold.references.find((x) => x.id === r)?.year ?? '').startsWith(year);
    return at.some((m) => m.rid.some((r) => !refIds.has(r) || yearOff(r)));
  }
  const numbers = [...text.matchAll(/\d+/g)].map((x) => Number(x[0]));
  if (/^\W*\d+(\W+\d+)*\W*$/.test(text)) {
    const have = new Set(gold.references.map((r) => r.number).filter((n): n is number => n !== null));
    return numbers.some((n) => !have.has(n));
  }
  const name = /\p{Lu}[\p{L}'’-]+/u.exec(text)?.[0]?.toLowerCase();
  if (!year || !name) return true;
  return !gold.references.some((r) => (r.year ?? '').startsWith(year) && (r.firstAuthor ?? '').toLowerCase().startsWith(name.slice(0, 4)));
}

function mentionSupported(f: CheckFinding, gold: GoldDoc): boolean {
  const targetIds = new Set(gold.targets.map((t) => t.id));
  const at = mentionsAt(gold, f, false);
  if (at.length) return at.some((m) => m.rid.some((r) => !targetIds.has(r)));
  const n = numberOf(f.text);
  // "… has no table S2 (tables: 1)": a gold target of that kind and number contradicts it.
  const word = /has no (\p{L}+)/u.exec(f.message)?.[1]?.toLowerCase() ?? '';
  const ofKind = (t: GoldTarget) => t.kind === word || (t.label ?? '').toLowerCase().startsWith(word.slice(0, 3));
  return !gold.targets.some((t) => t.label && numberOf(t.label) === n && ofKind(t));
}

/** Kinds of gold caption whose numbers repeat or skip (from the labels: "Figure 3", "Table S2"). */
function faultyCaptionKinds(gold: GoldDoc): Set<string> {
  const byKind = new Map<string, number[]>();
  for (const t of gold.targets) {
    const n = /^\D*?(\d+)\D*$/.exec(t.label ?? '')?.[1];
    if (!n || /S\d/i.test(t.label ?? '')) continue;
    const list = byKind.get(t.kind) ?? [];
    list.push(Number(n));
    byKind.set(t.kind, list);
  }
  const out = new Set<string>();
  for (const [kind, list] of byKind) {
    const sorted = [...list].sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i + 1)) out.add(kind);
  }
  return out;
}

function captionSupported(f: CheckFinding, gold: GoldDoc): boolean {
  const target: GoldTarget | undefined = gold.targets.find((t) => t.paragraphIndex === f.location.paragraph);
  return target !== undefined && faultyCaptionKinds(gold).has(target.kind);
}

function numberingSupported(gold: GoldDoc): boolean {
  return gold.references.some((r, i) => r.number !== null && r.number !== i + 1);
}

export function readAgainstGold(findings: readonly CheckFinding[], gold: GoldDoc): GoldReading {
  const out: GoldReading = { errors: 0, unsupported: [], uncited: 0, uncitedTrue: 0, uncitedFalse: [] };
  for (const f of findings) {
    if (f.code === 'entry-not-cited') {
      out.uncited++;
      const ref = gold.references.find((r) => r.paragraphIndex === f.location.paragraph);
      const cited = ref ? gold.mentions.some((m) => m.rid.includes(ref.id)) : false;
      if (cited) out.uncitedFalse.push(f);
      else out.uncitedTrue++;
      continue;
    }
    if (f.severity !== 'error') continue;
    out.errors++;
    const supported =
      f.code === 'citation-without-entry' ? citationSupported(f, gold)
      : f.code === 'mention-without-target' ? mentionSupported(f, gold)
      : f.code === 'caption-numbering' ? captionSupported(f, gold)
      : f.code === 'reference-numbering' ? numberingSupported(gold)
      : false;
    if (!supported) out.unsupported.push(f);
  }
  return out;
}
