/**
 * Previews of a logo as the wallet shows it: cropped to a circle, on a light and on a dark
 * (rgb 32,32,32) background. Compositing is done in JS on a small raw image: no extra decode.
 */
import { loadSharp } from './sharp-loader';

export const PREVIEW_BACKGROUNDS = {
  light: [255, 255, 255],
  dark: [32, 32, 32],
} as const;

export interface LogoPreviews {
  /** PNG images, `size`×`size`. */
  readonly light: Buffer;
  readonly dark: Buffer;
  readonly size: number;
}

export function toDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Fraction of the pixel (x, y) inside a circle filling the square, with a one-pixel soft edge. */
function coverage(x: number, y: number, size: number): number {
  const r = size / 2;
  const d = Math.hypot(x + 0.5 - r, y + 0.5 - r);
  return Math.min(1, Math.max(0, r - d + 0.5));
}

export async function circlePreviews(logo: Buffer, size = 128): Promise<LogoPreviews> {
  const sharp = await loadSharp();
  const { data } = await sharp(logo).resize(size, size, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const render = async (bg: readonly number[]): Promise<Buffer> => {
    const out = Buffer.alloc(size * size * 3);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const p = (y * size + x) * 4;
        const a = (data[p + 3]! / 255) * coverage(x, y, size);
        for (let c = 0; c < 3; c++) out[(y * size + x) * 3 + c] = Math.round(data[p + c]! * a + bg[c]! * (1 - a));
      }
    }
    return sharp(out, { raw: { width: size, height: size, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
  };
  const [light, dark] = await Promise.all([render(PREVIEW_BACKGROUNDS.light), render(PREVIEW_BACKGROUNDS.dark)]);
  return { light, dark, size };
}
