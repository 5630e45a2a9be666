// The pane's own review record travels in the document as a custom XML part (saved-review.ts). Word
// exports it with the document, so every save would change the bytes the service fingerprints and
// make apply think the author edited the document. The pane takes the part out of what it exports
// before scanning or comparing: the service sees the manuscript as the author wrote it.
import JSZip from 'jszip';
import { REVIEW_NAMESPACE } from '../review/saved-review.ts';

const PROPS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps';

/** The customXml items that hold the pane's record (found by its namespace). */
async function reviewItems(zip: JSZip): Promise<string[]> {
  const items = Object.keys(zip.files).filter((n) => /^customXml\/item\d+\.xml$/.test(n));
  const ours: string[] = [];
  for (const name of items) {
    const text = await zip.file(name)!.async('string');
    if (text.includes(REVIEW_NAMESPACE)) ours.push(name);
  }
  return ours;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The document without the pane's review part (the same bytes when it has none). */
export async function stripReviewPart(bytes: Uint8Array): Promise<Uint8Array> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return bytes; // not a zip: the service says what is wrong with it
  }
  const ours = await reviewItems(zip);
  if (ours.length === 0) return bytes;
  const docRels = zip.file('word/_rels/document.xml.rels');
  let rels = docRels ? await docRels.async('string') : null;
  const types = zip.file('[Content_Types].xml');
  let contentTypes = types ? await types.async('string') : null;
  for (const item of ours) {
    const base = item.slice('customXml/'.length);
    const relsName = `customXml/_rels/${base}.rels`;
    const itemRels = zip.file(relsName);
    if (itemRels) {
      const text = await itemRels.async('string');
      const props = new RegExp(`Type="${escapeRe(PROPS_REL)}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Type="${escapeRe(PROPS_REL)}"`).exec(text);
      const target = props?.[1] ?? props?.[2];
      if (target) {
        zip.remove(`customXml/${target}`);
        if (contentTypes) contentTypes = contentTypes.replace(new RegExp(`<Override[^>]*PartName="/customXml/${escapeRe(target)}"[^>]*/>`), '');
      }
      zip.remove(relsName);
    }
    zip.remove(item);
    if (rels) rels = rels.replace(new RegExp(`<Relationship[^>]*Target="(?:\\.\\./|/)?customXml/${escapeRe(base)}"[^>]*/>`), '');
  }
  if (rels !== null) zip.file('word/_rels/document.xml.rels', rels);
  if (contentTypes !== null) zip.file('[Content_Types].xml', contentTypes);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
