/**
 * Reads a PNG's chunk layout without decoding pixels: the header (size, bit depth, interlace), animation
 * (an `acTL` chunk before the first `IDAT` makes it an APNG, which sharp does not report), how many bytes
 * of metadata it carries, and whether the file ends properly. Lengths are only compared, never allocated,
 * so a hostile length costs nothing.
 */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'iCCP']);

export interface PngLayout {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlaced: boolean;
  readonly animated: boolean;
  /** Bytes in text, EXIF and ICC chunks. */
  readonly metadataBytes: number;
  /** Set when the chunk sequence is broken (cut off, no image data, no end marker). */
  readonly damage: string | null;
}

export type PngScan = { ok: true; layout: PngLayout } | { ok: false; reason: string };

export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.equals(bytes.subarray(0, 8));
}

export function scanPng(bytes: Uint8Array): PngScan {
  if (!hasPngSignature(bytes)) return { ok: false, reason: 'it does not start with the PNG signature' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (bytes.length < 8 + 8 + 13 || type(12) !== 'IHDR' || view.getUint32(8) !== 13) {
    return { ok: false, reason: 'its header (IHDR) is missing or cut off' };
  }
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const colourType = bytes[25]!;
  const interlaced = bytes[28] === 1;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff)
    return { ok: false, reason: `its header gives an impossible size (${width}×${height})` };

  let animated = false;
  let metadataBytes = 0;
  let seenIdat = false;
  let damage: string | null = null;
  let at = 8;
  for (;;) {
    if (at === bytes.length) {
      damage = 'the file ends before the PNG end marker (IEND): it is truncated';
      break;
    }
    if (at + 8 > bytes.length) {
      damage = 'the file is cut off in the middle of a chunk: it is truncated';
      break;
    }
    const length = view.getUint32(at);
    const name = type(at + 4);
    if (!/^[A-Za-z]{4}$/.test(name)) {
      damage = `it contains garbage where a chunk should start (byte ${at})`;
      break;
    }
    if (at + 12 + length > bytes.length) {
      damage = `its ${name} chunk is cut off: the file is truncated`;
      break;
    }
    if (name === 'acTL' && !seenIdat) animated = true;
    if (name === 'IDAT') seenIdat = true;
    if (METADATA_CHUNKS.has(name)) metadataBytes += length;
    at += 12 + length;
    if (name === 'IEND') break;
  }
  if (!damage && !seenIdat) damage = 'it contains no image data (IDAT)';
  return { ok: true, layout: { width, height, bitDepth, colourType, interlaced, animated, metadataBytes, damage } };
}

/** What a non-PNG file really is, from its first bytes, for a helpful message. */
export function sniffImageFormat(bytes: Uint8Array): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512));
  if (hasPngSignature(b)) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (b.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = b.subarray(8, 12).toString('latin1');
    return brand.startsWith('avi') ? 'avif' : 'heif';
  }
  if (b.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (b.subarray(0, 4).toString('latin1') === 'II*\0' || b.subarray(0, 4).toString('latin1') === 'MM\0*') return 'tiff';
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.toString('utf8'))) return 'svg';
  return null;
}
