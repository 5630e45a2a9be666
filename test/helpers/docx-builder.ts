// Builds small DOCX packages for tests, from WordprocessingML snippets.

import JSZip from 'jszip';

export const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" ' +
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"';

export interface DocxSpec {
  /** Inner XML of w:body. */
  body: string;
  /** Inner XML of w:styles (w:style elements); a minimal set is used when absent; null: no styles part at all. */
  styles?: string | null;
  /** Inner XML of w:numbering. */
  numbering?: string;
  /** Inner XML of w:footnotes (w:footnote elements). */
  footnotes?: string;
  endnotes?: string;
  /** Extra relationships of word/document.xml (Relationship elements), e.g. external hyperlinks. */
  extraRels?: string[];
  /** Extra parts, name → content. */
  extraParts?: Record<string, string | Uint8Array>;
}

export const DEFAULT_STYLES = `
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="character" w:styleId="Sup"><w:name w:val="Superscript Char"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>`;

/** A paragraph with one plain run per string (each string becomes its own run). */
export function p(runs: string | string[], style?: string): string {
  const list = Array.isArray(runs) ? runs : [runs];
  const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${pPr}${list.map((t) => r(t)).join('')}</w:p>`;
}

/** A run with optional run properties XML. */
export function r(text: string, rPr = ''): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${esc}</w:t></w:r>`;
}

export const SUP = '<w:vertAlign w:val="superscript"/>';

export async function buildDocx(spec: DocxSpec): Promise<Uint8Array> {
  const zip = new JSZip();
  const withStyles = spec.styles !== null;
  const overrides = [
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    ...(withStyles ? ['<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'] : []),
  ];
  const docRels = withStyles ? ['<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'] : [];
  if (spec.numbering !== undefined) {
    zip.file('word/numbering.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering ${W_NS}>${spec.numbering}</w:numbering>`);
    overrides.push('<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>');
    docRels.push('<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>');
  }
  if (spec.footnotes !== undefined) {
    zip.file('word/footnotes.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes ${W_NS}>${spec.footnotes}</w:footnotes>`);
    overrides.push('<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>');
    docRels.push('<Relationship Id="rIdFootnotes" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>');
  }
  if (spec.endnotes !== undefined) {
    zip.file('word/endnotes.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:endnotes ${W_NS}>${spec.endnotes}</w:endnotes>`);
    overrides.push('<Override PartName="/word/endnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"/>');
    docRels.push('<Relationship Id="rIdEndnotes" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes" Target="endnotes.xml"/>');
  }
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  docRels.push(...(spec.extraRels ?? []));
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${docRels.join('')}</Relationships>`);
  if (withStyles) zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles ${W_NS}>${spec.styles ?? DEFAULT_STYLES}</w:styles>`);
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS}><w:body>${spec.body}<w:sectPr/></w:body></w:document>`);
  for (const [name, content] of Object.entries(spec.extraParts ?? {})) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
