// Author-year citations and reference lists in other languages: a short manuscript per language of
// labels/*.json written in its conventions (the words joining two authors, its et-al and no-date forms, its
// reference-list heading), with the matches the detectors propose, exactly (text, status, target).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { p } from '../../../../helpers/docx-builder.ts';
import { cite } from '../cite-helpers.ts';
import { AUTHOR_AND, isNoDate, MONTHS, OTHER_ET_AL } from '../../../../../server/engine/detect/citations/language-words.ts';

interface Case { lang: string; text: string; heading: string; refs: string[]; expected: [string, string, string?][] }

const CASES: Case[] = [
  {
    lang: 'pt',
    text: 'Segundo Ferro e Nicollela (2007) e Iacus, King e Porro (2009, 2011), o tema é antigo (OLIVEIRA; RESENDE, 2020; Santos e col., 2019a, b; SOUZA, s.d.).',
    heading: 'Referências',
    refs: [
      'FERRO, Andrea; NICOLLELA, Alexandre. Título do estudo. São Paulo: Editora, 2007.',
      'IACUS, S.; KING, G.; PORRO, G. Multivariate matching. Journal, 2009.',
      'IACUS, S.; KING, G.; PORRO, G. Causal inference. Political Analysis, 2011.',
      'OLIVEIRA, Ana; RESENDE, Bruno. Título. Rio de Janeiro: Editora, 2020.',
      'SANTOS, A.; LIMA, B.; COSTA, C. Título um. Revista, 2019a.',
      'SANTOS, A.; LIMA, B.; COSTA, C. Título dois. Revista, 2019b.',
      'SOUZA, Ana. Título sem data. Recife: Editora, s.d.',
    ],
    expected: [['Ferro e Nicollela (2007)', 'ready', 'bib-1'], ['Iacus, King e Porro (2009', 'ready', 'bib-2'], ['2011', 'ready', 'bib-3'], ['OLIVEIRA; RESENDE, 2020', 'ready', 'bib-4'], ['Santos e col., 2019a', 'ready', 'bib-5'], ['b', 'ready', 'bib-6'], ['SOUZA, s.d.', 'ready', 'bib-7']],
  },
  {
    lang: 'es',
    text: 'Como indican García y Pérez (2015) y otros estudios (López y col., 2018; Ruiz, s/f; Torres e Ibáñez, 2012).',
    heading: 'Referencias bibliográficas',
    refs: [
      'García, J., & Pérez, L. (2015). Título del artículo. Revista, 10, 1–9.',
      'López, M., Díaz, R., & Vega, S. (2018). Otro título. Revista, 3, 4–5.',
      'Ruiz, A. (s/f). Documento sin fecha. Madrid: Editorial.',
      'Torres, P., & Ibáñez, Q. (2012). Título. Revista, 1, 2–3.',
    ],
    expected: [['García y Pérez (2015)', 'ready', 'bib-1'], ['López y col., 2018', 'ready', 'bib-2'], ['Ruiz, s/f', 'ready', 'bib-3'], ['Torres e Ibáñez, 2012', 'ready', 'bib-4']],
  },
  {
    lang: 'fr',
    text: 'Selon Martin et Dubois (2016), ce point est connu (Bernard et coll., 2014 ; Petit, s.d.).',
    heading: 'Références bibliographiques',
    refs: [
      'Bernard, A., Roux, B., & Blanc, C. (2014). Un titre. Revue, 2, 3–4.',
      'Martin, L., & Dubois, M. (2016). Un autre titre. Revue, 5, 6–7.',
      'Petit, J. (s.d.). Document sans date. Paris : Éditeur.',
    ],
    expected: [['Martin et Dubois (2016)', 'ready', 'bib-2'], ['Bernard et coll., 2014', 'ready', 'bib-1'], ['Petit, s.d.', 'ready', 'bib-3']],
  },
  {
    lang: 'de',
    text: 'Nach Müller und Schmidt (2017) ist das bekannt (Weber u. a. 2019; Fischer o. J.; Becker u.a., 2010).',
    heading: 'Literaturverzeichnis',
    refs: [
      'Becker, K., Wolf, L. & Braun, M. (2010). Ein Titel. Zeitschrift, 1, 2–3.',
      'Fischer, H. (o. J.). Ein Text ohne Jahr. Berlin: Verlag.',
      'Müller, A. & Schmidt, B. (2017). Titel. Zeitschrift, 4, 5–6.',
      'Weber, C., Koch, D. & Richter, E. (2019). Noch ein Titel. Zeitschrift, 7, 8–9.',
    ],
    expected: [['Müller und Schmidt (2017)', 'ready', 'bib-3'], ['Weber u. a. 2019', 'ready', 'bib-4'], ['Fischer o. J.', 'ready', 'bib-2'], ['Becker u.a., 2010', 'ready', 'bib-1']],
  },
  {
    lang: 'it',
    text: 'Come mostrano Rossi e Bianchi (2013) e altri (Ferrari e coll., 2016).',
    heading: 'Riferimenti bibliografici',
    refs: ['Ferrari, A., Russo, B., & Romano, C. (2016). Titolo. Rivista, 1, 2–3.', 'Rossi, M., & Bianchi, L. (2013). Titolo. Rivista, 4, 5–6.'],
    expected: [['Rossi e Bianchi (2013)', 'ready', 'bib-2'], ['Ferrari e coll., 2016', 'ready', 'bib-1']],
  },
  {
    lang: 'nl',
    text: 'Volgens De Vries en Jansen (2014) is dit bekend (Bakker e.a., 2018).',
    heading: 'Literatuurlijst',
    refs: ['Bakker, P., Visser, R., & Smit, S. (2018). Titel. Tijdschrift, 1, 2–3.', 'De Vries, J., & Jansen, K. (2014). Titel. Tijdschrift, 4, 5–6.'],
    expected: [['De Vries en Jansen (2014)', 'ready', 'bib-2'], ['Bakker e.a., 2018', 'ready', 'bib-1']],
  },
  {
    lang: 'pl',
    text: 'Według Kowalski i Nowak (2015) jest to znane (Wiśniewski i in., 2019).',
    heading: 'Bibliografia',
    refs: ['Kowalski, J., & Nowak, A. (2015). Tytuł. Czasopismo, 1, 2–3.', 'Wiśniewski, P., Wójcik, M., & Kamiński, T. (2019). Tytuł. Czasopismo, 4, 5–6.'],
    expected: [['Kowalski i Nowak (2015)', 'ready', 'bib-1'], ['Wiśniewski i in., 2019', 'ready', 'bib-2']],
  },
  {
    lang: 'tr',
    text: 'Yılmaz ve Kaya (2016) bunu göstermiştir (Demir vd., 2020).',
    heading: 'Kaynakça',
    refs: ['Demir, A., Şahin, B., & Çelik, C. (2020). Başlık. Dergi, 1, 2–3.', 'Yılmaz, M., & Kaya, E. (2016). Başlık. Dergi, 4, 5–6.'],
    expected: [['Yılmaz ve Kaya (2016)', 'ready', 'bib-2'], ['Demir vd., 2020', 'ready', 'bib-1']],
  },
  {
    lang: 'ru',
    text: 'Как показали Иванов и Петров (2012), это известно (Смирнов и др., 2018).',
    heading: 'Список литературы',
    refs: ['Иванов, И., & Петров, П. (2012). Название. Журнал, 1, 2–3.', 'Смирнов, С., Кузнецов, К., & Попов, П. (2018). Название. Журнал, 4, 5–6.'],
    expected: [['Иванов и Петров (2012)', 'ready', 'bib-1'], ['Смирнов и др., 2018', 'ready', 'bib-2']],
  },
];

for (const c of CASES) {
  test(`${c.lang}: author-year citations and the reference list, exactly`, async () => {
    const body = [c.text, c.heading, ...c.refs].map((t) => p(t)).join('');
    const { style, bib, matches } = await cite({ body });
    assert.equal(style, 'author-year');
    assert.equal(bib?.entries.length, c.refs.length, 'the heading opens the list');
    assert.deepEqual(matches.map((m) => [m.text, m.status, m.target]), c.expected.map(([t, s, k]) => [t, s, k]));
  });
}

test('ABNT: a surname in capitals takes the given names after it; "______." repeats the authors above; parts of the list under their own headings', async () => {
  const body = [
    'Como dizem Baniwa (2006), Wells (1998) e (CHOLODENKO, 2007c; MUNDURUKU, 2021).',
    'REFERÊNCIAS - Livros:',
    'BANIWA, Gersem dos Santos Luciano. O Índio brasileiro. Brasília: MEC, 2006.',
    'CHOLODENKO, A. Introduction. Sydney: Power, 2007a.',
    '_______. Speculations. Sydney: Power, 2007c.',
    'WELLS, P. Around the World in Animation. London: BFI, 1997.',
    '_______. Understanding Animation. London: Routledge, 1998.',
    'Palestra:',
    'MUNDURUKU, Daniel. Aula proferida durante curso. São Paulo: Centro Cultural, 2021.',
  ].map((t) => p(t)).join('');
  const { bib, matches } = await cite({ body });
  assert.deepEqual(bib?.entries.map((e) => e.label), ['BANIWA 2006', 'CHOLODENKO 2007a', 'CHOLODENKO 2007c', 'WELLS 1997', 'WELLS 1998', 'MUNDURUKU 2021']);
  assert.deepEqual(matches.map((m) => [m.text, m.status, m.target]), [
    ['Baniwa (2006)', 'ready', 'bib-1'], ['Wells (1998)', 'ready', 'bib-5'], ['CHOLODENKO, 2007c', 'ready', 'bib-3'], ['MUNDURUKU, 2021', 'ready', 'bib-6'],
  ]);
});

test('month names are no authors; a no-date word of another language cites only an entry without a year', async () => {
  const body = [
    'Em Março 2020 e em (Março, 2020) nada; os valores (Media, s.d.) e (Lima, s.a.) também não.',
    'Referências',
    'LIMA, A. Título. Revista, 2019.',
    'SOUZA, B. Outro título. Revista, 2018.',
  ].map((t) => p(t)).join('');
  const { matches } = await cite({ body });
  assert.deepEqual(matches, []);
});

test('the citation words come from the language files', () => {
  for (const w of ['e', 'y', 'und', 'et', 'i', 'en', 've', 'и']) assert.match(w, new RegExp(`^(?:${AUTHOR_AND})$`), w);
  for (const w of ['e col.', 'y col.', 'et coll.', 'u. a.', 'u.a.', 'i in.', 'и др.', 'vd.']) assert.match(w, new RegExp(`^(?:${OTHER_ET_AL})$`), w);
  for (const w of ['n.d.', 's.d.', 'S. d.', 's/d', 'o. J.', 'sin fecha']) assert.ok(isNoDate(w), w);
  assert.ok(MONTHS.has('Março') && MONTHS.has('März') && !MONTHS.has('Smith'));
});

test('a classical locator between author and year is read past when the list knows the author ("DIÓGENES LAERCIO, VI 77, 2010")', async () => {
  const body = [
    'Como dice (DIÓGENES LAERCIO, VI 77, 2010, p. 230) y (DIOGENES LAERCIO VI, 40, 2010); según Diógenes Laercio (VI 71, 2010, p. 228), y no (Platón, II 3, 2010).',
    'Referencias',
    'DIÓGENES LAERCIO. Vidas y opiniones de los filósofos ilustres. Madrid: Lucina, 2010.',
    'HADOT, P. La ciudadela interior. Salamanca: Alpha Decay, 2013.',
  ].map((t) => p(t)).join('');
  const { matches } = await cite({ body });
  assert.deepEqual(matches.map((m) => [m.text, m.status, m.target]), [
    ['DIÓGENES LAERCIO, VI 77, 2010', 'ready', 'bib-1'], ['DIOGENES LAERCIO VI, 40, 2010', 'ready', 'bib-1'], ['Diógenes Laercio (VI 71, 2010', 'ready', 'bib-1'],
  ]);
});

test('ABNT slips read as their authors meant: a co-author of two words after the semicolon, a full stop for the comma after capitals', async () => {
  const body = [
    'Texto (GOULET-CAZÉ; BRACHT BRANHAM, 2000, p. 16; SEXTO EMPÍRICO apud MARTÍN GARCÍA. 2008, p. 188) y (MARTÍN GARCÍA. 2008), pero no (USA. 2008) ni Ver MARTÍN GARCÍA. 2008.',
    'Referencias',
    'GOULET-CAZÉ, M.-O; BRACHT BRANHAM. Introducción. In: BRANHAM, B.; GOULET-CAZÉ, M.-O. (ed.). Los cínicos. Barcelona: Seix Barral, 2000.',
    'MARTÍN GARCÍA, J. A. Los filósofos cínicos y la literatura moral serioburlesca. Madrid: Akal, 2008.',
  ].map((t) => p(t)).join('');
  const { matches } = await cite({ body });
  assert.deepEqual(matches.map((m) => [m.text, m.status, m.target]), [
    ['GOULET-CAZÉ; BRACHT BRANHAM, 2000', 'ready', 'bib-1'], ['MARTÍN GARCÍA. 2008', 'ready', 'bib-2'], ['MARTÍN GARCÍA. 2008', 'ready', 'bib-2'],
  ]);
});

test('name particles in citations and in surnames printed in capitals ("da Silva e dos Santos", "DE LA CRUZ", "VAN DER BERG")', async () => {
  const body = [
    'Segundo da Silva e dos Santos (2010) e outros (de la Cruz y col., 2015; von Humboldt, 1845; van der Berg en De Vries, 2014; DA COSTA, s/d).',
    'Referências',
    'DA COSTA, M. Título sem data. Lisboa: Editora, s/d.',
    'DA SILVA, A.; DOS SANTOS, B. Título. Recife: Ed., 2010.',
    'DE LA CRUZ, J.; PÉREZ, L.; GÓMEZ, M. Título. Madrid: Ed., 2015.',
    'VAN DER BERG, P.; DE VRIES, J. Titel. Amsterdam: Uitgever, 2014.',
    'VON HUMBOLDT, A. Kosmos. Stuttgart: Cotta, 1845.',
    'SMITH JA, LEE K. Moss. J Bot. 2004.',
  ].map((t) => p(t)).join('');
  const { bib, matches } = await cite({ body });
  assert.deepEqual(bib?.entries.map((e) => e.surnames[0]), ['DA COSTA', 'DA SILVA', 'DE LA CRUZ', 'VAN DER BERG', 'VON HUMBOLDT', 'SMITH']);
  assert.deepEqual(matches.map((m) => [m.text, m.status, m.target]), [
    ['da Silva e dos Santos (2010)', 'ready', 'bib-2'], ['de la Cruz y col., 2015', 'ready', 'bib-3'], ['von Humboldt, 1845', 'ready', 'bib-5'],
    ['van der Berg en De Vries, 2014', 'ready', 'bib-4'], ['DA COSTA, s/d', 'ready', 'bib-1'],
  ]);
});

test('ABNT co-authors in capitals of three or four letters are surnames, not initials ("IACUS, S.; KING, G.; PORRO, G.")', async () => {
  const body = ['Como em Iacus, King e Porro (2009).', 'Referências', 'IACUS, S.; KING, G.; PORRO, G. Multivariate matching. Journal, 2009.', 'SILVA, A.; LIMA, B.; DIAS, C. Título. Revista, 2010.'].map((t) => p(t)).join('');
  const { bib, matches } = await cite({ body });
  assert.deepEqual(bib?.entries.map((e) => e.surnames), [['IACUS', 'KING', 'PORRO'], ['SILVA', 'LIMA', 'DIAS']]);
  assert.deepEqual(matches.map((m) => [m.text, m.status, m.target]), [['Iacus, King e Porro (2009)', 'ready', 'bib-1']]);
});
