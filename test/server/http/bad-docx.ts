// Hostile uploads built in the test: random bytes, truncated zip, zip bomb, lying sizes, DOCTYPE entities.
import { randomBytes } from 'node:crypto';
import { deflateRawSync, crc32 } from 'node:zlib';
import JSZip from 'jszip';

interface Entry {
  name: string;
  data: Buffer;
  /** Override the uncompressed size written in the headers (to lie). */
  declaredSize?: number;
}

/** A minimal zip writer (deflate entries, one central directory) so declared sizes can be set at will. */
function buildZip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const compressed = deflateRawSync(e.data, { level: 9 });
    const crc = crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

export function randomUpload(size = 4096): Uint8Array {
  return new Uint8Array(randomBytes(size));
}

export function truncatedZip(docx: Uint8Array): Uint8Array {
  return docx.slice(0, Math.floor(docx.length / 2));
}

/** One entry of about 200 MB of zeros, deflated to a few hundred kilobytes. */
export function zipBomb(): Uint8Array {
  return new Uint8Array(buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, { name: 'word/document.xml', data: Buffer.alloc(200 * 1024 * 1024) }]));
}

/** Declares a tiny uncompressed size for an entry that inflates to 50 MB. */
export function lyingZip(): Uint8Array {
  return new Uint8Array(buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }, { name: 'word/document.xml', data: Buffer.alloc(50 * 1024 * 1024, 0x20), declaredSize: 1000 }]));
}

/** A real DOCX whose document.xml carries a billion-laughs DOCTYPE. */
export async function doctypeDocx(docx: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  const laughs = '<!DOCTYPE w:document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
  zip.file('word/document.xml', xml.replace(/(<\?xml[^>]*\?>)/, `$1${laughs}`));
  return zip.generateAsync({ type: 'uint8array' });
}

/** A zip without word/document.xml. */
export async function zipWithoutDocument(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('hello.txt', 'hello');
  return zip.generateAsync({ type: 'uint8array' });
}

async function editDocument(docx: Uint8Array, edit: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  zip.file('word/document.xml', edit(await zip.file('word/document.xml')!.async('string')));
  return zip.generateAsync({ type: 'uint8array' });
}

/** A real DOCX whose document.xml closes its first paragraph before its run (mismatched tags). */
export function mismatchedTagsDocx(docx: Uint8Array): Promise<Uint8Array> {
  return editDocument(docx, (xml) => xml.replace(/<\/w:r>(\s*)<\/w:p>/, '</w:p>$1</w:r>'));
}

/** A real DOCX with a NUL character in its text. */
export function nulByteDocx(docx: Uint8Array): Promise<Uint8Array> {
  return editDocument(docx, (xml) => xml.replace(/<w:t( [^>]*)?>/, (m) => `${m}\u0000`));
}

/** A real DOCX that also carries a VBA project (a .docm renamed .docx). */
export async function macroDocx(docx: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  zip.file('word/vbaProject.bin', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  return zip.generateAsync({ type: 'uint8array' });
}
