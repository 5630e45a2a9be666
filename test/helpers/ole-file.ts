// A minimal OLE compound file (CFB) for tests: the header's signature and sector size, and one
// directory sector of named entries (a root storage and the given streams), as Word 97–2003 .doc files
// (streams WordDocument, 1Table) and password-protected DOCX files (EncryptionInfo, EncryptedPackage) hold.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function entry(name: string, type: number): Uint8Array {
  const e = new Uint8Array(128);
  const v = new DataView(e.buffer);
  for (let i = 0; i < name.length; i++) v.setUint16(i * 2, name.charCodeAt(i), true);
  v.setUint16(64, (name.length + 1) * 2, true);
  e[66] = type;
  return e;
}

/** A compound file whose directory names these streams (after a Root Entry), padded with `filler` bytes. */
export function oleFile(streams: string[], filler = new Uint8Array(0)): Uint8Array {
  const entries = [entry('Root Entry', 5), ...streams.map((s) => entry(s, 2))];
  const dirBytes = Math.ceil((entries.length * 128) / 512) * 512;
  const out = new Uint8Array(512 + filler.length + dirBytes);
  const v = new DataView(out.buffer);
  out.set(SIGNATURE);
  v.setUint16(26, 3, true); // major version 3
  v.setUint16(28, 0xfffe, true); // little-endian byte order mark
  v.setUint16(30, 9, true); // 512-byte sectors
  out.set(filler, 512);
  const dirAt = 512 + Math.ceil(filler.length / 512) * 512;
  entries.forEach((e, i) => out.set(e, dirAt + i * 128));
  return out.subarray(0, Math.max(dirAt + entries.length * 128, out.length));
}
