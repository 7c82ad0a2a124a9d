/**
 * WOFF 1.0 → SFNT (TTF/OTF) with Node's native zlib. fontkit can read WOFF, but
 * inflates it with a pure-JS inflater on every document (it was most of the
 * render time); converting once per process and registering the SFNT is ~100×
 * cheaper. Format: https://www.w3.org/TR/WOFF/ (header 44 bytes, 20-byte table
 * directory entries, zlib-compressed tables).
 */
import { inflateSync } from 'node:zlib';

/** Fonts by name, read and (from WOFF) converted once: both hosts' assets.ts keep one. */
export class SfntCache {
  private readonly fonts = new Map<string, Buffer>();

  get(name: string, read: () => Buffer): Buffer {
    let font = this.fonts.get(name);
    if (!font) {
      font = read();
      if (isWoff(font)) font = woffToSfnt(font);
      this.fonts.set(name, font);
    }
    return font;
  }

  clear(): void {
    this.fonts.clear();
  }
}

function isWoff(data: Buffer): boolean {
  return data.length > 44 && data.toString('ascii', 0, 4) === 'wOFF';
}

function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = woff.readUInt32BE(e);
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const checksum = woff.readUInt32BE(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw);
    if (data.length !== origLength) throw new Error('corrupt WOFF table');
    tables.push({ tag, checksum, data });
  }
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  searchRange *= 16;
  const headerSize = 12 + numTables * 16;
  const total = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(total);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.writeUInt32BE(t.tag, r);
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(offset, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
