// The languages of a manuscript (issue 25, item 2): told from the text and from w:lang; the detectors read
// the label words of those languages (English always), every language for a text too short to tell, and the
// languages the setting pins.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDocx, DEFAULT_STYLES, p, r } from '../../../helpers/docx-builder.ts';
import { analyse } from '../../../../server/engine/scan.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { manuscriptLanguages } from '../../../../server/engine/detect/languages.ts';
import { ALL_LANGUAGES } from '../../../../server/engine/detect/labels/vocabulary.ts';
import { parseSettings, type HyperlinkSettingsInput } from '../../../../shared/settings.ts';

const PT = 'O estudo foi feito com os dados que não são novos, mas também são úteis para uma análise entre as regiões do país.';
const EN = 'The study was done with data that are not new, but these have also been useful for an analysis of the regions of the country.';
const ES = 'El estudio se hizo con los datos que no son nuevos, pero también son útiles para una análisis entre las regiones del país.';
const prose = (sentence: string, n: number) => Array.from({ length: n }, () => p(sentence)).join('');

async function languagesOf(body: string, settings: HyperlinkSettingsInput = {}, styles?: string) {
  const model = buildModel(openDocx(await buildDocx(styles ? { body, styles } : { body })));
  return manuscriptLanguages(model, parseSettings(settings));
}

test('the text tells its languages: a Portuguese paper, an English one with a Spanish abstract, an English one', async () => {
  const pt = await languagesOf(prose(PT, 30));
  assert.deepEqual([pt.written, pt.vocabulary.codes], [['pt'], ['pt']]);
  const mixed = await languagesOf(prose(ES, 8) + prose(EN, 40));
  assert.deepEqual(mixed.written, ['es'], 'an abstract in another language is enough');
  const en = await languagesOf(prose(EN, 40));
  assert.deepEqual([en.written, en.vocabulary.codes], [[], []], 'English label words are read always; no other language');
});

test('w:lang tells a language too: on runs, and as the styles default', async () => {
  const runs = await languagesOf(prose(PT, 30) + `<w:p>${r('Die Ergebnisse sind in Abb. 2 gezeigt.', '<w:lang w:val="de-DE"/>')}</w:p>`.repeat(3));
  assert.deepEqual([runs.declared, runs.vocabulary.codes], [['de'], ['pt', 'de']]);
  const styles = DEFAULT_STYLES + '<w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="es-ES"/></w:rPr></w:rPrDefault></w:docDefaults>';
  const byDefault = await languagesOf(prose(EN, 40), {}, styles);
  assert.deepEqual([byDefault.declared, byDefault.vocabulary.codes], [['es'], ['es']]);
});

test('a text too short to tell is read with every language', async () => {
  const short = await languagesOf(p('Ver a Figura 1 e a Abb. 2.'));
  assert.equal(short.vocabulary, ALL_LANGUAGES);
});

test('the detectors read the words of the detected languages, or of the pinned ones', async () => {
  const body = prose(PT, 30) + p('Como mostram a Figura 1 e a Abb. 2.') + p('Figura 1. Mapa.', 'Caption') + p('Abb. 2: Karte.', 'Caption');
  const bytes = await buildDocx({ body });
  const figures = (settings: HyperlinkSettingsInput) => {
    const input = analyse(bytes, parseSettings({ figures: 'full', ...settings }));
    return [...input.matchById.values()].filter((m) => m.kind === 'figure').map((m) => [m.paragraph.text.slice(m.start, m.end), m.targetKey ?? '']);
  };
  assert.deepEqual(figures({}), [['Figura 1', 'fig-1']], 'Portuguese: "Abb." is no label word of it');
  assert.deepEqual(figures({ languages: ['de'] }), [['Abb. 2', 'fig-2']]);
  assert.deepEqual(figures({ languages: ['pt', 'de'] }), [['Figura 1', 'fig-1'], ['Abb. 2', 'fig-2']]);
  assert.deepEqual(figures({ languages: 'auto' }), figures({}));
  assert.throws(() => parseSettings({ languages: ['português'] }), /languages/);
});

test('the scan packet says the languages read, what told them and how they were chosen', async () => {
  const packet = async (body: string, settings: HyperlinkSettingsInput = {}) => analyse(await buildDocx({ body }), parseSettings(settings)).packet.languages;
  const ptRuns = `<w:p>${r('Die Ergebnisse sind in Abb. 2 gezeigt.', '<w:lang w:val="de-DE"/>')}</w:p>`.repeat(3);
  assert.deepEqual(await packet(prose(PT, 30) + ptRuns), { read: ['pt', 'de', 'en'], declared: ['de'], written: ['pt'], basis: 'detected' });
  assert.deepEqual(await packet(prose(EN, 40)), { read: ['en'], declared: [], written: [], basis: 'detected' });
  assert.deepEqual(await packet(prose(EN, 40), { languages: ['es', 'xx'] }), { read: ['es', 'en'], declared: [], written: [], basis: 'pinned' });
  const short = await packet(p('Ver a Figura 1.'));
  assert.equal(short?.basis, 'undetermined');
  assert.deepEqual(short?.read, [...ALL_LANGUAGES.codes, 'en'], 'too short to tell: every language');
});
