import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateInBody, matchAtPosition } from '../../../addin/docx/locate.ts';
import { summarizeDocx } from '../../../addin/docx/docx-summary.ts';
import { scan } from '../../../server/engine/index.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { textBoxDocx, WORD_BODY } from '../../helpers/textbox-fixture.ts';
import { match } from '../fixtures.ts';

async function figureMatches() {
  const bytes = await textBoxDocx();
  const packet = scan(bytes, { ...DEFAULT_SETTINGS });
  const summary = await summarizeDocx(bytes);
  const inBody = packet.matches.filter((m) => m.kind === 'figure' && m.location.paragraph === 3).sort((a, b) => a.location.start - b.location.start);
  return { inBody, summary, all: packet.matches };
}

test('each engine match maps to its own hit in Word (text box before, astral character before)', async () => {
  const { inBody, summary } = await figureMatches();
  assert.ok(inBody.length >= 3, `three figure mentions in the citing paragraph, got ${inBody.length}`);
  const found = inBody.map((m) => locateInBody(WORD_BODY, m, summary.paragraphMap));
  assert.deepEqual(
    found.map((f) => (f.where === 'paragraph' ? [f.paragraph, f.k] : f.where)),
    [[2, 0], [2, 1], [2, 2]],
  );
});

test('the occurrence at the offset wins, not the n-th hit of the text in the document', () => {
  const body = ['see [1] here', 'and [1] there', 'and [1] again'];
  const m = match('x', 'citation', 'ready', 'r1', { sourceText: '[1]', location: { part: 'word/document.xml', paragraph: 2, start: 4, end: 7 } });
  const where = locateInBody(body, m, null);
  assert.deepEqual(where, { where: 'paragraph', paragraph: 2, k: 0, global: 2 });
});

test('a paragraph index off by one still finds the nearest hit', () => {
  const body = ['intro', 'x', 'see [2] here'];
  const m = match('x', 'citation', 'ready', 'r1', { sourceText: '[2]', location: { part: 'word/document.xml', paragraph: 1, start: 4, end: 7 } });
  assert.deepEqual(locateInBody(body, m, null), { where: 'paragraph', paragraph: 2, k: 0, global: 0 });
});

test('text-box and footnote matches say so', async () => {
  const { all, summary } = await figureMatches();
  const inBox = all.find((m) => m.location.paragraph === 2);
  assert.ok(inBox, 'the engine reports the text-box mention');
  assert.deepEqual(locateInBody(WORD_BODY, inBox, summary.paragraphMap), { where: 'text-box' });
  const note = match('n', 'citation', 'ready', 'r1', { location: { part: 'word/footnotes.xml', paragraph: 0, start: 0, end: 3 } });
  assert.deepEqual(locateInBody(WORD_BODY, note, null), { where: 'other-part', part: 'word/footnotes.xml' });
});

test("Word's selection finds its match (UTF-16 offset after an astral character)", async () => {
  const { inBody, summary } = await figureMatches();
  const text = WORD_BODY[2]!;
  const second = text.indexOf('Figure 1', text.indexOf('𝒳'));
  const hit = matchAtPosition(inBody, summary.paragraphMap, { bodyParagraph: 2, offset: second + 'Figure '.length, paragraphText: text });
  assert.equal(hit?.refId, inBody[1]!.refId);
  assert.equal(matchAtPosition(inBody, summary.paragraphMap, { bodyParagraph: 0, offset: 0, paragraphText: 'Introduction' }), null);
});

test('without a location the occurrence among identical matches picks the hit', () => {
  const body = ['see [1] here', 'and [1] there'];
  const m = { ...match('x', 'citation', 'ready', 'r1', { sourceText: '[1]' }), location: undefined } as unknown as Parameters<typeof locateInBody>[1];
  assert.deepEqual(locateInBody(body, m, null, 1), { where: 'paragraph', paragraph: 1, k: 0, global: 1 });
});
