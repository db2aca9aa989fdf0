/**
 * Adversarial and ordinary test images, generated with sharp and by hand-built PNG chunks
 * (used by the logo tests and the benchmark; nothing here runs in the app).
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PNG_SIGNATURE } from './png-chunks';

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Splits a PNG into its chunks (type and full bytes). */
function chunks(png: Buffer): { type: string; bytes: Buffer; data: Buffer }[] {
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    out.push({
      type: png.toString('latin1', at + 4, at + 8),
      bytes: png.subarray(at, at + 12 + length),
      data: png.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return out;
}

/** Inserts extra chunks right after IHDR. */
export function withChunksAfterHeader(png: Buffer, extra: Buffer[]): Buffer {
  const [ihdr, ...rest] = chunks(png);
  return Buffer.concat([PNG_SIGNATURE, ihdr!.bytes, ...extra, ...rest.map((c) => c.bytes)]);
}

export function solidPng(side = 256, colour = '#3366cc', options: import('sharp').PngOptions = {}): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 4, background: colour } })
    .png(options)
    .toBuffer();
}

/** A real, valid PNG whose header says 20000×20000 (1-bit grey, ~50 kB compressed, 400 megapixels decoded). */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A two-frame APNG built from a still PNG (acTL + fcTL before IDAT, a second frame in fdAT). */
export async function apng(side = 256): Promise<Buffer> {
  const still = await solidPng(side, '#cc3333');
  const parts = chunks(still);
  const idat = Buffer.concat(parts.filter((c) => c.type === 'IDAT').map((c) => c.data));
  const fctl = (seq: number) => {
    const d = Buffer.alloc(26);
    d.writeUInt32BE(seq, 0);
    d.writeUInt32BE(side, 4);
    d.writeUInt32BE(side, 8);
    d.writeUInt16BE(1, 20);
    d.writeUInt16BE(2, 22);
    return pngChunk('fcTL', d);
  };
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(2, 0);
  const seq2 = Buffer.alloc(4);
  seq2.writeUInt32BE(2, 0);
  return Buffer.concat([
    PNG_SIGNATURE,
    parts[0]!.bytes,
    pngChunk('acTL', actl),
    fctl(0),
    pngChunk('IDAT', idat),
    fctl(1),
    pngChunk('fdAT', Buffer.concat([seq2, idat])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG carrying `bytes` of text metadata. */
export async function pngWithHugeText(bytes = 5_000_000, colour = '#3366cc'): Promise<Buffer> {
  const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(bytes, 0x41)]);
  return withChunksAfterHeader(await solidPng(256, colour), [pngChunk('tEXt', text)]);
}

/** 200×100: left half red, right half blue, stored sideways with EXIF orientation 6 (shown upright as 100×200, red on top). */
export async function sidewaysJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(200 * 100 * 3);
  for (let y = 0; y < 100; y++) for (let x = 0; x < 200; x++) raw[(y * 200 + x) * 3 + (x < 100 ? 0 : 2)] = 255;
  return sharp(raw, { raw: { width: 200, height: 100, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A noisy photo-like image (hard to compress), as JPEG. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + (s & 31)) | 0;
      raw[i + 1] = ((y * 255) / height + ((s >> 5) & 31)) | 0;
      raw[i + 2] = ((x + y) % 256) ^ ((s >> 10) & 63);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Green, with a script and an event handler that would paint it red, and an external image that would cover it. */
export function scriptedSvg(externalImage = 'file:///etc/hostname'): Buffer {
  return Buffer.from(`<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" viewBox="0 0 64 64">
  <script>document.getElementById('r').setAttribute('fill', '#ff0000')</script>
  <rect id="r" width="64" height="64" fill="#00aa00" onload="this.setAttribute('fill', '#ff0000')"/>
  <image href="${externalImage}" xlink:href="${externalImage}" width="64" height="64"/>
</svg>`);
}

export const SCRIPTED_SVG = scriptedSvg();
