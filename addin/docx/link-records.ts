// The engine's link records in a DOCX (custom XML parts of PERSISTED_NS), as XML text: what the pane
// writes back itself where Word's insert cannot carry custom XML parts (below WordApi 1.6).
import JSZip from 'jszip';
import { base64ToBytes } from '../util/base64.ts';
import { PERSISTED_NS } from './docx-summary.ts';

export async function linkRecordParts(b64: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(base64ToBytes(b64));
  const out: string[] = [];
  for (const name of Object.keys(zip.files).sort()) {
    if (!/^customXml\/item\d+\.xml$/.test(name)) continue;
    const xml = await zip.file(name)!.async('string');
    if (xml.includes(PERSISTED_NS)) out.push(xml.replace(/^\uFEFF/, '').replace(/^<\?xml[^>]*\?>\s*/, ''));
  }
  return out;
}
