// Author-year citations in one paragraph, one row per case: the text, and the citations found in it with the
// reference each names (against the reference list below), under the link-scope settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEntry } from '../../../../../server/engine/detect/bibliography/entry.ts';
import { authorYearMatches } from '../../../../../server/engine/detect/citations/author-year.ts';
import { AuthorIndex } from '../../../../../server/engine/detect/citations/author-index.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../../shared/settings.ts';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';

const REFERENCES = [
  'Achterberg M, Okafor C (2016) Moss on walls. J Bot 12:1–9.', // bib-1
  'Baumann T, Chen L, Ruiz P (2019a) Lichens at night. Ecol 3:7–20.', // bib-2
  'Baumann T, Chen L, Ruiz P (2019b) Lichens by day. Ecol 3:21–30.', // bib-3
  'de Vries H (2012) Frost and stone. Stone 7:3–8.', // bib-4
  'Moreno A, Patel B, Okafor C, Lindqvist D, Hale E (2018) Roofs. Build 2:1–5.', // bib-5
  'Nunes da Fonseca R (2021) Rain. Water 1:1–2.', // bib-6
  'Quist K (in press) Undated growth. Bot Rev.', // bib-7
  'Tang W, Ivanova S (2025) Walls again. J Bot 14:1–3.', // bib-8
  'Moreno A, Patel B, Okafor C, Hale E (2018) Walls. Build 2:6–9.', // bib-9
  'WHICH DRUGS HELP THE PATIENT? (1981). InPharma, 287, 15.', // bib-10
  '“THE USING OF LOOPS.” 2016. PNIPU Bulletin.', // bib-11
  'SADE, D. A. F. La nouvelle Justine. Hollande: 1797.', // bib-12
  'DIÓN DE PRUSA. Discursos I - XI. Madrid: Gredos, 1988.', // bib-13
  'LIMA, Amanda. O livro indígena. Salvador: EDUFBA, 2012.', // bib-14
  'BASSET, Gilbert; KOENKER, R. Regression quantiles. Econometrica, v. 46, p. 33-50, 1978.', // bib-15
  'COSTA, E. M.; CAVALCANTI, D. M.; SILVA, J. L. Impactos regionais. ANPEC, 2014.', // bib-16
  'REDAÇÃO. ONU denuncia racismo. Veja, 14 de dezembro de 2021.', // bib-17
  'FLORY, Maurice, [no date]. Le droit international est-il européen ? Paris: Pedone.', // bib-18
  'P. Vijayabaskar. (2012). Amylase production by halophilic Bacillus cereus. African Journal of Microbiology Research, 6(23).', // bib-19
];

/** Each citation found in `text` as "its text → bib-N", with the status when it is not ready. */
async function found(text: string, settings: HyperlinkSettingsInput = {}, strictUnmatched = true): Promise<string[]> {
  const model = buildModel(openDocx(await buildDocx({ body: [...REFERENCES, text].map((t) => p(t)).join('') })));
  const index = new AuthorIndex(model.paragraphs.slice(0, REFERENCES.length).map((para, i) => parseEntry(para, i + 1)));
  const para = model.paragraphs[REFERENCES.length]!;
  return authorYearMatches(para, index, parseSettings(settings), strictUnmatched).map(
    (m) => `${para.text.slice(m.start, m.end)} → ${m.targetKey ?? '-'}${m.status === 'ready' ? '' : ` (${m.status})`}`,
  );
}

interface Row {
  name: string;
  text: string;
  found: string[];
  settings?: HyperlinkSettingsInput;
  /** Whether unmatched citations of a clear form are reported (an author-year list): true unless said. */
  strict?: boolean;
}

const rows: Row[] = [
  {
    name: 'a parenthetical group: "&" and "et al." citations, each linked apart',
    text: 'Walls hold moss (Achterberg & Okafor, 2016; Tang et al. 2025).',
    found: ['Achterberg & Okafor, 2016 → bib-1', 'Tang et al. 2025 → bib-8'],
  },
  {
    name: 'narrative citations take their closing parenthesis; a name particle belongs to the surname',
    text: 'As de Vries (2012) and Achterberg and Okafor (2016) showed.',
    found: ['de Vries (2012) → bib-4', 'Achterberg and Okafor (2016) → bib-1'],
  },
  {
    name: 'year suffixes pick the entry; "2019a, b" links the b to the second entry',
    text: 'Baumann et al. (2019a) and later Baumann et al., 2019a, b agree.',
    found: ['Baumann et al. (2019a) → bib-2', 'Baumann et al., 2019a → bib-2', 'b → bib-3'],
  },
  {
    name: 'a further year in the group that the list lacks is not linked',
    text: '(Achterberg & Okafor, 2016, 2019; de Vries, 2012)',
    found: ['Achterberg & Okafor, 2016 → bib-1', 'de Vries, 2012 → bib-4'],
  },
  {
    name: 'an APA first citation naming four or more authors is found from its first author, whoever the others are',
    text: 'Roofs leak (Moreno, Patel, Okafor, Lindqvist, & Hale, 2018), as Moreno, Patel, Okafor, Lindqvist, and Hale (2018) said.',
    found: ['Moreno, Patel, Okafor, Lindqvist, & Hale, 2018 → bib-5', 'Moreno, Patel, Okafor, Lindqvist, and Hale (2018) → bib-5'],
  },
  {
    name: 'the number of authors a full list names picks between one team\'s entries of the same year',
    text: '(Moreno, Patel, Okafor, & Hale, 2018; Moreno, Patel, Okafor, Lindqvist, & Hale, 2018)',
    found: ['Moreno, Patel, Okafor, & Hale, 2018 → bib-9', 'Moreno, Patel, Okafor, Lindqvist, & Hale, 2018 → bib-5'],
  },
  {
    name: '"in press" stands for the year',
    text: 'Growth slows (Quist, in press).',
    found: ['Quist, in press → bib-7'],
  },
  {
    name: 'words before the surname are left out: "In", "Furthermore,"; "and colleagues" reads as et al.',
    text: 'In Nunes da Fonseca (2021) rain fell. Furthermore, Tang and Ivanova (2025) agreed, as did Achterberg and colleagues (2016).',
    found: ['Nunes da Fonseca (2021) → bib-6', 'Tang and Ivanova (2025) → bib-8', 'Achterberg and colleagues (2016) → bib-1'],
  },
  {
    name: 'a possessive surname: "Tang\'s (2025)", "de Vries’s (2012)"',
    text: 'In Tang\'s (2025) survey and de Vries’s (2012) review.',
    found: ['Tang\'s (2025) → bib-8', 'de Vries’s (2012) → bib-4'],
  },
  {
    name: 'a bare "Names Year" is kept when it names an entry',
    text: 'Tang and Ivanova 2025 wrote it.',
    found: ['Tang and Ivanova 2025 → bib-8'],
  },
  {
    name: 'years in prose are not citations: ranges, months, "In 2016,"',
    text: 'From 2016 to 2019 nothing grew; in May 2018 we met. In 2016, Achterberg wrote.',
    found: [],
  },
  {
    name: 'a year shared by two entries without its suffix is low confidence',
    text: 'Baumann et al. (2019) is ambiguous.',
    found: ['Baumann et al. (2019) → bib-2 (low_confidence)'],
  },
  {
    name: 'an unknown "et al." citation of a clear form is reported unmatched; an unknown single name is not',
    text: 'Known (Smith et al., 2020) and Jones 2020 said.',
    found: ['Smith et al., 2020 → - (unmatched)'],
  },
  {
    name: 'an unknown single name in a parenthetical citation is reported unmatched',
    text: 'Walls hold moss (Jones, 2020; de Vries, 2012).',
    found: ['Jones, 2020 → - (unmatched)', 'de Vries, 2012 → bib-4'],
  },
  {
    name: 'a parenthetical item naming an entry by its first words, in any case, is read from the item\'s start',
    text: 'Drugs help (Which drugs, 1981; “the using, 2016).',
    found: ['Which drugs, 1981 → bib-10', '“the using, 2016 → bib-11'],
  },
  {
    name: 'without an author-year list, unknown citations are not reported',
    text: 'Known (Smith et al., 2020).',
    strict: false,
    found: [],
  },
  {
    name: 'citeIncludePages: the page locator joins the citation',
    text: '(de Vries, 2012, pp. 3–5)',
    settings: { citeIncludePages: true },
    found: ['de Vries, 2012, pp. 3–5 → bib-4'],
  },
  {
    name: 'citeLinkScope full: the whole item up to ";" or ")"',
    text: '(Tang et al. 2025, reviewed; de Vries 2012)',
    settings: { citeLinkScope: 'full' },
    found: ['Tang et al. 2025, reviewed → bib-8', 'de Vries 2012 → bib-4'],
  },
  {
    name: 'citeLinkScope full: a narrative citation ends at its own closing parenthesis, never reaching into the next citation',
    text: 'Achterberg and Okafor (2016, p. 4) found it, de Vries (2012) did not, and Tang and Ivanova (2025, in Oslo) agreed.',
    settings: { citeLinkScope: 'full' },
    found: ['Achterberg and Okafor (2016, p. 4) → bib-1', 'de Vries (2012) → bib-4', 'Tang and Ivanova (2025, in Oslo) → bib-8'],
  },
  {
    name: 'a year the only entry of the author lacks goes to that entry for review ("SADE, 1979" for 1797); a further year of a group does not',
    text: 'O mal prospera (SADE, 1979, p. 2), dizem (Achterberg & Okafor, 2016, 2019).',
    found: ['SADE, 1979 → bib-12 (low_confidence)', 'Achterberg & Okafor, 2016 → bib-1'],
  },
  {
    name: 'an author in capitals known by one name (ABNT "DIÓN DE PRUSA."), cited by another of his names',
    text: 'Los textos de Dión Crisóstomo (1988, VI, p. 315) y (DIÓN DE PRUSA, 1988).',
    found: ['Dión Crisóstomo (1988 → bib-13', 'DIÓN DE PRUSA, 1988 → bib-13'],
  },
  {
    name: 'a work\'s year and then its author: "(1797) de Donatien Sade", "(2012) by Amanda Lima"',
    text: 'La nouvelle Justine (1797) de Donatien Sade, O livro indígena (2012) by Amanda Lima, Justine (1797) de Paris.',
    found: ['Donatien Sade → bib-12', 'Amanda Lima → bib-14'],
  },
  {
    name: 'a year alone in parentheses after a quotation cites the author named before it with an entry of that year, no other',
    text: 'Segundo Lima, “a história pertence a todo um povo, como o povo Sade” (2012, p. 41). E ainda: “nada” (2013).',
    found: ['2012 → bib-14 (low_confidence)'],
  },
  {
    name: 'two authors named in the other order than the list\'s, for review',
    text: 'Como propuseram Koenker e Basset (1978), os quantis.',
    found: ['Koenker e Basset (1978) → bib-15 (low_confidence)'],
  },
  {
    name: 'a surname one letter off a listed one with the year and authors of its entry, for review; a short one is not',
    text: 'Seguindo Costal et al. (2014) e (Lina, 2012).',
    found: ['Costal et al. (2014) → bib-16 (low_confidence)', 'Lina, 2012 → - (unmatched)'],
  },
  {
    name: 'an author, a full stop and a title before the year, after "cf."',
    text: 'Racismo sistêmico (cf. Redação. Veja, 2021).',
    found: ['Redação. Veja, 2021 → bib-17'],
  },
  {
    name: 'ISO 690 lists every author with commas, the year after a space: the whole list is the citation, its length picks the team\'s entry',
    text: 'Roofs hold moss (Moreno, Patel, Okafor, Lindqvist, Hale 2018; Moreno, Patel, Okafor, Hale 2018; see Achterberg, Okafor 2016).',
    found: ['Moreno, Patel, Okafor, Lindqvist, Hale 2018 → bib-5', 'Moreno, Patel, Okafor, Hale 2018 → bib-9', 'Achterberg, Okafor 2016 → bib-1'],
  },
  {
    name: 'ISO 690: a last author after "and", names in capitals, a name written initials first or with a particle joined to it',
    text: 'As shown (Tang and Ivanova 2025; BAUMANN, CHEN, RUIZ 2019b; P. Vijayabaskar 2012; Achterberg, deOkafor 2016).',
    found: ['Tang and Ivanova 2025 → bib-8', 'BAUMANN, CHEN, RUIZ 2019b → bib-3', 'P. Vijayabaskar 2012 → bib-19', 'Achterberg, deOkafor 2016 → bib-1'],
  },
  {
    name: 'ISO 690: "[no date]" and a title standing in for the author before the year',
    text: 'Law (Flory [no date]; WHICH DRUGS HELP THE PATIENT? 1981).',
    found: ['Flory [no date] → bib-18', 'WHICH DRUGS HELP THE PATIENT? 1981 → bib-10'],
  },
  {
    name: 'a comma list is read only when every part is a name and the first is the list\'s: items joined by commas, places',
    text: 'Seen twice (Tang 2025, Achterberg 2016) and in Europe (Paris, London 2019).',
    found: ['Tang 2025 → bib-8', 'Achterberg 2016 → bib-1'],
  },
];

for (const row of rows) {
  test(row.name, async () => {
    assert.deepEqual(await found(row.text, row.settings, row.strict ?? true), row.found);
  });
}
