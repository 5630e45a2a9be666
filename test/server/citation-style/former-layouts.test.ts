// Former layouts: detection-only profiles of a style's older layout, answered as the current style.
// The lists are made up here (authors, titles and journals invented), written by hand in each layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { knownStyleId, resolveStyleId, styleHeader } from '../../../server/csl/catalog.ts';
import type { CslItem } from '../../../server/csl/render.ts';
import { detectStyle } from '../../../server/citation-style/detect.ts';
import { formerLayout, formerLayoutKeys, formerLayoutXml } from '../../../server/citation-style/former-layouts.ts';
import { listIn } from '../../helpers/csl-lists.ts';

interface Work {
  authors: Array<[string, string]>;
  title: string;
  journal: string;
  year: number;
  volume?: string;
  issue?: string;
  pages?: string;
}

const works: Work[] = [
  { authors: [['Brown', 'Alice M.'], ['Lee', 'Dana']], title: 'Moss growth on north-facing walls', journal: 'Journal of Urban Botany', year: 2004, volume: '12', issue: '3', pages: '101–119' },
  { authors: [['Kowalski', 'Piotr']], title: 'Frost cracking in limestone quarries', journal: 'Stone Review', year: 1999, volume: '7', issue: '1', pages: '33–40' },
  { authors: [['Nakamura', 'Yui'], ['Okafor', 'Chidi N.'], ['Silva', 'Rui']], title: 'A census of city pigeons over three winters', journal: 'Bird Counts', year: 2016, volume: '41', issue: '2', pages: '5–18' },
  { authors: [['Olsen', 'Erik T.']], title: 'Salt damage on coastal bridges', journal: 'Structures Quarterly', year: 2011, volume: '88', issue: '4', pages: '210–230' },
  { authors: [['Garcia', 'Maria'], ['Ahmed', 'Samir'], ['Novak', 'Jan'], ['Berg', 'Lina'], ['Tanaka', 'Ken']], title: 'Night light and insect decline in river valleys', journal: 'Ecology Letters Today', year: 2020, volume: '3', issue: '6', pages: '77–90' },
  { authors: [['Ahmed', 'Samir']], title: 'Roof gardens and storm runoff', journal: 'Water Matters', year: 2008 },
  { authors: [['Fischer', 'Hanna'], ['Moreau', 'Luc']], title: 'Lichens as air quality markers', journal: 'Atmospheric Botany', year: 2013, volume: '22', issue: '1', pages: '1–12' },
  { authors: [['Rossi', 'Paola B.'], ['Kim', 'Joon']], title: 'Soil crusts after wildfire', journal: 'Dryland Science', year: 2018, volume: '9', issue: '2', pages: '140–152' },
  { authors: [['Walsh', 'Eoin']], title: 'Hedgerow corridors for small mammals', journal: 'Field Ecology', year: 2002, volume: '15', issue: '3', pages: '300–311' },
];

const initials = (given: string): string => given.split(/[\s.]+/).filter(Boolean).map((g) => g[0]).join('');

/** "1. Brown AM, Lee D: Title. Journal 2004, 12:101–119." — BioMed Central before 2019. */
function bmc2018(w: Work, n: number): string {
  const names = w.authors.map(([f, g]) => `${f} ${initials(g)}`).join(', ');
  const tail = `${w.year}${w.volume ? `, ${w.volume}` : ''}${w.pages ? `:${w.pages}` : ''}`;
  return `${n}. ${names}: ${w.title}. ${w.journal} ${tail}.`;
}

/** "Brown, A.M. & Lee, D., 2004. Title. Journal, 12(3), pp.101–119." — the reference-manager harvard3. */
function harvard3(w: Work): string {
  const name = ([f, g]: [string, string]) => `${f}, ${initials(g).split('').join('.')}.`;
  const names = w.authors.length >= 4 ? `${name(w.authors[0])} et al.` : w.authors.length === 1 ? name(w.authors[0]) : `${w.authors.slice(0, -1).map(name).join(', ')} & ${name(w.authors[w.authors.length - 1])}`;
  const vol = w.volume ? `, ${w.volume}${w.issue ? `(${w.issue})` : ''}` : '';
  const pages = w.pages ? `, pp.${w.pages}` : '';
  return `${names}, ${w.year}. ${w.title}. ${w.journal}${vol}${pages}.`;
}

const fullName = ([f, g]: [string, string]) => `${g} ${f}`;
/** First author inverted, the others in full, ", and" before the last. */
function fullNames(authors: Array<[string, string]>, etAlFrom: number): string {
  const [first, ...rest] = authors;
  const lead = `${first[0]}, ${first[1]}`;
  if (authors.length >= etAlFrom) return `${lead} et al.`;
  if (!rest.length) return `${lead}.`;
  return `${lead}, ${rest.slice(0, -1).map((a) => `${fullName(a)}, `).join('')}and ${fullName(rest[rest.length - 1])}.`;
}

/** "Brown, Alice M., and Dana Lee. 2004. “Title.” Journal 12 (3): 101–119." — Chicago 16th author-date. */
function chicago16(w: Work): string {
  const vol = w.volume ? ` ${w.volume}${w.issue ? ` (${w.issue})` : ''}` : '';
  return `${fullNames(w.authors, 99)} ${w.year}. “${w.title}.” ${w.journal}${vol}${w.pages ? `: ${w.pages}` : ''}.`;
}

/** "Brown, Alice M., and Dana Lee. “Title.” Journal 12.3 (2004): 101–119." — MLA 7th edition. */
function mla7(w: Work): string {
  const vol = w.volume ? ` ${w.volume}${w.issue ? `.${w.issue}` : ''}` : '';
  return `${fullNames(w.authors, 4).replace(/\.$/, '')}. “${w.title}.” ${w.journal}${vol} (${w.year}): ${w.pages ?? 'n. pag'}.`;
}

test('lists in the Chicago 16th and MLA 7th layouts are detected as today\'s chicago-author-date and modern-language-association', () => {
  for (const [write, id, profile] of [[chicago16, 'chicago-author-date', 'chicago-author-date-16th'], [mla7, 'modern-language-association', 'modern-language-association-7th']] as const) {
    const entries = works.map((w) => ({ text: write(w) })).sort((a, b) => a.text.localeCompare(b.text));
    const r = detectStyle({ entries, citeStyle: 'author-year' });
    assert.equal(r.detectedCslId, id, `${entries[0].text} ${JSON.stringify(r.styleDetection.candidates)}`);
    assert.equal(r.styleDetection.evidence.formerLayout?.profile, profile);
  }
});

test('every former layout is a CSL file of its family, answering a style the catalog knows', () => {
  const keys = formerLayoutKeys();
  assert.ok(keys.length > 0);
  for (const key of keys) {
    const f = formerLayout(key);
    assert.ok(f, key);
    assert.equal(key, `former:${f.id}`);
    const head = styleHeader(formerLayoutXml(key));
    assert.ok(head.family === f.family || (f.family === 'author-date' && head.family === 'author'), `${f.id}: ${head.family}`);
    assert.match(formerLayoutXml(key), /creativecommons\.org\/licenses\/by-sa\/3\.0/);
    assert.ok(knownStyleId(f.answers), f.answers);
  }
  assert.equal(formerLayout('biomed-central'), null, 'a bundled id is no former layout');
  // harvard3 is known to the CSL repository as a renamed id, but no bundled style renders it
  assert.equal(resolveStyleId('harvard-swinburne-university-of-technology'), null);
});

test('a list in the BioMed Central layout before 2019 is detected as biomed-central, saying a former layout matched', () => {
  const r = detectStyle({ entries: works.map((w, i) => ({ text: bmc2018(w, i + 1) })), citeStyle: 'number' });
  assert.equal(r.detectedCslId, 'biomed-central', JSON.stringify(r.styleDetection.candidates));
  assert.equal(r.styleDetection.family, 'numeric');
  assert.equal(r.styleDetection.evidence.formerLayout?.profile, 'biomed-central-2018');
  assert.match(r.styleDetection.evidence.reason, /former layout/);
});

/** "1. Brown AM, Lee D (2004) Title. Journal 12: 101–119." — PLOS before 2015. */
function plos2014(w: Work, n: number): string {
  const names = w.authors.map(([f, g]) => `${f} ${initials(g)}`).join(', ');
  return `${n}. ${names} (${w.year}) ${w.title}. ${w.journal}.${w.volume ? ` ${w.volume}` : ''}${w.pages ? `: ${w.pages}` : ''}.`;
}

test('a list in the PLOS layout before 2015 is detected as plos, saying a former layout matched', () => {
  const r = detectStyle({ entries: works.map((w, i) => ({ text: plos2014(w, i + 1) })), citeStyle: 'number' });
  assert.equal(r.detectedCslId, 'plos', JSON.stringify(r.styleDetection.candidates));
  assert.equal(r.styleDetection.evidence.formerLayout?.profile, 'plos-2014');
});

test('a list in the reference-manager harvard3 layout is detected as harvard3 (its current id), not Cite Them Right', () => {
  const entries = works.map((w) => ({ text: harvard3(w) })).sort((a, b) => a.text.localeCompare(b.text));
  const r = detectStyle({ entries, citeStyle: 'author-year' });
  assert.equal(r.detectedCslId, 'harvard-swinburne-university-of-technology', JSON.stringify(r.styleDetection.candidates));
  assert.equal(r.styleDetection.evidence.formerLayout?.answers, 'harvard-swinburne-university-of-technology');
});

// Lists rendered by today's bundled styles: the former layouts must not take them.
const items: CslItem[] = [
  ...works.map((w, i): CslItem => ({
    id: `w${i}`, type: 'article-journal', title: w.title, 'container-title': w.journal, issued: { 'date-parts': [[w.year]] },
    author: w.authors.map(([family, given]) => ({ family, given })),
    ...(w.volume ? { volume: w.volume } : {}), ...(w.issue ? { issue: w.issue } : {}), ...(w.pages ? { page: w.pages.replace('–', '-') } : {}),
  })),
  // a long author list (current-opinion: "et al." after ten names; the former BMC layout: every name)
  { id: 'long', type: 'article-journal', title: 'A survey of urban trees by many hands', 'container-title': 'Tree Census', issued: { 'date-parts': [[2019]] }, volume: '4', page: '1-9',
    author: ['Abe', 'Bauer', 'Costa', 'Dahl', 'Eze', 'Frey', 'Gray', 'Holm', 'Ito', 'Jung', 'Kerr', 'Lund'].map((family) => ({ family, given: 'Q' })) },
];


// current-opinion renders "Journal 2008," where the former BMC layout wrote "Journal 2008." (no volume):
// that entry tells them apart, every other entry renders the same in both (a near tie broken by the entries).
test('lists in today\'s current-opinion and harvard-cite-them-right keep their answers', () => {
  for (const [id, citeStyle] of [['current-opinion', 'number'], ['harvard-cite-them-right', 'author-year']] as const) {
    const r = detectStyle({ entries: listIn(id, items), citeStyle });
    assert.equal(r.detectedCslId, id, `${id}: ${JSON.stringify(r.styleDetection.candidates)}`);
    assert.equal(r.styleDetection.evidence.formerLayout, undefined);
  }
});

/** "1 A.M. Brown and D. Lee, Journal of Urban Botany 12, 101 (2004)." — AIP without article titles. */
function aipNoTitles(w: Work, n: number): string {
  const name = ([f, g]: [string, string]) => `${initials(g).split('').join('.')}. ${f}`;
  const names = w.authors.length === 1 ? name(w.authors[0]) : w.authors.length === 2 ? `${name(w.authors[0])} and ${name(w.authors[1])}` : `${w.authors.slice(0, -1).map(name).join(', ')}, and ${name(w.authors[w.authors.length - 1])}`;
  const numbers = [w.volume, w.pages?.split('–')[0]].filter(Boolean).join(', ');
  return `${n} ${names}, ${w.journal}${numbers ? ` ${numbers}` : ''} (${w.year}).`;
}

test('a list in the AIP layout without article titles is detected as american-institute-of-physics, not a Springer physics style', () => {
  const r = detectStyle({ entries: works.map((w, i) => ({ text: aipNoTitles(w, i + 1) })), citeStyle: 'superscript' });
  assert.equal(r.detectedCslId, 'american-institute-of-physics', JSON.stringify(r.styleDetection.candidates));
  assert.equal(r.styleDetection.evidence.formerLayout?.profile, 'american-institute-of-physics-2018');
});

test('lists in today\'s AIP (with titles), APS and Springer physics styles keep their answers', () => {
  for (const id of ['american-institute-of-physics', 'american-physics-society', 'springer-physics-brackets']) {
    const r = detectStyle({ entries: listIn(id, items), citeStyle: 'number' });
    assert.equal(r.detectedCslId, id, `${id}: ${JSON.stringify(r.styleDetection.candidates)}`);
    assert.equal(r.styleDetection.evidence.formerLayout, undefined, id);
  }
});
