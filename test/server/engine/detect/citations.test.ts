import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p, r, SUP } from '../../../helpers/docx-builder.ts';
import { cite } from './cite-helpers.ts';

const numberedRefs = (n: number) =>
  p('References', 'Heading1') + Array.from({ length: n }, (_, i) => p(`${i + 1}. Author${String.fromCharCode(65 + i)} X (2010) Title ${i + 1}. Journal ${i + 1}: 1–2.`)).join('');

const ayRefs =
  p('References', 'Heading1') +
  p('Lee H, Kim S. 2019. Paper one. J 1:1.') +
  p('Smith J. 2020a. Paper two. J 2:2.') +
  p('Smith J. 2020b. Paper three. J 3:3.') +
  p('Smith J, Jones K. 2019. Paper four. J 4:4.') +
  p('Brown A, Green B, White C. 2018. Paper five. J 5:5.') +
  p('van Dijk P, Hart Q, Moss R. 2017. Paper six. J 6:6.') +
  p('World Health Organization (WHO). 2021. Report. Geneva.');

test('numeric brackets: lists and ranges, each number its own match; past the end is unmatched', async () => {
  const { style, matches } = await cite({ body: p('As shown [1], [1,2] and [3–5] or [2, 5-6]; also [42].') + numberedRefs(6) });
  assert.equal(style, 'number');
  assert.deepEqual(matches, [
    { text: '1', status: 'ready', target: 'bib-1' },
    { text: '1', status: 'ready', target: 'bib-1' },
    { text: '2', status: 'ready', target: 'bib-2' },
    { text: '3', status: 'ready', target: 'bib-3' },
    { text: '5', status: 'ready', target: 'bib-5' },
    { text: '2', status: 'ready', target: 'bib-2' },
    { text: '5', status: 'ready', target: 'bib-5' },
    { text: '6', status: 'ready', target: 'bib-6' },
    { text: '42', status: 'unmatched' },
  ]);
});

test('numeric brackets: intervals, indices, concentrations, equation labels and years are not citations', async () => {
  const { matches } = await cite({
    body: p('Let x ∈ [0, 1] and a[2] be given; [Ca2+] rose; see Eq. [3], the range [1, 1] and the year [2015]. Cited [4].') + numberedRefs(6),
  });
  assert.deepEqual(matches, [{ text: '4', status: 'ready', target: 'bib-4' }]);
});

test('superscript numbers: lists and ranges; units and exponents are skipped', async () => {
  const body =
    `<w:p>${r('Growth is fast')}${r('1,2', SUP)}${r(' and slow')}${r('3–5', SUP)}${r('. Area 10 m')}${r('2', SUP)}${r(' and 10')}${r('5', SUP)}${r(' cells.')}</w:p>` + numberedRefs(5);
  const { style, matches } = await cite({ body });
  assert.equal(style, 'superscript');
  assert.deepEqual(matches, [
    { text: '1', status: 'ready', target: 'bib-1' },
    { text: '2', status: 'ready', target: 'bib-2' },
    { text: '3', status: 'ready', target: 'bib-3' },
    { text: '5', status: 'ready', target: 'bib-5' },
  ]);
});

test('author-year: parenthetical, narrative, multiple, particles, corporate authors, suffix lists', async () => {
  const { style, matches } = await cite({
    body:
      p('Known (Lee & Kim, 2019; Smith, 2020a, b). Smith and Jones (2019) agreed, as did van Dijk et al. (2017) and (Brown et al., 2018). The WHO report (WHO, 2021) too. In 2020 nothing happened.') +
      ayRefs,
  });
  assert.equal(style, 'author-year');
  assert.deepEqual(matches, [
    { text: 'Lee & Kim, 2019', status: 'ready', target: 'bib-1' },
    { text: 'Smith, 2020a', status: 'ready', target: 'bib-2' },
    { text: 'b', status: 'ready', target: 'bib-3' },
    { text: 'Smith and Jones (2019)', status: 'ready', target: 'bib-4' },
    { text: 'van Dijk et al. (2017)', status: 'ready', target: 'bib-6' },
    { text: 'Brown et al., 2018', status: 'ready', target: 'bib-5' },
    { text: 'WHO, 2021', status: 'ready', target: 'bib-7' },
  ]);
});

test('author-year: ambiguous entries are low_confidence with alternatives; no entry is unmatched', async () => {
  const refs =
    p('References', 'Heading1') +
    p('Smith J. 2020. Paper A. J 1:1.') +
    p('Smith K. 2020. Paper B. J 2:2.') +
    p('Adams P, Baker R, Cole S. 2011. Paper C. J 3:3.');
  const { matches } = await cite({ body: p('Seen before (Smith, 2020; Zed et al., 2015; Adams et al., 2011).') + refs });
  assert.deepEqual(matches, [
    { text: 'Smith, 2020', status: 'low_confidence', target: 'bib-1', alternatives: ['bib-2'] },
    { text: 'Zed et al., 2015', status: 'unmatched' },
    { text: 'Adams et al., 2011', status: 'ready', target: 'bib-3' },
  ]);
});

test('suffixDisambiguationOptIn: "Smith 2020a/b" against a list without suffixes', async () => {
  const refs = p('References', 'Heading1') + p('Smith J. 2020. Paper A. J 1:1.') + p('Smith J. 2020. Paper B. J 2:2.');
  const body = p('Both (Smith, 2020a, b).') + refs;
  const off = await cite({ body });
  assert.deepEqual(off.matches.map((m) => [m.text, m.status, m.target]), [
    ['Smith, 2020a', 'low_confidence', 'bib-1'],
    ['b', 'low_confidence', 'bib-2'],
  ]);
  const on = await cite({ body }, { suffixDisambiguationOptIn: true });
  assert.deepEqual(on.matches, [
    { text: 'Smith, 2020a', status: 'ready', target: 'bib-1' },
    { text: 'b', status: 'ready', target: 'bib-2' },
  ]);
});

test('citeLinkScope full and citeIncludePages', async () => {
  const body = p('Shown (see Smith and Jones, 2019, p. 5; Lee & Kim, 2019). Also [2, p. 7].') + ayRefs;
  const narrow = await cite({ body });
  assert.deepEqual(narrow.matches.map((m) => m.text), ['Smith and Jones, 2019', 'Lee & Kim, 2019']);
  const pages = await cite({ body }, { citeIncludePages: true });
  assert.deepEqual(pages.matches.map((m) => m.text), ['Smith and Jones, 2019, p. 5', 'Lee & Kim, 2019']);
  const full = await cite({ body }, { citeLinkScope: 'full' });
  assert.deepEqual(full.matches.map((m) => m.text), ['see Smith and Jones, 2019, p. 5', 'Lee & Kim, 2019']);

  const num = await cite({ body: p('Also [2, p. 7] and [3].') + numberedRefs(3) }, { citeIncludePages: true });
  assert.deepEqual(num.matches.map((m) => m.text), ['2, p. 7', '3']);
});

test('citeStyle: off gives nothing; a forced style is honoured; matches never sit in the reference list', async () => {
  const body = p('Text [1] and (Lee & Kim, 2019).') + ayRefs;
  assert.deepEqual((await cite({ body }, { citeStyle: 'off' })).matches, []);
  const num = await cite({ body }, { citeStyle: 'number' });
  assert.equal(num.style, 'number');
  assert.deepEqual(num.matches, [{ text: '1', status: 'unmatched' }]);
  const ay = await cite({ body }, { citeStyle: 'author-year' });
  assert.deepEqual(ay.matches, [{ text: 'Lee & Kim, 2019', status: 'ready', target: 'bib-1' }]);
});

test('numeric in parentheses when the document cites that way; equations and enumerations are not citations', async () => {
  const body =
    p('Pollution matters (1). It rises (2, 3) and falls (1–3). The model GM (1,1) fits.') +
    p('We (1) measure and (2) compare.') +
    p('x = y + 1\t(3)') +
    p('As in Eq. (2), done (3).') +
    numberedRefs(3);
  const { matches } = await cite({ body });
  assert.deepEqual(matches.map((m) => [m.text, m.target]), [
    ['1', 'bib-1'],
    ['2', 'bib-2'],
    ['3', 'bib-3'],
    ['1', 'bib-1'],
    ['3', 'bib-3'],
    ['3', 'bib-3'],
  ]);
});
