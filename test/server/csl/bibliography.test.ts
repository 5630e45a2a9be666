// The bibliography renderer apply's rewrite calls: entries parsed, completed with approved registry
// metadata, rendered in the style, and skipped with the reason when incomplete, abbreviated, or when the
// reading does not account for words of the entry as written.
import { causeText } from '../../../shared/causes.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBibliographyRenderer, recordItem } from '../../../server/csl/bibliography.ts';
import { loadBundledStyle } from '../../../server/csl/catalog.ts';
import type { RewriteEntryInput } from '../../../server/engine/citation-style-hooks.ts';

const entry = (key: string, text: string, extra: Partial<RewriteEntryInput> = {}): RewriteEntryInput => ({ key, text, printedLabel: null, typedLabel: null, doi: null, url: null, ...extra });
const apa = createBibliographyRenderer(loadBundledStyle('apa')!);
const text = (r: ReturnType<typeof apa.render>, key: string) => r.rendered.get(key)?.segments.map((s) => s.text).join('');

test('a complete entry is rendered in the style, with its DOI', () => {
  const out = apa.render([entry('bib-1', 'Smith J, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12(3):101–119.', { doi: '10.1000/moss.1' })]);
  assert.deepEqual(out.skipped, []);
  const t = text(out, 'bib-1')!;
  assert.match(t, /^Smith, J\., & Lee, D\. \(2004\)\. Moss growth on north-facing walls\. Journal of Urban Botany, 12\(3\), 101–119\./);
  assert.match(t, /https:\/\/doi\.org\/10\.1000\/moss\.1/);
  assert.equal(apa.styleId, 'apa');
  assert.equal(apa.family, 'author-date');
});

test('skipped with the reason: "et al." where the style prints more names, text the reading does not account for; a title alone is rendered', () => {
  const out = apa.render([
    entry('bib-1', 'Smith J, Lee D, et al. Moss on walls. Journal of Urban Botany. 2004;12(3):101–19.'),
    entry('bib-2', 'Annual report of the city gardens committee, second part.'),
    entry('bib-3', 'Smith J. Moss on walls. Journal of Urban Botany. 2004;12(3):101–19. Reprinted with the permission of the moss society.'),
  ]);
  assert.deepEqual([...out.rendered.keys()], ['bib-2']);
  assert.match(causeText(out.skipped.find((s) => s.key === 'bib-1')!.reason), /abbreviated/);
  assert.match(causeText(out.skipped.find((s) => s.key === 'bib-3')!.reason), /does not account for: .*reprinted/);
  // An entry that is a title alone is read as one, every word accounted for: rendered without author or year.
  assert.match(text(out, 'bib-2')!, /^Annual report of the city gardens committee, second part\. \(n\.d\.\)/);
});

test('an entry the manuscript cuts short ("… Genome Bi...") is skipped, naming the cut', () => {
  const out = apa.render([entry('bib-1', 'Coyne RS, Hannick L (2011) Comparative genomics of the pathogenic ciliate Ichthyophthirius multifiliis. Genome Bi...')]);
  assert.deepEqual(out.skipped.map((s) => ({ key: s.key, reason: causeText(s.reason) })), [{ key: 'bib-1', reason: 'the entry is cut short ("Genome Bi...")' }]);
});

test('an entry that lacks a field (no pages, no issue) is rendered without it; "et al." passes where the style abbreviates as far', () => {
  const vancouver = createBibliographyRenderer(loadBundledStyle('vancouver')!);
  const out = vancouver.render([
    entry('bib-1', 'Smith J, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12:101–19.'),
    entry('bib-2', 'Smith J, Lee D, Okafor N, Berg P, Wu Q, Diaz M, et al. Lichens on roofs. Journal of Urban Botany. 2005;13(2):5–9.'),
  ]);
  assert.deepEqual(out.skipped, []);
  assert.equal(text(out, 'bib-1'), 'Smith J, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12:101–19.');
  assert.equal(text(out, 'bib-2'), 'Smith J, Lee D, Okafor N, Berg P, Wu Q, Diaz M, et al. Lichens on roofs. Journal of Urban Botany. 2005;13(2):5–9.');
});

test('an approved resolved work completes the entry; an unapproved one is not used', () => {
  const works = { 'bib-1': { doi: '10.1000/x.1', title: 'Moss growth on walls', confidence: 0.99, status: 'ready', year: '2004', containerTitle: 'Journal of Urban Botany' } };
  const withWork = createBibliographyRenderer(loadBundledStyle('apa')!, works as never);
  const written = entry('bib-1', 'Smith J. Moss growth on walls. 2004.');
  assert.match(text(withWork.render([written]), 'bib-1') ?? '', /Journal of Urban Botany/);
  const refused = createBibliographyRenderer(loadBundledStyle('apa')!, { 'bib-1': { ...works['bib-1'], approved: false } } as never);
  const without = refused.render([written]);
  assert.doesNotMatch(text(without, 'bib-1') ?? '', /Journal of Urban Botany/);
});

test('registry first: an approved work with its record is rendered from the record (every author, issue, pages), "et al." or not', () => {
  const record = {
    type: 'article-journal', title: 'Moss growth on north-facing walls', 'container-title': 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119',
    author: [{ family: 'Smith', given: 'J.' }, { family: 'Lee', given: 'D.' }, { family: 'Okafor', given: 'N.' }], issued: { 'date-parts': [[2004]] }, DOI: '10.1000/moss.1',
  };
  const work = { doi: '10.1000/moss.1', title: record.title, confidence: 0.97, status: 'ready', citationImpact: 'link-only-safe', transactionPlan: null, record };
  const written = entry('bib-1', 'Smith J, et al. Moss on walls. J Urban Bot. 2004;12:101.');
  const t = text(createBibliographyRenderer(loadBundledStyle('apa')!, { 'bib-1': work } as never).render([written]), 'bib-1');
  assert.equal(t, 'Smith, J., Lee, D., & Okafor, N. (2004). Moss growth on north-facing walls. Journal of Urban Botany, 12(3), 101–119. https://doi.org/10.1000/moss.1');
  // Not approved (low confidence, or refused by the user): the string is read, and "et al." blocks it.
  for (const w of [{ ...work, status: 'low_confidence' }, { ...work, approved: false }]) {
    const out = createBibliographyRenderer(loadBundledStyle('apa')!, { 'bib-1': w } as never).render([written]);
    assert.match(causeText(out.skipped[0]!.reason), /abbreviated/);
  }
  // A record without title or authors is no record; a malformed one is read defensively.
  assert.equal(recordItem('x', { type: 'book' }), null);
  assert.deepEqual(recordItem('x', { title: 'T', author: [{ family: 3 }, 'x', { literal: 'WHO' }], issued: { 'date-parts': [['2004']] } }), { id: 'x', type: 'article-journal', title: 'T', author: [{ literal: 'WHO' }] });
});

test('an entry that names only its source ("The Annals of Thoracic Surgery 1990, 50, 981.") is rendered from it', () => {
  const out = apa.render([entry('bib-1', '(26) The Annals of Thoracic Surgery 1990, 50, 981.')]);
  assert.deepEqual(out.skipped, []);
  assert.match(text(out, 'bib-1')!, /The Annals of Thoracic Surgery/);
});
