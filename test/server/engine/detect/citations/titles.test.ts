// Works named by their title: a title of the list written out in full and capitalised cites its entry, for review;
// short titles, titles two entries share, and titles inside addresses do not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEntry } from '../../../../../server/engine/detect/bibliography/entry.ts';
import { titleIndex, titleMatches } from '../../../../../server/engine/detect/citations/titles.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';

const REFERENCES = [
  'BRETÓN, A. Antología del humor negro. Barcelona: Anagrama, 2005.', // bib-1
  'DICIONÁRIO on-line de português. Fotorreportagem. https://www.dicio.com.br/fotorreportagem/', // bib-2
  'HADOT, P. La ciudadela interior. Salamanca: Alpha Decay, 2013.', // bib-3
  'HADOT, P. La ciudadela interior. Madrid: Gredos, 2019.', // bib-4: the same title again
  'ONFRAY, M. Cinismos. Buenos Aires: Paidós, 2004.', // bib-5: one word
];

async function found(text: string): Promise<string[]> {
  const model = buildModel(openDocx(await buildDocx({ body: [...REFERENCES, text].map((t) => p(t)).join('') })));
  const index = titleIndex(model.paragraphs.slice(0, REFERENCES.length).map((para, i) => parseEntry(para, i + 1)));
  const para = model.paragraphs[REFERENCES.length]!;
  return titleMatches(para, index).map((m) => `${para.text.slice(m.start, m.end)} → ${m.targetKey} (${m.status})`);
}

test('a title of the list, or an author block that is a title, cites its entry for review', async () => {
  assert.deepEqual(await found('Según observamos en su Antología del humor negro, y el Dicionário on-line de português define.'), [
    'Antología del humor negro → bib-1 (low_confidence)',
    'Dicionário on-line de português → bib-2 (low_confidence)',
  ]);
});

test('no title: in lower case, shared by two entries, one word long, or part of an address', async () => {
  assert.deepEqual(await found('Una antología del humor negro; La ciudadela interior; Cinismos; https://example.org/Antología_del_humor_negro'), []);
});
