// After Word replaced the document: is it what apply produced? Compares the summary of apply's output
// with the summary of the document exported again from Word, and says in words what was lost.
import type { DocxSummary } from './docx-summary.ts';
import { S } from '../strings.ts';

export interface Verification {
  ok: boolean;
  /** One sentence per loss, for the user. */
  problems: string[];
}

function excerpt(s: string): string {
  const t = s.trim();
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}

function firstDifference(expected: readonly string[], actual: readonly string[]): string | null {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = (expected[i] ?? '').replace(/\s+/g, ' ').trim();
    const a = (actual[i] ?? '').replace(/\s+/g, ' ').trim();
    if (e !== a) return S.verify.textChanged(i + 1, excerpt(expected[i] ?? ''), excerpt(actual[i] ?? ''));
  }
  return null;
}

export function compareSummaries(expected: DocxSummary, actual: DocxSummary): Verification {
  const problems: string[] = [];
  const textDiff = firstDifference(
    expected.paragraphs.filter((p) => p.trim() !== ''),
    actual.paragraphs.filter((p) => p.trim() !== ''),
  );
  if (textDiff) problems.push(textDiff);
  if (expected.textBoxText.trim() && actual.textBoxText.replace(/\s+/g, ' ').trim() !== expected.textBoxText.replace(/\s+/g, ' ').trim()) {
    problems.push(S.verify.textBoxes);
  }
  if (actual.links < expected.links) problems.push(S.verify.links(expected.links, actual.links));
  if (expected.persistedLinks !== null && actual.persistedLinks === null) problems.push(S.verify.records);
  if (expected.numberedParagraphs > 0 && (!actual.hasNumberingPart || actual.numberedParagraphs < expected.numberedParagraphs)) {
    problems.push(S.verify.numbering(expected.numberedParagraphs, actual.numberedParagraphs));
  }
  if (expected.hasSettingsPart && !actual.hasSettingsPart) problems.push(S.verify.settings);
  return { ok: problems.length === 0, problems };
}

/**
 * What the author changed in the document since `before` (the document as apply left it): paragraphs
 * added or changed, and paragraphs removed, each said with its text. "Restore original" names these
 * before throwing them away.
 */
export function editsSince(before: DocxSummary, now: DocxSummary, limit = 8): string[] {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const count = (list: readonly string[]) => {
    const m = new Map<string, number>();
    for (const p of list.map(norm)) if (p) m.set(p, (m.get(p) ?? 0) + 1);
    return m;
  };
  const was = count(before.paragraphs);
  const is = count(now.paragraphs);
  const added: string[] = [];
  const removed: string[] = [];
  for (const [p, n] of is) for (let i = (was.get(p) ?? 0); i < n; i++) added.push(p);
  for (const [p, n] of was) for (let i = (is.get(p) ?? 0); i < n; i++) removed.push(p);
  const all = [...added.map((p) => S.apply.editAdded(excerpt(p))), ...removed.map((p) => S.apply.editRemoved(excerpt(p)))];
  if (now.textBoxText.replace(/\s+/g, ' ').trim() !== before.textBoxText.replace(/\s+/g, ' ').trim()) all.push(S.verify.textBoxes);
  return all.length > limit ? [...all.slice(0, limit), S.apply.moreEdits(all.length - limit)] : all;
}
