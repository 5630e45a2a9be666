// Manuscripts in other languages: a short manuscript per language of labels/*.json, with captions, a
// display equation and a paragraph naming them in the language's forms; the matches the scan proposes,
// exactly (kind, text, target).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDocx, p, r, SUP } from '../../../../helpers/docx-builder.ts';
import { analyse } from '../../../../../server/engine/scan.ts';
import { ALL_LANGUAGES, connectorWords, LANGUAGES } from '../../../../../server/engine/detect/labels/vocabulary.ts';
import { parseSettings } from '../../../../../shared/settings.ts';
import { LABEL_LANGUAGES } from '../../../../../shared/settings-values.ts';

const SETTINGS = parseSettings({ figures: 'full', tables: 'full', equations: 'full' });

interface Case { lang: string; fig: string; tab: string; text: string; expected: [string, string, string][] }

const CASES: Case[] = [
  { lang: 'pt', fig: 'Figura 1 – Mapa da área.', tab: 'Tabela 2 - Dados.', text: 'Como mostram a Figura 1, as Figuras 1 e 2, a tabela 2 e a equação (1).', expected: [['figure', 'Figura 1', 'fig-1'], ['figure', 'Figuras 1', 'fig-1'], ['figure', '2', 'fig-2'], ['table', 'tabela 2', 'tab-2'], ['equation', 'equação (1)', 'eq-1']] },
  { lang: 'es', fig: 'Figura 1. Mapa.', tab: 'Tabla 2. Datos.', text: 'Véanse la Fig. 1, las Figuras 1 y 2, la Tabla 2 y la Ecuación (1).', expected: [['figure', 'Fig. 1', 'fig-1'], ['figure', 'Figuras 1', 'fig-1'], ['figure', '2', 'fig-2'], ['table', 'Tabla 2', 'tab-2'], ['equation', 'Ecuación (1)', 'eq-1']] },
  { lang: 'fr', fig: 'Figure 1 : Carte.', tab: 'Tableau 2 : Données.', text: 'Voir les figures 1 et 2, le Tableau 2 et l’équation (1).', expected: [['figure', 'figures 1', 'fig-1'], ['figure', '2', 'fig-2'], ['table', 'Tableau 2', 'tab-2'], ['equation', 'équation (1)', 'eq-1']] },
  { lang: 'de', fig: 'Abbildung 1: Karte.', tab: 'Tabelle 2: Daten.', text: 'Siehe Abb. 1, die Abbildungen 1 bis 2, Tabelle 2 und Gl. (1).', expected: [['figure', 'Abb. 1', 'fig-1'], ['figure', 'Abbildungen 1', 'fig-1'], ['figure', '2', 'fig-2'], ['table', 'Tabelle 2', 'tab-2'], ['equation', 'Gl. (1)', 'eq-1']] },
  { lang: 'it', fig: 'Figura 1. Mappa.', tab: 'Tabella 2. Dati.', text: 'Si vedano la Figura 1, la Tabella 2 e l’Equazione (1).', expected: [['figure', 'Figura 1', 'fig-1'], ['table', 'Tabella 2', 'tab-2'], ['equation', 'Equazione (1)', 'eq-1']] },
  { lang: 'nl', fig: 'Figuur 1. Kaart.', tab: 'Tabel 2. Gegevens.', text: 'Zie Figuur 1, Tabel 2 en Vergelijking (1).', expected: [['figure', 'Figuur 1', 'fig-1'], ['table', 'Tabel 2', 'tab-2'], ['equation', 'Vergelijking (1)', 'eq-1']] },
  { lang: 'pl', fig: 'Rysunek 1. Mapa.', tab: 'Tabela 2. Dane.', text: 'Zob. rys. 1, tabeli 2 oraz równanie (1).', expected: [['figure', 'rys. 1', 'fig-1'], ['table', 'tabeli 2', 'tab-2'], ['equation', 'równanie (1)', 'eq-1']] },
  { lang: 'tr', fig: 'Şekil 1. Harita.', tab: 'Tablo 2. Veriler.', text: 'Bakınız Şekil 1, Tablo 2 ve Denklem (1).', expected: [['figure', 'Şekil 1', 'fig-1'], ['table', 'Tablo 2', 'tab-2'], ['equation', 'Denklem (1)', 'eq-1']] },
  { lang: 'ru', fig: 'Рисунок 1. Карта.', tab: 'Таблица 2. Данные.', text: 'См. рис. 1, в таблице 2 и уравнение (1).', expected: [['figure', 'рис. 1', 'fig-1'], ['table', 'таблице 2', 'tab-2'], ['equation', 'уравнение (1)', 'eq-1']] },
  { lang: 'zh', fig: '图 1 研究区地图', tab: '表 2 数据', text: '如图1和表2所示，见式(1)。', expected: [['figure', '图1', 'fig-1'], ['table', '表2', 'tab-2'], ['equation', '式(1)', 'eq-1']] },
  { lang: 'ja', fig: '図 1 地図', tab: '表 2 データ', text: '図1と表2、式(1)を参照。', expected: [['figure', '図1', 'fig-1'], ['table', '表2', 'tab-2'], ['equation', '式(1)', 'eq-1']] },
];

for (const c of CASES) {
  test(`${c.lang}: figure, table and equation mentions and captions, exactly`, async () => {
    const body = p(c.text) + p(c.fig, 'Caption') + p(c.fig.replace('1', '2'), 'Caption') + p(c.tab, 'Caption') + p('x = y + z\t(1)');
    const input = analyse(await buildDocx({ body }), SETTINGS);
    const got = [...input.matchById.values()]
      .filter((m) => m.paragraph.index === 0 && m.kind !== 'citation')
      .sort((a, b) => a.start - b.start)
      .map((m) => [m.kind, m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
    assert.deepEqual(got, c.expected);
  });
}

test('every language file has every kind and the connectors; words are read whole, longest first', () => {
  assert.equal(LANGUAGES.length, 11);
  assert.deepEqual(LANGUAGES.map((l) => l.language), [...LABEL_LANGUAGES], 'the languages the setting offers (shared/settings-values.ts)');
  for (const lang of LANGUAGES) {
    for (const kind of ['figure', 'table', 'equation', 'section', 'appendix', 'supplementary', 'algorithm', 'listing'] as const) {
      assert.ok(lang[kind].length > 0, `${lang.language} ${kind}`);
    }
    assert.ok(lang.and.length > 0, `${lang.language} and`);
  }
  const figure = new RegExp(`^(?:${ALL_LANGUAGES.labelWords('figure', /^$/)})`);
  assert.equal(figure.exec('Figuras 7')?.[0], 'Figuras');
  assert.equal(figure.exec('FIGURA 7')?.[0], 'FIGURA');
  assert.equal(figure.exec('Abb 2')?.[0], 'Abb', 'the full stop of an abbreviation may be left out');
  assert.match(connectorWords('and'), /(^|\|)und(\||$)/);
});

test('a caption naming two or three floats is the target of each ("Figuras 7 e 8.", "Tablas 3, 4 y 5:")', async () => {
  const body = p('Ver as Figuras 7, 8 e 9, e as Tablas 3, 4 y 5.') + p('Figuras 7 e 8. Manifestação.') + p('Figura 9. Outra.') + p('Tablas 3, 4 y 5: Datos.');
  const input = analyse(await buildDocx({ body }), SETTINGS);
  const got = [...input.matchById.values()]
    .filter((m) => m.paragraph.index === 0)
    .sort((a, b) => a.start - b.start)
    .map((m) => [m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '', input.targetById.get(m.targetKey ?? '')?.paragraph.index ?? -1]);
  assert.deepEqual(got, [['Figuras 7', 'fig-7', 1], ['8', 'fig-8', 1], ['9', 'fig-9', 2], ['Tablas 3', 'tab-3', 3], ['4', 'tab-4', 3], ['5', 'tab-5', 3]]);
});

interface SectionCase { lang: string; section: string; appendix: string; text: string; expected: [string, string, string][] }

const SECTION_CASES: SectionCase[] = [
  { lang: 'pt', section: 'Métodos', appendix: 'Anexo A – Questionário', text: 'Como descrito na seção 2.1 e no Capítulo 2, e no Anexo A e no anexo B.', expected: [['section', 'seção 2.1', 'sec-2.1'], ['section', 'Capítulo 2', 'sec-2'], ['appendix', 'Anexo A', 'app-A'], ['appendix', 'anexo B', 'app-B']] },
  { lang: 'es', section: 'Métodos', appendix: 'Anexo A. Cuestionario', text: 'Véase la sección 2.1, el apartado 2 y los Anexos A y B.', expected: [['section', 'sección 2.1', 'sec-2.1'], ['section', 'apartado 2', 'sec-2'], ['appendix', 'Anexos A', 'app-A'], ['appendix', 'B', 'app-B']] },
  { lang: 'fr', section: 'Méthodes', appendix: 'Annexe A : Questionnaire', text: 'Voir la section 2.1, le chapitre 2 et l’annexe A.', expected: [['section', 'section 2.1', 'sec-2.1'], ['section', 'chapitre 2', 'sec-2'], ['appendix', 'annexe A', 'app-A']] },
  { lang: 'de', section: 'Methoden', appendix: 'Anhang A: Fragebogen', text: 'Siehe Abschnitt 2.1, Kapitel 2 und Anhang A sowie Anhang B.', expected: [['section', 'Abschnitt 2.1', 'sec-2.1'], ['section', 'Kapitel 2', 'sec-2'], ['appendix', 'Anhang A', 'app-A'], ['appendix', 'Anhang B', 'app-B']] },
  { lang: 'it', section: 'Metodi', appendix: 'Appendice A. Questionario', text: 'Si veda la Sezione 2.1 e l’Appendice A.', expected: [['section', 'Sezione 2.1', 'sec-2.1'], ['appendix', 'Appendice A', 'app-A']] },
  { lang: 'nl', section: 'Methoden', appendix: 'Bijlage A. Vragenlijst', text: 'Zie paragraaf 2.1 en Bijlage A.', expected: [['section', 'paragraaf 2.1', 'sec-2.1'], ['appendix', 'Bijlage A', 'app-A']] },
  { lang: 'pl', section: 'Metody', appendix: 'Załącznik A. Ankieta', text: 'Zob. Rozdział 2.1 i Załącznik A.', expected: [['section', 'Rozdział 2.1', 'sec-2.1'], ['appendix', 'Załącznik A', 'app-A']] },
  { lang: 'ru', section: 'Методы', appendix: 'Приложение A. Анкета', text: 'См. раздел 2.1 и Приложение A.', expected: [['section', 'раздел 2.1', 'sec-2.1'], ['appendix', 'Приложение A', 'app-A']] },
];

for (const c of SECTION_CASES) {
  test(`${c.lang}: section, chapter and appendix mentions by number, exactly`, async () => {
    const second = c.appendix.replace(/ A\b.*/, ' B');
    const body = p(c.text) + p('1 Introdução', 'Heading1') + p('2 Dados', 'Heading1') + p(`2.1 ${c.section}`, 'Heading2') + p(c.appendix, 'Heading1') + p(second, 'Heading1');
    const input = analyse(await buildDocx({ body }), parseSettings({ sections: 'full', appendices: 'full' }));
    const got = [...input.matchById.values()]
      .filter((m) => m.paragraph.index === 0)
      .sort((a, b) => a.start - b.start)
      .map((m) => [m.kind, m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
    assert.deepEqual(got, c.expected);
  });
}

test('a footnote mark typed as superscript digits after a label number is no part of it ("Figura 02⁸")', async () => {
  const body = `<w:p>${r('Ver a Figura 02')}${r('8', SUP)}${r(' e a Figure 3')}${r('12', SUP)}${r('.')}</w:p>` + p('Figura 2. Mapa.') + p('Figure 3. Map.');
  const input = analyse(await buildDocx({ body }), SETTINGS);
  const got = [...input.matchById.values()]
    .filter((m) => m.paragraph.index === 0 && m.kind === 'figure')
    .sort((a, b) => a.start - b.start)
    .map((m) => [m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
  assert.deepEqual(got, [['Figura 02', 'fig-2'], ['Figure 3', 'fig-3']]);
});

// Supplementary floats and material, algorithms and listings in each language: the supplementary word after
// the noun ("Figura suplementar 2", "Material suplementario S2") or before it ("Ergänzende Tabelle 2", "补充图2").
const FLOAT_SETTINGS = parseSettings({ figures: 'full', tables: 'full', supplementary: 'full', algorithms: 'full', listings: 'full' });

interface FloatCase { lang: string; text: string; captions: string[]; expected: [string, string, string][] }

const FLOAT_CASES: FloatCase[] = [
  { lang: 'pt', text: 'Ver a Figura S1, a Figura suplementar 2, o Material suplementar S3, o Algoritmo 1 e a Listagem 2.', captions: ['Figura S1. Mapa.', 'Figura Suplementar 2. Outro mapa.', 'Material Suplementar S3. Questionário.', 'Algoritmo 1. Busca.', 'Listagem 2. Código.'], expected: [['figure', 'Figura S1', 'fig-S1'], ['figure', 'Figura suplementar 2', 'fig-S2'], ['supplementary', 'Material suplementar S3', 'supp-material-3'], ['algorithm', 'Algoritmo 1', 'alg-1'], ['listing', 'Listagem 2', 'lst-2']] },
  { lang: 'es', text: 'Véanse la Tabla suplementaria S1, el Material suplementario S2, el Algoritmo 1 y el Listado 2.', captions: ['Tabla suplementaria S1. Datos.', 'Material suplementario S2. Texto.', 'Algoritmo 1. Búsqueda.', 'Listado 2. Código.'], expected: [['table', 'Tabla suplementaria S1', 'tab-S1'], ['supplementary', 'Material suplementario S2', 'supp-material-2'], ['algorithm', 'Algoritmo 1', 'alg-1'], ['listing', 'Listado 2', 'lst-2']] },
  { lang: 'fr', text: 'Voir la Figure supplémentaire 2, l’Algorithme 1 et le Listing 2.', captions: ['Figure supplémentaire 2 : Carte.', 'Algorithme 1 : Recherche.', 'Listing 2 : Code.'], expected: [['figure', 'Figure supplémentaire 2', 'fig-S2'], ['algorithm', 'Algorithme 1', 'alg-1'], ['listing', 'Listing 2', 'lst-2']] },
  { lang: 'de', text: 'Siehe Abbildung S1, Ergänzende Tabelle 2, Zusätzliche Datei 1, Algorithmus 3 und Listing 2.', captions: ['Abbildung S1: Karte.', 'Ergänzende Tabelle 2: Daten.', 'Zusätzliche Datei 1: Rohdaten.', 'Algorithmus 3: Suche.', 'Listing 2: Code.'], expected: [['figure', 'Abbildung S1', 'fig-S1'], ['table', 'Ergänzende Tabelle 2', 'tab-S2'], ['supplementary', 'Zusätzliche Datei 1', 'supp-file-1'], ['algorithm', 'Algorithmus 3', 'alg-3'], ['listing', 'Listing 2', 'lst-2']] },
  { lang: 'it', text: 'Si vedano la Figura supplementare 2, l’Algoritmo 1 e il Listato 2.', captions: ['Figura supplementare 2. Mappa.', 'Algoritmo 1. Ricerca.', 'Listato 2. Codice.'], expected: [['figure', 'Figura supplementare 2', 'fig-S2'], ['algorithm', 'Algoritmo 1', 'alg-1'], ['listing', 'Listato 2', 'lst-2']] },
  { lang: 'nl', text: 'Zie Aanvullende tabel 1, Algoritme 2 en Listing 3.', captions: ['Aanvullende tabel 1. Gegevens.', 'Algoritme 2. Zoeken.', 'Listing 3. Code.'], expected: [['table', 'Aanvullende tabel 1', 'tab-S1'], ['algorithm', 'Algoritme 2', 'alg-2'], ['listing', 'Listing 3', 'lst-3']] },
  { lang: 'pl', text: 'Zob. Dodatkowa tabela 2, Algorytm 1 i Listing 2.', captions: ['Dodatkowa tabela 2. Dane.', 'Algorytm 1. Wyszukiwanie.', 'Listing 2. Kod.'], expected: [['table', 'Dodatkowa tabela 2', 'tab-S2'], ['algorithm', 'Algorytm 1', 'alg-1'], ['listing', 'Listing 2', 'lst-2']] },
  { lang: 'tr', text: 'Ek olarak 3 örnek, Ek Dosya 1, Algoritma 2 ve Liste 1 incelendi.', captions: ['Ek Dosya 1. Veriler.', 'Algoritma 2. Arama.', 'Liste 1. Kod.'], expected: [['supplementary', 'Ek Dosya 1', 'supp-file-1'], ['algorithm', 'Algoritma 2', 'alg-2'], ['listing', 'Liste 1', 'lst-1']] },
  { lang: 'ru', text: 'См. Дополнительная таблица 2, дополнительный файл 1, Алгоритм 3 и Листинг 2.', captions: ['Дополнительная таблица 2. Данные.', 'Дополнительный файл 1. Анкета.', 'Алгоритм 3. Поиск.', 'Листинг 2. Код.'], expected: [['table', 'Дополнительная таблица 2', 'tab-S2'], ['supplementary', 'дополнительный файл 1', 'supp-file-1'], ['algorithm', 'Алгоритм 3', 'alg-3'], ['listing', 'Листинг 2', 'lst-2']] },
  { lang: 'zh', text: '如图S1、补充图2、补充材料1、算法1和代码2所示。', captions: ['图S1 地图', '补充图2 数据', '补充材料1 问卷', '算法1 搜索', '代码2 程序'], expected: [['figure', '图S1', 'fig-S1'], ['figure', '补充图2', 'fig-S2'], ['supplementary', '补充材料1', 'supp-file-1'], ['algorithm', '算法1', 'alg-1'], ['listing', '代码2', 'lst-2']] },
  { lang: 'ja', text: '補足図1、補足資料2、アルゴリズム1とリスト2を参照。', captions: ['補足図1 地図', '補足資料2 質問票', 'アルゴリズム1 探索', 'リスト2 コード'], expected: [['figure', '補足図1', 'fig-S1'], ['supplementary', '補足資料2', 'supp-file-2'], ['algorithm', 'アルゴリズム1', 'alg-1'], ['listing', 'リスト2', 'lst-2']] },
];

for (const c of FLOAT_CASES) {
  test(`${c.lang}: supplementary figures, tables and material, algorithms and listings, exactly`, async () => {
    const body = p(c.text) + c.captions.map((caption) => p(caption, 'Caption')).join('');
    const input = analyse(await buildDocx({ body }), FLOAT_SETTINGS);
    const got = [...input.matchById.values()]
      .filter((m) => m.paragraph.index === 0 && m.kind !== 'citation')
      .sort((a, b) => a.start - b.start)
      .map((m) => [m.kind, m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
    assert.deepEqual(got, c.expected);
  });
}

test('an English manuscript reads no supplementary word of another language ("Figura suplementar 2" is no float of it)', async () => {
  const prose = p('The study was done with data that are not new, but these have also been useful for an analysis of the regions of the country.').repeat(40);
  const body = p('See Supplementary Figure 2, Algorithm 1 and Figura suplementar 3.') + prose + p('Supplementary Figure 2. Map.', 'Caption') + p('Algorithm 1. Search.', 'Caption') + p('Figure S3. Other.', 'Caption');
  const input = analyse(await buildDocx({ body }), FLOAT_SETTINGS);
  const got = [...input.matchById.values()].filter((m) => m.paragraph.index === 0).map((m) => [m.kind, m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
  assert.deepEqual(got, [['figure', 'Supplementary Figure 2', 'fig-S2'], ['algorithm', 'Algorithm 1', 'alg-1']]);
});

test('a caption numbered by a SEQ field named in any language is its kind\'s target, whatever the text is told to be ("SEQ Rysunek", "SEQ 表")', async () => {
  const seq = (name: string, n: string) => `<w:fldSimple w:instr=" SEQ ${name} \\* ARABIC "><w:r><w:t>${n}</w:t></w:r></w:fldSimple>`;
  const caption = (label: string, name: string, n: string, rest: string) => `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r(label)}${seq(name, n)}${r(rest)}</w:p>`;
  const prose = p('The study was done with data that are not new, but these have also been useful for an analysis of the regions of the country.').repeat(40);
  const body = p('See Figure 1, Table 2, Algorithm 3 and Eq. (4).') + prose + caption('Rys. ', 'Rysunek', '1', '. Map.') + caption('Tab. ', '表', '2', ' Data.') + caption('Alg. ', 'Algorytm', '3', '. Search.') + `<w:p>${r('E = mc²\t(')}${seq('Gleichung', '4')}${r(')')}</w:p>`;
  const input = analyse(await buildDocx({ body }), FLOAT_SETTINGS);
  assert.equal(input.packet.languages?.basis, 'detected');
  assert.deepEqual(input.packet.languages?.read, ['en'], 'told as English: no other language\'s label words are read');
  const got = [...input.matchById.values()].filter((m) => m.paragraph.index === 0).map((m) => [m.kind, m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
  assert.deepEqual(got, [['figure', 'Figure 1', 'fig-1'], ['table', 'Table 2', 'tab-2'], ['algorithm', 'Algorithm 3', 'alg-3'], ['equation', '(4)', 'eq-4']]);
});

test('another language\'s supplementary label numbered without S is read only when the document has its target ("período suplementar 2 anos")', async () => {
  const prose = p('O estudo foi feito com os dados que não são novos, mas também são úteis para uma análise entre as regiões do país.').repeat(30);
  const text = 'Houve um período suplementar 2 anos depois, como mostra o Material suplementar S3 e o Arquivo suplementar 1.';
  const body = p(text) + prose + p('Arquivo suplementar 1. Questionário.', 'Caption');
  const input = analyse(await buildDocx({ body }), FLOAT_SETTINGS);
  const got = [...input.matchById.values()].filter((m) => m.paragraph.index === 0).map((m) => [m.kind, m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '', m.status]);
  assert.deepEqual(got, [['supplementary', 'Material suplementar S3', '', 'unmatched'], ['supplementary', 'Arquivo suplementar 1', 'supp-file-1', 'ready']]);
});
