// In-text numeric citations for a renumbered list (server/engine/rewrite/citations.ts): the scan's matches read
// back into groups as written, the order of first citation, and each group's new text: mapped, sorted, runs of
// three or more collapsed with the manuscript's dash; unchanged groups left alone, unknown numbers refused.

import { causeText } from '../../../../shared/causes.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../../../shared/settings.ts';
import { detect } from '../../../../server/engine/scan.ts';
import { citationGroups, entriesByNumber, firstMentionOrder, renumberEdits, type CitationEdit } from '../../../../server/engine/rewrite/citations.ts';
import type { BibEntry } from '../../../../server/engine/detect/types.ts';
import { loadBundledStyle } from '../../../../server/csl/catalog.ts';
import { rendererFor, type CslItem } from '../../../../server/csl/render.ts';
import { buildDocx, p, r, SUP } from '../../../helpers/docx-builder.ts';

// Made-up works, one title word each to recognise them by.
const WORDS = ['Moss', 'Frost', 'Pigeons', 'Lichen', 'Runoff', 'Beetles'];
const ITEMS: CslItem[] = WORDS.map((w, i) => ({
  id: `w${i}`, type: 'article-journal', author: [{ family: ['Brown', 'Kowalski', 'Nakamura', 'Okafor', 'Ahmed', 'Garcia'][i]!, given: 'A.' }],
  title: `${w} in the city`, 'container-title': 'Journal of Urban Ecology', volume: String(10 + i), issue: '2', page: `${10 * i + 1}-${10 * i + 9}`,
  issued: { 'date-parts': [[2001 + i]] },
}));

function list(): string[] {
  const s = loadBundledStyle('vancouver')!;
  const out = rendererFor('test:citations:vancouver', () => s.xml).render(ITEMS);
  return ITEMS.map((it, i) => p(`[${i + 1}] ${out.get(it.id)!.text}`));
}

async function scanned(paragraphs: string[]) {
  const bytes = await buildDocx({ body: [...paragraphs, p('References', 'Heading1'), ...list()].join('') });
  const d = detect(bytes, parseSettings({ doi: true }));
  const entries = d.bibliography!.entries;
  const order = new Map(d.model.paragraphs.map((x, i) => [x, i]));
  const groups = citationGroups(d.matchById.values(), order);
  const word = (e: BibEntry) => WORDS.find((w) => e.text.includes(w))!;
  return { entries, groups, word };
}

/** The new text of an edit and the title word of the entry each linked number lands on. */
function shown(e: CitationEdit, entries: BibEntry[]) {
  const word = new Map(entries.map((x) => [x.key, WORDS.find((w) => x.text.includes(w))!]));
  return [e.pieces.map((x) => x.text).join(''), e.pieces.filter((x) => x.targetKey).map((x) => `${x.text}:${word.get(x.targetKey!)}`)];
}

test('groups are read as written: ranges expanded, separator and dash kept, text between citations splits groups', async () => {
  const { groups, entries } = await scanned([p('Beetles and runoff [4–6]. Moss and frost [1, 2] precede pigeons [3].')]);
  assert.equal(entries.length, 6);
  assert.deepEqual(groups.map((g) => [g.numbers, g.sep, g.dash, g.paragraph.text.slice(g.start, g.end)]), [
    [[4, 5, 6], ',', '–', '4–6'],
    [[1, 2], ',', '–', '1, 2'],
    [[3], ',', '–', '3'],
  ]);
});

test('superscript numbers form one group per run of numbers', async () => {
  const { groups } = await scanned([`<w:p>${r('Beetles and moss')}${r('6,1', SUP)}${r(' then frost')}${r('2', SUP)}${r('.')}</w:p>`]);
  assert.deepEqual(groups.map((g) => g.numbers), [[6, 1], [2]]);
});

test('first-mention order: cited entries as the text first names them, then the uncited ones in list order', async () => {
  const { groups, entries, word } = await scanned([p('Lichen [4], then beetles and moss [6, 1], lichen again [4].')]);
  const byKey = new Map(entries.map((e) => [e.key, word(e)]));
  assert.deepEqual(firstMentionOrder(groups, entries).map((k) => byKey.get(k)), ['Lichen', 'Beetles', 'Moss', 'Frost', 'Pigeons', 'Runoff']);
  assert.deepEqual([...entriesByNumber(entries)].map(([n, e]) => `${n}:${word(e)}`), WORDS.map((w, i) => `${i + 1}:${w}`));
});

test('renumbering maps, sorts and collapses each group; a group whose numbers stay is not touched', async () => {
  const { groups, entries } = await scanned([p('Beetles and runoff [4–6]. Moss and frost [1, 2] precede pigeons [3]. Frost, pigeons and lichen [2–4].')]);
  const newNumber = new Map(firstMentionOrder(groups, entries).map((k, i) => [k, i + 1]));
  const { edits, blocked } = renumberEdits(groups, entries, newNumber);
  assert.deepEqual(blocked, []);
  assert.deepEqual(edits.map((e) => shown(e, entries)), [
    ['1–3', ['1:Lichen', '3:Beetles']],
    ['4, 5', ['4:Moss', '5:Frost']],
    ['6', ['6:Pigeons']],
    ['1, 5, 6', ['1:Lichen', '5:Frost', '6:Pigeons']],
  ]);
  // Each edit replaces exactly the matches of its group (a range is its two ends).
  assert.deepEqual(edits.map((e) => e.replaces.length), [2, 2, 1, 2]);
  // The identity numbering changes nothing.
  const same = new Map(entries.map((e) => [e.key, e.labelNumber!]));
  assert.deepEqual(renumberEdits(groups, entries, same), { edits: [], blocked: [] });
});

test('a number that names no entry blocks the renumbering, and produces no edit for its group', async () => {
  const { groups, entries } = await scanned([p('Beetles [6] and a stray [9].')]);
  const newNumber = new Map(entries.map((e, i) => [e.key, entries.length - i]));
  const { edits, blocked } = renumberEdits(groups, entries, newNumber);
  assert.equal(blocked.length, 1);
  assert.match(causeText(blocked[0]!), /names 9, which no entry of the list carries/);
  assert.deepEqual(edits.map((e) => shown(e, entries)[0]), ['1']);
});
