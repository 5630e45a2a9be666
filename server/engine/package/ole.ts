// What an OLE compound file (Compound File Binary, the container of Word 97–2003 .doc files and of
// password-protected Office Open XML files) holds, told by the names of its streams, so that the user is
// told what to do: save a .doc as .docx, or remove the password.
//
// Every directory entry is 128 bytes and directory sectors start at multiples of 512 bytes, so the
// entries lie at 128-byte boundaries after the 512-byte header: each boundary is checked for an entry
// naming a stream (name in UTF-16LE, its byte length with the terminating NUL, object type 2). Following
// the sector chains is not needed to find a name, and a stream's contents cannot pass for an entry by
// chance (the name, its length field and the type byte must all agree at the boundary).

const ENTRY = 128;
const HEADER = 512;
const STREAM = 2;

export type OleKind = 'encrypted-ooxml' | 'word-97' | 'other';

function isOleCompoundFile(b: Uint8Array): boolean {
  return b.length >= 8 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0 && b[4] === 0xa1 && b[5] === 0xb1 && b[6] === 0x1a && b[7] === 0xe1;
}

/** Whether the compound file has a directory entry for a stream of this name. */
function hasStream(b: Uint8Array, name: string): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const nameBytes = (name.length + 1) * 2;
  for (let at = HEADER; at + ENTRY <= b.length; at += ENTRY) {
    if (view.getUint16(at + 64, true) !== nameBytes || b[at + 66] !== STREAM) continue;
    let i = 0;
    while (i < name.length && view.getUint16(at + i * 2, true) === name.charCodeAt(i)) i++;
    if (i === name.length && view.getUint16(at + i * 2, true) === 0) return true;
  }
  return false;
}

/** What kind of OLE compound file the bytes are; null when they are not one. */
export function oleKind(b: Uint8Array): OleKind | null {
  if (!isOleCompoundFile(b)) return null;
  if (hasStream(b, 'EncryptedPackage')) return 'encrypted-ooxml';
  if (hasStream(b, 'WordDocument')) return 'word-97';
  return 'other';
}
