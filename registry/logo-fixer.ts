/**
 * Turns any common image (PNG, JPEG, WebP, GIF first frame, SVG, AVIF) into a compliant logo.png:
 * EXIF orientation applied, made square (centre or smart crop, an explicit box, or contain with
 * transparent padding), resized (256 by default, 128–512), encoded as PNG of at most 100,000 bytes
 * (lossless at maximum compression first, then palette quantisation at falling quality), metadata
 * stripped. The input is decoded once; encodings are tried from the resized pixels.
 */
import { FileReadError, readBoundedFile } from '../platform/files/bounded-read';
import { RegistryError } from './errors';
import { checkLogo, LOGO_RULES, type LogoCheck } from './logo-rules';
import { circlePreviews, type LogoPreviews } from './logo-preview';
import { scanPng, sniffImageFormat } from './png-chunks';
import { DECODE_TIMEOUT_SECONDS, FIX_PIXEL_LIMIT, loadSharp } from './sharp-loader';

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FixLogoOptions {
  /** Output side in px, 128–512 (default 256). */
  size?: number;
  /** 'cover' crops to a square (default); 'contain' pads to a square with transparency. */
  fit?: 'cover' | 'contain';
  /** For 'cover': which part to keep. 'attention' finds the most interesting region. Default 'centre'. */
  position?: 'centre' | 'attention';
  /** An explicit region (in pixels of the upright image, as the UI shows it) to use instead of `position`. */
  crop?: CropBox;
  /** Side of the circle previews in px (default 128); 0 for none. */
  previewSize?: number;
}

export interface LogoEncoding {
  readonly method: 'lossless' | 'palette';
  /** For palette: the quality (1–100) and maximum colours that made it fit. */
  readonly quality?: number;
  readonly colours?: number;
  /** Encodings tried, the last one kept. */
  readonly attempts: number;
}

export interface LogoFixResult {
  /** The compliant logo.png bytes. */
  readonly png: Buffer;
  /** Compliance of the input as given, and of the result. */
  readonly before: LogoCheck;
  readonly after: LogoCheck;
  readonly encoding: LogoEncoding;
  /** Circle previews on light and dark backgrounds; absent when previewSize is 0. */
  readonly previews?: LogoPreviews;
  /** Plain-language notes, e.g. that a small image was enlarged. */
  readonly notes: readonly string[];
}

/** Input files beyond this are refused before reading (a logo source is never this big). */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;
/**
 * Palette encodings from best to smallest. Fewer colours only shrink the file once the bit depth can
 * drop (16 colours: 4 bits, 4 colours: 2 bits); less dithering helps noisy photos.
 */
const PALETTE_STEPS: readonly { quality: number; colours: number; dither: number }[] = [
  { quality: 90, colours: 256, dither: 1 },
  { quality: 75, colours: 256, dither: 0.5 },
  { quality: 60, colours: 256, dither: 0 },
  { quality: 40, colours: 64, dither: 0 },
  { quality: 20, colours: 16, dither: 0 },
  { quality: 1, colours: 4, dither: 0 },
];

function unfixable(message: string): RegistryError {
  return new RegistryError('logo-unfixable', message);
}

function checkOptions(options: FixLogoOptions): Required<Omit<FixLogoOptions, 'crop'>> & { crop?: CropBox } {
  const size = options.size ?? LOGO_RULES.recommendedSide;
  if (!Number.isInteger(size) || size < LOGO_RULES.minSide || size > LOGO_RULES.maxSide) {
    throw new RegistryError(
      'invalid-option',
      `The logo size must be a whole number from ${LOGO_RULES.minSide} to ${LOGO_RULES.maxSide} (256 is recommended); got ${size}.`,
    );
  }
  const fit = options.fit ?? 'cover';
  if (fit !== 'cover' && fit !== 'contain')
    throw new RegistryError(
      'invalid-option',
      `fit must be "cover" (crop to a square) or "contain" (pad to a square); got "${String(fit)}".`,
    );
  const position = options.position ?? 'centre';
  if (position !== 'centre' && position !== 'attention')
    throw new RegistryError('invalid-option', `position must be "centre" or "attention"; got "${String(position)}".`);
  const previewSize = options.previewSize ?? 128;
  if (!Number.isInteger(previewSize) || previewSize < 0 || previewSize > 1024)
    throw new RegistryError('invalid-option', 'previewSize must be a whole number from 0 to 1024.');
  return { size, fit, position, previewSize, ...(options.crop ? { crop: options.crop } : {}) };
}

function tooBig(size: number): RegistryError {
  return unfixable(
    `The image is ${(size / 1e6).toFixed(0)} MB; images over ${MAX_INPUT_BYTES / 1024 / 1024} MB are not opened. Export a smaller version first.`,
  );
}

async function readInput(input: Buffer | string): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    if (input.length > MAX_INPUT_BYTES) throw tooBig(input.length);
    return input;
  }
  return readBoundedFile(input, { limit: MAX_INPUT_BYTES }).catch((error: unknown) => {
    if (!(error instanceof FileReadError)) throw error;
    if (error.reason === 'too-large') throw tooBig(error.size ?? MAX_INPUT_BYTES + 1);
    if (error.reason === 'missing' || error.reason === 'unreadable')
      throw unfixable(`The image "${input}" could not be opened: the file does not exist or cannot be read.`);
    throw unfixable(error.message);
  });
}

/** Width and height of the upright image, without decoding pixels. */
async function uprightSize(
  bytes: Buffer,
  format: string | null,
): Promise<{ width: number; height: number; format: string | null; isSvg: boolean }> {
  const sharp = await loadSharp();
  if (format === 'png') {
    // Read our own header first: a PNG bomb is refused before libvips sees it.
    const scan = scanPng(bytes);
    if (scan.ok && scan.layout.width * scan.layout.height > FIX_PIXEL_LIMIT) return { ...scan.layout, format, isSvg: false };
  }
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: FIX_PIXEL_LIMIT, pages: 1 }).metadata();
  } catch {
    throw unfixable(
      format
        ? `The ${format.toUpperCase()} image is damaged and cannot be opened. Export it again.`
        : 'The file is not an image the companion can open. Use a PNG, JPEG, WebP, GIF, SVG or AVIF file.',
    );
  }
  if (!meta.width || !meta.height)
    throw unfixable('The image has no size information and cannot be opened. Export it again as PNG or JPEG.');
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    format: meta.format ?? format,
    isSvg: meta.format === 'svg',
  };
}

function checkCrop(crop: CropBox, width: number, height: number): void {
  const ints = [crop.left, crop.top, crop.width, crop.height].every((n) => Number.isInteger(n));
  if (
    !ints ||
    crop.left < 0 ||
    crop.top < 0 ||
    crop.width < 1 ||
    crop.height < 1 ||
    crop.left + crop.width > width ||
    crop.top + crop.height > height
  ) {
    throw new RegistryError(
      'invalid-option',
      `The crop box (left ${crop.left}, top ${crop.top}, ${crop.width}×${crop.height}) must be whole pixels inside the ${width}×${height} image.`,
    );
  }
}

export async function fixLogo(input: Buffer | string, options: FixLogoOptions = {}): Promise<LogoFixResult> {
  const opts = checkOptions(options);
  const sharp = await loadSharp();
  const bytes = await readInput(input);
  const before = await checkLogo(bytes, { path: typeof input === 'string' ? input : 'input' });
  if (bytes.length === 0) throw unfixable('The image file is empty (0 bytes). Export the logo again.');

  const sniffed = sniffImageFormat(bytes);
  const { width, height, isSvg } = await uprightSize(bytes, sniffed);
  if (width * height > FIX_PIXEL_LIMIT) {
    throw unfixable(
      `The image is ${width}×${height} px (${Math.round((width * height) / 1e6)} megapixels), more than the ${FIX_PIXEL_LIMIT / 1e6} megapixels the fixer opens. Export a smaller version (1024×1024 is plenty).`,
    );
  }
  if (opts.crop) checkCrop(opts.crop, width, height);

  // SVG is rasterised at a density that gives enough pixels for the target size (never a huge canvas).
  let scale = 1;
  const loadOptions: import('sharp').SharpOptions = { limitInputPixels: FIX_PIXEL_LIMIT, autoOrient: true, pages: 1, failOn: 'error' };
  if (isSvg) {
    const wanted = opts.size / Math.min(opts.crop?.width ?? width, opts.crop?.height ?? height);
    const cap = Math.sqrt(FIX_PIXEL_LIMIT / (width * height));
    scale = Math.max(1 / 72, Math.min(wanted, cap, 100_000 / 72));
    loadOptions.density = 72 * scale;
  }
  let pipeline = sharp(bytes, loadOptions).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
  if (opts.crop) {
    const c = opts.crop;
    const box = {
      left: Math.floor(c.left * scale),
      top: Math.floor(c.top * scale),
      width: Math.max(1, Math.round(c.width * scale)),
      height: Math.max(1, Math.round(c.height * scale)),
    };
    pipeline = pipeline.extract(box);
  }
  pipeline =
    opts.fit === 'contain'
      ? pipeline.resize(opts.size, opts.size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      : pipeline.resize(opts.size, opts.size, {
          fit: 'cover',
          position: opts.position === 'attention' && !opts.crop ? sharp.strategy.attention : 'centre',
        });

  let raw: { data: Buffer; info: import('sharp').OutputInfo };
  try {
    // toColourspace: CMYK, 16-bit and grey inputs all become 8-bit sRGB.
    raw = await pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0];
    throw unfixable(`The image could not be decoded (${reason}). It is probably damaged or cut off; export it again.`);
  }

  const { png, encoding } = await encodeUnderLimit(raw.data, raw.info);
  const after = await checkLogo(png, { path: 'logo.png' });
  const notes: string[] = [];
  const side = Math.min(opts.crop?.width ?? width, opts.crop?.height ?? height);
  if (!isSvg && side < opts.size)
    notes.push(`The image was enlarged from ${side} px to ${opts.size} px and may look soft; a larger original gives a sharper logo.`);
  if (encoding.method === 'palette')
    notes.push(`Compressed with a ${encoding.colours}-colour palette (quality ${encoding.quality}) to stay under 100,000 bytes.`);
  const previews = opts.previewSize > 0 ? await circlePreviews(png, opts.previewSize) : undefined;
  return { png, before, after, encoding, notes, ...(previews ? { previews } : {}) };
}

async function encodeUnderLimit(data: Buffer, info: import('sharp').OutputInfo): Promise<{ png: Buffer; encoding: LogoEncoding }> {
  const sharp = await loadSharp();
  const from = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  let attempts = 1;
  const lossless = await from().png({ compressionLevel: 9, adaptiveFiltering: true, palette: false }).toBuffer();
  if (lossless.length <= LOGO_RULES.maxBytes) return { png: lossless, encoding: { method: 'lossless', attempts } };

  const tried = new Map<number, Buffer>();
  const encode = async (i: number): Promise<Buffer> => {
    const cached = tried.get(i);
    if (cached) return cached;
    attempts++;
    const { quality, colours, dither } = PALETTE_STEPS[i]!;
    const png = await from().png({ compressionLevel: 9, palette: true, quality, colours, dither, effort: 3 }).toBuffer();
    tried.set(i, png);
    return png;
  };
  const fits = async (i: number) => (await encode(i)).length <= LOGO_RULES.maxBytes;
  // Quality falls step by step; the size falls with it, so a binary search finds the best step that fits.
  let found = -1;
  if (await fits(0)) found = 0;
  else {
    let lo = 1;
    let hi = PALETTE_STEPS.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (await fits(mid)) {
        found = mid;
        hi = mid - 1;
      } else lo = mid + 1;
    }
  }
  if (found === -1) {
    throw unfixable(
      `Even with strong compression the ${info.width}×${info.height} logo stays over 100,000 bytes. Choose a smaller size (256) or a simpler image.`,
    );
  }
  const { quality, colours } = PALETTE_STEPS[found]!;
  return { png: tried.get(found)!, encoding: { method: 'palette', quality, colours, attempts } };
}
