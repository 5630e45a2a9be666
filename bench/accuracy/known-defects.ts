// Gold mentions read one by one in the visible corpus and found wrong in the publisher's XML (or not
// determinable from the DOCX), each with its reason; gold-defects.ts sets them aside. An entry names the
// document stem (it also covers the .messy variant), the paragraph, offset and text of the gold mention.

interface KnownDefect {
  doc: string;
  paragraph: number;
  offset: number;
  text: string;
  reason: string;
}

/** Mentions read one by one and found wrong in the publisher's XML (or not determinable from the DOCX). */
export const KNOWN: readonly KnownDefect[] = [
  // PLOS ONE 0070598: the caption of File S1 tags its Table S1–S3 to Figures S1–S3, and one "File S1" to Figure S1.
  ...[
    [485, 36, 'Table S1'],
    [485, 579, 'Table S2'],
    [485, 965, 'Table S3'],
  ].map(([paragraph, offset, text]) => ({ doc: 'plos-pone-0070598', paragraph: paragraph as number, offset: offset as number, text: text as string, reason: 'supplementary table tagged to the supplementary figure of the same number' })),
  { doc: 'plos-pone-0070598', paragraph: 471, offset: 245, text: 'File S1', reason: '"File S1" tagged to Figure S1' },
  { doc: 'plos-pbio-1001473', paragraph: 277, offset: 64, text: 'S29', reason: 'the text names Table S29, which the article does not have; the xref points at Text S1' },
  // Mary Ann Liebert: three supplementary files, all captioned "Supplemental data." in the DOCX (the file
  // names Supp_Table1.pdf … that tell them apart are not in the document).
  ...[
    [34, 937, 'S1'],
    [34, 1460, 'S2'],
  ].map(([paragraph, offset, text]) => ({ doc: 'liebert-dtt-PMC4649721', paragraph: paragraph as number, offset: offset as number, text: `Supplementary Table ${text as string}`, reason: 'three identical captions "Supplemental data.": which one holds the table is not in the DOCX' })),
  // eLife 14093: author-year xrefs whose rid is another reference than the one printed.
  ...[
    [6, 357, 'Kupiec, 1997'],
    [8, 898, 'Brunoud et al., 2012'],
    [94, 442, 'Uyttewaal et al., 2012'],
    [99, 345, 'Ross, 2012'],
    [292, 257, 'Ross, 2012'],
  ].map(([paragraph, offset, text]) => ({ doc: 'elife-14093', paragraph: paragraph as number, offset: offset as number, text: text as string, reason: 'author-year xref whose rid is another reference than the printed author and year' })),
  { doc: 'biorxiv-501569', paragraph: 36, offset: 658, text: 'Wang et al., 2016', reason: 'the text names L.-Y. Wang et al. 2016; the rid is X. Wang et al. 2016' },
  // corpus-i18n, SciELO (es): "Foucault 2010" is the Spanish translation (2010) of the 1983–84 course, which the list
  // gives in that course's entry (¶50); the xrefs point at the 1981–82 course (¶48), whose entry names no 2010.
  ...[
    [7, 422, 'FOUCAULT, 2010'],
    [10, 1489, 'Foucault (2010'],
    [11, 1572, 'Foucault (2010'],
    [11, 2141, 'FOUCAULT, 2010'],
    [12, 8, 'Foucault (2010'],
    [15, 1432, 'Foucault (2010'],
    [16, 451, 'FOUCAULT, 2010'],
    [16, 931, 'Foucault (2010'],
    [18, 200, 'FOUCAULT, 2010'],
    [24, 70, 'Foucault (2010'],
  ].map(([paragraph, offset, text]) => ({ doc: 'scielo-es-y', paragraph: paragraph as number, offset: offset as number, text: text as string, reason: '"Foucault 2010" is the 2010 translation named in the entry of the 1983–84 course; the rid is the 1981–82 course' })),
  // corpus-i18n, SciELO (pt): xrefs whose rid is another entry than the one the text names, which the list has.
  { doc: 'scielo-pt-t89qs8vfnxd66bm5', paragraph: 59, offset: 283, text: 'JEKUPÉ, 2018', reason: 'the text names Jekupé 2018 (the blog post in the list); the rid is Jekupé 2006' },
  { doc: 'scielo-pt-t89qs8vfnxd66bm5', paragraph: 41, offset: 510, text: 'BRASIL, 2008', reason: 'the text names Brasil 2008 (Lei 11.645 in the list); the rid is IBGE 2010' },
  { doc: 'scielo-pt-dqr6y8bpfvvqnxnf', paragraph: 113, offset: 723, text: 'Ceram (1965, p. 187)', reason: 'the text names Ceram 1965 of the list; the xref points at footnote 12' },
  { doc: 'biorxiv-498369', paragraph: 32, offset: 650, text: '7B', reason: '"Supplemental Figures 2K, 7B": the xref points at main Figure 7' },
  { doc: 'elife-09580', paragraph: 60, offset: 706, text: 'Figures 11E and 1D', reason: 'one xref over "Figures 11E and 1D" with Figure 11 as its only rid: the text also names Figure 1' },
  { doc: 'biorxiv-501569', paragraph: 17, offset: 458, text: 'Figure 2', reason: 'the xref covers "Figure 2" of "Figure 2 – supplement 1B" and points at the main figure; the text names its supplement' },
];
