// The reference list handed to style detection: its entries, the in-text form, and the notes that cite
// works (a note style cites in footnotes), so detection can say the citation form is "note".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scan } from '../../../server/engine/index.ts';
import type { ReferenceListInput } from '../../../server/engine/citation-style-hooks.ts';
import { detectListStyle } from '../../../server/citation-style/index.ts';
import { parseSettings } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

const entries = [
  'Brown, Alice M. Moss Growth on North-Facing Walls. Boston: Riverside Press, 2004.',
  'Kowalski, Piotr. “Frost Cracking in Limestone.” Stone Review 7, no. 1 (1999): 33–40.',
  'Nakamura, Yui. A Census of City Pigeons. Chicago: Lakeside Books, 2016.',
];
const note = (id: number, t: string) => `<w:footnote w:id="${id}">${p(t)}</w:footnote>`;

async function listOf(footnotes: string | undefined): Promise<(ReferenceListInput & { form: string | null | undefined }) | null> {
  const bytes = await buildDocx({
    body: [p('Moss grows on walls.'), p('Bibliography', 'Heading1'), ...entries.map((e) => p(e))].join(''),
    ...(footnotes !== undefined ? { footnotes } : {}),
  });
  let seen: ReferenceListInput | null = null;
  const packet = scan(bytes, parseSettings({}), { detectStyle: (l) => { seen = l; return detectListStyle(l); } });
  const list = seen as ReferenceListInput | null;
  return list ? { ...list, form: packet.styleDetection?.citationForm?.form } : null;
}

test('footnotes that cite works are counted for the style detector; detection then says the citation form is note', async () => {
  const notes = [
    note(1, 'Alice M. Brown, Moss Growth on North-Facing Walls (Boston: Riverside Press, 2004), 12.'),
    note(2, 'Piotr Kowalski, “Frost Cracking in Limestone,” Stone Review 7, no. 1 (1999): 35.'),
    note(3, 'Ibid., 36.'),
    note(4, 'Yui Nakamura, A Census of City Pigeons (Chicago: Lakeside Books, 2016), 4.'),
  ].join('');
  const list = await listOf(notes);
  assert.equal(list?.noteCitations, 4);
  assert.equal(list?.entries.length, 3);
  assert.equal(list?.form, 'note');
  const plain = await listOf(note(1, 'A remark without a source.'));
  assert.equal(plain?.noteCitations, 0);
  assert.equal(plain?.form, 'author-date');
});
