import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefs, type Brief } from './helpers.ts';

/** A mention by title outside full mode: proposed for review, linked only on approval. */
const proposed = (kind: string, text: string, target: string): Brief => ({ kind, text, status: 'low_confidence', target });

const typed = [
  p('1 Introduction', 'Heading1'),
  p('2 Materials and Methods', 'Heading1'),
  p('2.1. Sampling', 'Heading2'),
  p('3 Discussion', 'Heading1'),
  p('As argued in Section 2.1 and Sec. 3, see also §1, Sections 1 and 2, and Section 7.'),
  p('Details are given below (see Materials and Methods). The methods we used are standard (Discussion; Methods).'),
  p('This is described in the Discussion section.'),
].join('');

test('typed-number headings are section targets', async () => {
  const { targets } = await xrefs({ body: typed });
  assert.deepEqual(targets.map((t) => [t.key, t.label, t.paragraph]), [
    ['sec-1', 'Section 1', 0],
    ['sec-2', 'Section 2', 1],
    ['sec-2.1', 'Section 2.1', 2],
    ['sec-3', 'Section 3', 3],
  ]);
});

test('numbered section mentions, number and full modes', async () => {
  const { matches } = await xrefs({ body: typed }, {}, [], 4);
  assert.deepEqual(matches, [
    ready('section', '2.1', 'sec-2.1'),
    ready('section', '3', 'sec-3'),
    ready('section', '1', 'sec-1'),
    ready('section', '1', 'sec-1'),
    ready('section', '2', 'sec-2'),
    { kind: 'section', text: '7', status: 'unmatched' },
  ]);
  const full = await xrefs({ body: typed }, { sections: 'full' }, [], 4);
  assert.deepEqual(full.matches.map((m) => m.text), ['Section 2.1', 'Sec. 3', '§1', 'Sections 1', '2', 'Section 7']);
});

test('sections by name only in clear frames; prose words are not mentions', async () => {
  const a = await xrefs({ body: typed }, { sections: 'full' }, [], 5);
  assert.deepEqual(a.matches, [ready('section', 'Materials and Methods', 'sec-2'), ready('section', 'Discussion', 'sec-3')]);
  const b = await xrefs({ body: typed }, { sections: 'full' }, [], 6);
  assert.deepEqual(b.matches, [ready('section', 'Discussion', 'sec-3')]);
});

test('outside full mode a mention by title is proposed for review, not linked directly; numbered mentions stay ready', async () => {
  const a = await xrefs({ body: typed }, {}, [], 5);
  assert.deepEqual(a.matches, [proposed('section', 'Materials and Methods', 'sec-2'), proposed('section', 'Discussion', 'sec-3')]);
  const n = await xrefs({ body: typed }, { sections: 'number' }, [], 4);
  assert.deepEqual(n.matches.map((m) => m.status), ['ready', 'ready', 'ready', 'ready', 'ready', 'unmatched']);
});

test('unnumbered headings (styled or bold) are targets by title', async () => {
  const body =
    p('Methods', 'Heading1') +
    '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Results</w:t></w:r></w:p>' +
    p('We did this (see Methods) and that (Results).');
  const { targets, matches } = await xrefs({ body }, { sections: 'full' });
  assert.deepEqual(targets.map((t) => [t.key, t.label]), [['sec-methods', 'Methods'], ['sec-results', 'Results']]);
  assert.deepEqual(matches, [ready('section', 'Methods', 'sec-methods'), ready('section', 'Results', 'sec-results')]);
});

test('headings numbered by Word list numbering', async () => {
  const numbering =
    '<w:abstractNum w:abstractNumId="0">' +
    '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>' +
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>' +
    '</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
  const h = (text: string, style: string, ilvl: number) =>
    `<w:p><w:pPr><w:pStyle w:val="${style}"/><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
  const body = h('Introduction', 'Heading1', 0) + h('Theory', 'Heading1', 0) + h('Model', 'Heading2', 1) + p('See Section 2.1 and Section 1.');
  const { targets, matches } = await xrefs({ body, numbering });
  assert.deepEqual(targets.map((t) => t.key), ['sec-1', 'sec-2', 'sec-2.1']);
  assert.deepEqual(matches, [ready('section', '2.1', 'sec-2.1'), ready('section', '1', 'sec-1')]);
});

test('sections off: no section targets or mentions', async () => {
  const { targets, matches } = await xrefs({ body: typed }, { sections: 'off' });
  assert.deepEqual(targets, []);
  assert.deepEqual(matches, []);
});

test('sections by title: quoted after "Section", "described in ...", "see ...", "in the ... section"; "(PCR)" is an acronym, not a section', async () => {
  const body = [
    p('Introduction', 'Heading1'),
    p('As Section “Related work” shows, the assay (described in Materials and Methods) uses PCR (PCR); see Discussion, and in the Methods section.'),
    p('Related work', 'Heading1'),
    p('Materials and Methods', 'Heading1'),
    p('Methods', 'Heading2'),
    p('PCR', 'Heading2'),
    p('Discussion', 'Heading1'),
  ].join('');
  const { matches } = await xrefs({ body }, { sections: 'full' }, [], 1);
  assert.deepEqual(matches, [
    ready('section', 'Related work', 'sec-related-work'),
    ready('section', 'Materials and Methods', 'sec-materials-and-methods'),
    ready('section', 'Discussion', 'sec-discussion'),
    ready('section', 'Methods', 'sec-methods'),
  ]);
});

test('"§6a" and "§§6b and 9": a subsection letter without a heading of its own resolves to its section', async () => {
  const body = [p('As in §6a and §§6b and 9, see also Section 2.1a.'), p('6. Analysis', 'Heading1'), p('9. Outlook', 'Heading1'), p('2.1 Setup', 'Heading2')].join('');
  const { matches } = await xrefs({ body }, {}, [], 0);
  assert.deepEqual(matches, [ready('section', '6a', 'sec-6'), ready('section', '6b', 'sec-6'), ready('section', '9', 'sec-9'), ready('section', '2.1a', 'sec-2.1')]);
});
