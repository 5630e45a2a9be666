// A small DOCX where the engine's and Word's paragraph numbering and offsets differ: a text box
// (with its mc:Fallback copy) before the citing paragraph, and an astral character before a match.
import { buildDocx, p, r } from './docx-builder.ts';

const textBox = (text: string) =>
  `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>${p(text)}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>${p(text)}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;

/** Body paragraphs as Word's body.paragraphs would list them (text boxes left out). */
export const WORD_BODY = [
  'Introduction',
  '',
  'As Figure 1 shows, and 𝒳 Figure 1 again, Figure 1.',
  'Figure 1. A caption.',
];

export function textBoxDocx(): Promise<Uint8Array> {
  return buildDocx({
    body: [
      p('Introduction', 'Heading1'),
      textBox('Box text mentions Figure 1 too.'),
      `<w:p>${r('As Figure 1 shows, and ')}${r('𝒳 Figure 1 again, Figure 1.')}</w:p>`,
      p('Figure 1. A caption.', 'Caption'),
    ].join(''),
  });
}
