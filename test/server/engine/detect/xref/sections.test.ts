// Section headings (typed numbers, Word list numbering, unnumbered styled or bold titles) and section
// mentions (numbers, "§", titles in clear frames) in each mode. One row per case.
import { p } from '../../../../helpers/docx-builder.ts';
import { ready, xrefCases, type Brief } from './helpers.ts';

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
const numbering =
  '<w:abstractNum w:abstractNumId="0">' +
  '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>' +
  '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>' +
  '</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
const listHeading = (text: string, style: string, ilvl: number) =>
  `<w:p><w:pPr><w:pStyle w:val="${style}"/><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;

xrefCases([
  {
    name: 'typed-number headings are section targets',
    doc: typed,
    targets: [['sec-1', 'Section 1', 0], ['sec-2', 'Section 2', 1], ['sec-2.1', 'Section 2.1', 2], ['sec-3', 'Section 3', 3]],
  },
  {
    name: 'numbered mentions in number mode: "Section 2.1", "Sec. 3", "§1", lists; an unknown number is unmatched',
    doc: typed,
    settings: { sections: 'number' },
    only: 4,
    matches: [
      ready('section', '2.1', 'sec-2.1'),
      ready('section', '3', 'sec-3'),
      ready('section', '1', 'sec-1'),
      ready('section', '1', 'sec-1'),
      ready('section', '2', 'sec-2'),
      { kind: 'section', text: '7', status: 'unmatched' },
    ],
  },
  {
    name: 'numbered mentions in full mode take the label',
    doc: typed,
    settings: { sections: 'full' },
    only: 4,
    matches: ['Section 2.1', 'Sec. 3', '§1', 'Sections 1', '2', 'Section 7'],
  },
  {
    name: 'titles in clear frames ("see Materials and Methods", "(Discussion; …)") are mentions; "methods" in prose is not',
    doc: typed,
    settings: { sections: 'full' },
    only: 5,
    matches: [ready('section', 'Materials and Methods', 'sec-2'), ready('section', 'Discussion', 'sec-3')],
  },
  {
    name: '"in the Discussion section" is a mention by title',
    doc: typed,
    settings: { sections: 'full' },
    only: 6,
    matches: [ready('section', 'Discussion', 'sec-3')],
  },
  {
    name: 'outside full mode a mention by title is proposed for review, not linked directly',
    doc: typed,
    only: 5,
    matches: [proposed('section', 'Materials and Methods', 'sec-2'), proposed('section', 'Discussion', 'sec-3')],
  },
  {
    name: 'unnumbered headings (styled or bold) are targets by title',
    doc: p('Methods', 'Heading1') + '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Results</w:t></w:r></w:p>' + p('We did this (see Methods) and that (Results).'),
    settings: { sections: 'full' },
    targets: [['sec-methods', 'Methods', 0], ['sec-results', 'Results', 1]],
    matches: [ready('section', 'Methods', 'sec-methods'), ready('section', 'Results', 'sec-results')],
  },
  {
    name: 'headings numbered by Word list numbering',
    doc: { body: listHeading('Introduction', 'Heading1', 0) + listHeading('Theory', 'Heading1', 0) + listHeading('Model', 'Heading2', 1) + p('See Section 2.1 and Section 1.'), numbering },
    targets: ['sec-1', 'sec-2', 'sec-2.1'],
    matches: [ready('section', '2.1', 'sec-2.1'), ready('section', '1', 'sec-1')],
  },
  {
    name: 'off: no section targets or mentions',
    doc: typed,
    settings: { sections: 'off' },
    targets: [],
    matches: [],
  },
  {
    name: 'sections by title: quoted after "Section", "described in ...", "see ...", "in the ... section"; "(PCR)" is an acronym, not a section',
    doc: [
      p('Introduction', 'Heading1'),
      p('As Section “Related work” shows, the assay (described in Materials and Methods) uses PCR (PCR); see Discussion, and in the Methods section.'),
      p('Related work', 'Heading1'),
      p('Materials and Methods', 'Heading1'),
      p('Methods', 'Heading2'),
      p('PCR', 'Heading2'),
      p('Discussion', 'Heading1'),
    ].join(''),
    settings: { sections: 'full' },
    only: 1,
    matches: [
      ready('section', 'Related work', 'sec-related-work'),
      ready('section', 'Materials and Methods', 'sec-materials-and-methods'),
      ready('section', 'Discussion', 'sec-discussion'),
      ready('section', 'Methods', 'sec-methods'),
    ],
  },
  {
    name: '"§6a" and "§§6b and 9": a subsection letter without a heading of its own resolves to its section',
    doc: [p('As in §6a and §§6b and 9, see also Section 2.1a.'), p('6. Analysis', 'Heading1'), p('9. Outlook', 'Heading1'), p('2.1 Setup', 'Heading2')].join(''),
    only: 0,
    matches: [ready('section', '6a', 'sec-6'), ready('section', '6b', 'sec-6'), ready('section', '9', 'sec-9'), ready('section', '2.1a', 'sec-2.1')],
  },
]);
