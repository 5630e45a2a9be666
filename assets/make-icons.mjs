#!/usr/bin/env node
// Draws the add-in icons (a white chain link on a blue rounded square) at 16, 32, 64 and 80 px
// and writes them as PNGs with a tiny encoder on node:zlib. Run: node assets/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Signed distance to a rounded box centred at (cx, cy), rotated by angle.
function roundedBox(px, py, cx, cy, hw, hh, r, angle = 0) {
  const c = Math.cos(angle), s = Math.sin(angle);
  const dx = px - cx, dy = py - cy;
  const x = Math.abs(c * dx + s * dy) - (hw - r);
  const y = Math.abs(-s * dx + c * dy) - (hh - r);
  return Math.hypot(Math.max(x, 0), Math.max(y, 0)) + Math.min(Math.max(x, y), 0) - r;
}

function coverage(d) {
  return Math.max(0, Math.min(1, 0.5 - d));
}

function draw(size) {
  const buf = Buffer.alloc(size * size * 4);
  const u = size / 64; // design units: 64
  const ss = 4; // supersampling per axis
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0, fg = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const px = (x + (sx + 0.5) / ss) / u, py = (y + (sy + 0.5) / ss) / u;
          const inBg = roundedBox(px, py, 32, 32, 31, 31, 12) <= 0;
          const a = Math.PI / 4;
          const ring = (cx, cy) => Math.abs(roundedBox(px, py, cx, cy, 15, 8.5, 8.5, -a)) <= 3.6;
          const inFg = ring(24.5, 39.5) || ring(39.5, 24.5);
          if (inBg) bg++;
          if (inBg && inFg) fg++;
        }
      }
      const n = ss * ss;
      const ab = bg / n, af = fg / n;
      const i = (y * size + x) * 4;
      // blue #0F6CBD blended with white glyph
      buf[i] = Math.round(0x0f * (1 - af / Math.max(ab, 1e-9)) + 255 * (af / Math.max(ab, 1e-9)));
      buf[i + 1] = Math.round(0x6c * (1 - af / Math.max(ab, 1e-9)) + 255 * (af / Math.max(ab, 1e-9)));
      buf[i + 2] = Math.round(0xbd * (1 - af / Math.max(ab, 1e-9)) + 255 * (af / Math.max(ab, 1e-9)));
      buf[i + 3] = Math.round(255 * ab);
    }
  }
  return buf;
}

const here = new URL('.', import.meta.url).pathname;
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  for (const size of [16, 32, 64, 80]) {
    writeFileSync(`${here}icon-${size}.png`, encodePng(size, size, draw(size)));
    console.log(`assets/icon-${size}.png`);
  }
}
