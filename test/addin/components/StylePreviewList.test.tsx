// The preview of the bibliography rewrite in the style picker: before → after for each entry, the after
// formatted from afterHtml as React elements (never the server's HTML as HTML), loading and errors in words,
// a refused rewrite's blocking entries said from their codes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StylePreview } from '../../../shared/contract.ts';
import { StylePreviewList } from '../../../addin/components/StylePreviewList.tsx';
import { setDisplayLanguage } from '../../../addin/strings.ts';
import { causeOf } from '../../../shared/causes.ts';

const PREVIEW: StylePreview = {
  cslId: 'apa',
  family: 'author-date',
  total: 12,
  entries: [
    { refId: 'bib-1', before: '[1] A. M. Brown, "Moss growth," J. Urban Bot., 2004.', after: '[1] Brown, A. M. (2004). Moss growth. Journal of Urban Botany, 12(3), 101–119.', afterHtml: '[1] Brown, A. M. (2004). Moss growth. <i>Journal of Urban Botany</i>, <i>12</i>(3), 101–119.', rewritable: true },
    { refId: 'bib-2', before: '[2] P. Kowalski, "Frost," Stone Rev., 1999.', after: '[2] Kowalski, P. (1999). Frost. Stone Review, 7, 33.', afterHtml: '[2] Kowalski, P. (1999). Frost. <i>Stone Review</i>, <b>7</b>, 33 &amp; H<sub>2</sub>O', rewritable: true },
    { refId: 'bib-3', before: '[3] Roe et al., Science 2018.', after: '[3] Roe et al., Science 2018.', afterHtml: '[3] Roe et al., Science 2018.', rewritable: false, warning: 'Reference [3]: left as written (the author list is abbreviated)' },
  ],
  warnings: ['The in-text citations are numeric and apa is author-date: the citations in the text are not rewritten.'],
};

test('each previewed entry shows before → after, the after formatted with italic, bold and subscript elements', () => {
  const html = renderToStaticMarkup(<StylePreviewList state={{ status: 'ready', preview: PREVIEW }} />);
  assert.match(html, /the first 3 of 12 references/);
  assert.equal(html.match(/data-testid="style-preview-entry"/g)?.length, 3);
  assert.ok(html.includes('Now: [1] A. M. Brown'), html);
  assert.ok(html.includes('<i>Journal of Urban Botany</i>'), html);
  assert.ok(html.includes('<b>7</b>'));
  assert.ok(html.includes('<sub>2</sub>'), html);
  assert.ok(html.includes('33 &amp; H'), 'an entity is text, escaped again by React');
  assert.match(html, /Stays as written: Reference \[3\]: left as written \(the author list is abbreviated\)/);
  assert.match(html, /citations in the text are not rewritten/);
});

test('server HTML other than the formatting tags never reaches the markup as HTML', () => {
  const hostile = 'A <img src=x onerror="alert(1)">B <script>alert(2)</script><a href="javascript:x">C</a> <i onclick="x()">D</i> &lt;b&gt;E';
  const entry = { ...PREVIEW.entries[0]!, afterHtml: hostile };
  const html = renderToStaticMarkup(<StylePreviewList state={{ status: 'ready', preview: { ...PREVIEW, entries: [entry], warnings: [] } }} />);
  assert.ok(!/<img|<script|<a |onerror|onclick|href/.test(html), html);
  assert.ok(html.includes('<i>D</i>'), html);
  assert.ok(html.includes('&lt;b&gt;E'), 'an escaped tag stays text');
  assert.ok(html.includes('alert(2)'), 'text inside unknown tags is kept as text');
});

test('loading and errors are said in words; idle shows nothing', () => {
  assert.match(renderToStaticMarkup(<StylePreviewList state={{ status: 'loading', styleTitle: 'American Psychological Association 7th edition' }} />), /Preparing a preview of the reference list in American Psychological Association 7th edition/);
  assert.match(renderToStaticMarkup(<StylePreviewList state={{ status: 'error', message: "styleId 'x' names no known CSL style" }} />), /The preview could not be made: styleId &#x27;x&#x27; names no known CSL style/);
  assert.equal(renderToStaticMarkup(<StylePreviewList state={{ status: 'idle' }} />), '');
});

test('a refused rewrite lists its blocking entries under the preview, each said from its codes in the display language', () => {
  const label = causeOf('referenceLabel', { number: '4' });
  const lacks = causeOf('unreadWords', { words: 'reprinted' });
  const refused: StylePreview = {
    ...PREVIEW,
    entries: [{ ...PREVIEW.entries[2]!, refId: 'bib-4', warning: 'Reference 4: the reading does not account for: reprinted', warningCode: causeOf('entryLacks', {}, { label: [label], why: [lacks] }) }],
    warnings: [],
    bibRewrite: { cslId: 'apa', family: 'author-date', outcome: 'refused', reason: 'r', rewritten: 0, unchanged: 0, entries: [{ refId: 'bib-4', label: 'Reference 4', lacks: 'the reading does not account for: reprinted', labelCode: label, lacksCode: lacks }] },
  };
  const english = renderToStaticMarkup(<StylePreviewList state={{ status: 'ready', preview: refused }} />);
  assert.match(english, /Entries that block the rewrite:/);
  assert.equal(english.match(/data-testid="style-preview-blocking-entry"/g)?.length, 1);
  assert.match(english, /Reference 4: the reading does not account for: reprinted/);
  try {
    setDisplayLanguage('de');
    const german = renderToStaticMarkup(<StylePreviewList state={{ status: 'ready', preview: refused }} />);
    assert.match(german, /Einträge, die das Umschreiben verhindern:/);
    assert.equal(german.match(/Literaturangabe 4: die Auslesung erklärt nicht: reprinted/g)?.length, 1, 'said once, in the blocking list');
    assert.match(german, /Bleibt wie geschrieben: verhindert das Umschreiben \(unten aufgeführt\)/, 'the previewed entry points to the list');
    assert.doesNotMatch(german, /Reference 4|does not account/);
  } finally {
    setDisplayLanguage('en');
  }
  assert.equal(english.match(/the reading does not account for: reprinted/g)?.length, 1, 'a kept entry that blocks: its reason once');
  assert.match(english, /Stays as written: it blocks the rewrite \(listed below\)/);
  const rewritten = renderToStaticMarkup(<StylePreviewList state={{ status: 'ready', preview: { ...refused, bibRewrite: { ...refused.bibRewrite!, outcome: 'partial' } } }} />);
  assert.doesNotMatch(rewritten, /style-preview-blocking/, 'only a refusal lists blocking entries');
  assert.match(rewritten, /Stays as written: Reference 4: the reading does not account for: reprinted/, 'a kept entry of a partial rewrite says its reason where it stands');
});
