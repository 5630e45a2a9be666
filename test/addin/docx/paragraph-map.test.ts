import { test } from 'node:test';
import assert from 'node:assert/strict';
import JSZip from 'jszip';
import { paragraphMap, toBodyIndex, toEngineIndex } from '../../../addin/docx/paragraph-map.ts';
import { scan } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { textBoxDocx } from '../../helpers/textbox-fixture.ts';

test('text-box paragraphs count for the engine, not for Word; mc:Fallback copies for neither', async () => {
  const bytes = await textBoxDocx();
  const xml = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
  const map = paragraphMap(xml);
  // Introduction, box holder, box paragraph, citing paragraph, caption.
  assert.deepEqual(map.inTextBox, [false, false, true, false, false]);
  assert.equal(toBodyIndex(map, 3), 2, 'the citing paragraph is body paragraph 2');
  assert.equal(toBodyIndex(map, 2), null, 'text-box paragraph has no body index');
  assert.equal(toEngineIndex(map, 2), 3);
  assert.equal(toEngineIndex(map, 3), 4);
  // The engine agrees: the citing paragraph's matches are at engine paragraph 3.
  const packet = scan(bytes, { ...DEFAULT_SETTINGS });
  const figures = packet.matches.filter((m) => m.kind === 'figure' && m.location.part === 'word/document.xml');
  assert.ok(figures.some((m) => m.location.paragraph === 3), JSON.stringify(figures.map((m) => m.location)));
});

test('without a map indexes pass through', () => {
  assert.equal(toBodyIndex(null, 7), 7);
  assert.equal(toEngineIndex(null, 7), 7);
});
