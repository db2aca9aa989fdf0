/**
 * Compliance of one logo file: real PNG, decodable, still, square, 128–512 px (256 recommended),
 * at most 100,000 bytes. The header is read first; pixels are decoded only when the header is sane,
 * with sharp's limitInputPixels as a second guard, so a 20000×20000 image is refused in milliseconds.
 */
import { FILE_CAPS, FileReadError, openRegularFile, readAtMost } from '../platform/files/bounded-read';
import { finding, type Finding, type FindingPlace } from './findings';
import { scanPng, sniffImageFormat } from './png-chunks';
import { CHECK_PIXEL_LIMIT, DECODE_TIMEOUT_SECONDS, loadSharp } from './sharp-loader';

export const LOGO_RULES = {
  minSide: 128,
  maxSide: 512,
  recommendedSide: 256,
  maxBytes: 100_000,
  /** Above this much text/EXIF/ICC the metadata is worth stripping. */
  metadataNoticeBytes: 4_096,
} as const;

/** Files beyond the image cap are not read whole: only this much of their header is inspected. */
const HEAD_BYTES = 1024 * 1024;

export interface LogoFacts {
  readonly bytes: number;
  /** What the file really is ('png', 'jpeg', 'svg', …), or null when unrecognised. */
  readonly format: string | null;
  readonly width?: number;
  readonly height?: number;
  readonly bitDepth?: number;
  readonly interlaced?: boolean;
  readonly animated?: boolean;
  readonly metadataBytes?: number;
  /** The pixels were decoded successfully. */
  readonly decoded: boolean;
}

export interface LogoCheck {
  readonly findings: Finding[];
  readonly facts: LogoFacts;
}

const FORMAT_NAMES: Record<string, string> = {
  jpeg: 'a JPEG photo',
  gif: 'a GIF',
  webp: 'a WebP image',
  avif: 'an AVIF image',
  heif: 'a HEIF image',
  bmp: 'a BMP image',
  tiff: 'a TIFF image',
  svg: 'an SVG drawing',
};

const kb = (n: number) => `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)} kB`;

/** Size and shape findings, shared by the check and the fixer's report. */
export function dimensionFindings(width: number, height: number, place: FindingPlace): Finding[] {
  const out: Finding[] = [];
  const { minSide, maxSide, recommendedSide } = LOGO_RULES;
  if (width !== height) {
    out.push(
      finding(
        'logo-not-square',
        place,
        `The logo is ${width}×${height} px; it must be square (the same width and height). "companion logo fix" crops or pads it to a square.`,
      ),
    );
  }
  if (Math.min(width, height) < minSide) {
    out.push(
      finding(
        'logo-dimensions-too-small',
        place,
        `The logo is ${width}×${height} px; the smallest allowed is ${minSide}×${minSide}. Export it again from the original artwork at ${recommendedSide}×${recommendedSide}.`,
      ),
    );
  }
  if (Math.max(width, height) > maxSide) {
    out.push(
      finding(
        'logo-dimensions-too-large',
        place,
        `The logo is ${width}×${height} px; the largest allowed is ${maxSide}×${maxSide}. Resize it to ${recommendedSide}×${recommendedSide} (companion logo fix does this).`,
      ),
    );
  }
  if (out.length === 0 && width !== recommendedSide) {
    out.push(
      finding(
        'logo-size-not-recommended',
        place,
        `The logo is ${width}×${height} px, which is allowed; ${recommendedSide}×${recommendedSide} is recommended.`,
      ),
    );
  }
  return out;
}

function fileSizeFinding(bytes: number, place: FindingPlace): Finding[] {
  if (bytes <= LOGO_RULES.maxBytes) return [];
  return [
    finding(
      'logo-file-too-large',
      place,
      `The logo file is ${bytes.toLocaleString('en-US')} bytes (${kb(bytes)}); the limit is 100,000 bytes. "companion logo fix" compresses it below the limit.`,
    ),
  ];
}

function decoderMessage(error: unknown): string {
  const text = String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .replace(/^Input (buffer|file) /, '');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

async function readLogo(file: string, root: string | undefined): Promise<{ bytes: Buffer; size: number; partial: boolean }> {
  const { handle, size } = await openRegularFile(file, root === undefined ? {} : { root });
  try {
    if (size > FILE_CAPS.image) return { bytes: await readAtMost(handle, HEAD_BYTES, HEAD_BYTES), size, partial: true };
    const bytes = await readAtMost(handle, FILE_CAPS.image + 1, size);
    // A file that grew past the cap while being read: keep its header only.
    if (bytes.length > FILE_CAPS.image) return { bytes: Buffer.from(bytes.subarray(0, HEAD_BYTES)), size: bytes.length, partial: true };
    return { bytes, size: bytes.length, partial: false };
  } finally {
    await handle.close();
  }
}

/**
 * Checks a logo given as bytes or as a file path. Never throws for bad content: everything is a finding.
 * `place.path` defaults to the file path (or "logo.png" for bytes). With `root`, a file path must stay
 * inside that folder.
 */
export async function checkLogo(input: Buffer | string, place: Partial<FindingPlace> = {}, root?: string): Promise<LogoCheck> {
  const where: FindingPlace = { ...place, path: place.path ?? (typeof input === 'string' ? input : 'logo.png') };
  let bytes: Buffer;
  let size: number;
  let partial = false;
  if (typeof input === 'string') {
    try {
      ({ bytes, size, partial } = await readLogo(input, root));
    } catch (error) {
      const message =
        error instanceof FileReadError
          ? `The logo could not be read: ${error.reason === 'missing' ? 'the file does not exist.' : error.message}`
          : `The logo could not be read: ${decoderMessage(error)}.`;
      return {
        findings: [finding('logo-unreadable', where, message)],
        facts: { bytes: 0, format: null, decoded: false },
      };
    }
  } else {
    bytes = input;
    size = input.length;
  }
  if (size === 0)
    return {
      findings: [finding('logo-empty', where, 'The logo file is empty (0 bytes). Export the image again.')],
      facts: { bytes: 0, format: null, decoded: false },
    };

  const format = sniffImageFormat(bytes);
  if (format !== 'png') return checkOtherFormat(bytes, size, format, where, partial);

  const scan = scanPng(bytes);
  if (!scan.ok)
    return {
      findings: [
        finding('logo-corrupt', where, `The PNG is damaged: ${scan.reason}. Export the image again.`),
        ...fileSizeFinding(size, where),
      ],
      facts: { bytes: size, format, decoded: false },
    };
  const { width, height, bitDepth, interlaced, animated, metadataBytes, damage } = scan.layout;
  const facts = { bytes: size, format, width, height, bitDepth, interlaced, animated, metadataBytes };
  const findings: Finding[] = [...dimensionFindings(width, height, where), ...fileSizeFinding(size, where)];
  if (animated)
    findings.push(
      finding(
        'logo-animated',
        where,
        'The PNG is animated (APNG). Logos must be still images; "companion logo fix" keeps the first frame.',
      ),
    );
  if (bitDepth === 16)
    findings.push(
      finding('logo-16-bit', where, 'The PNG stores 16 bits per colour channel. 8 bits look the same and the file is smaller.'),
    );
  if (interlaced)
    findings.push(finding('logo-interlaced', where, 'The PNG is interlaced. This is allowed, but a non-interlaced PNG is smaller.'));
  if (metadataBytes > LOGO_RULES.metadataNoticeBytes)
    findings.push(
      finding(
        'logo-metadata',
        where,
        `The PNG carries ${metadataBytes.toLocaleString('en-US')} bytes of metadata (text, EXIF or colour profile). "companion logo fix" strips it.`,
      ),
    );

  if (width * height > CHECK_PIXEL_LIMIT) {
    findings.push(
      finding(
        'logo-too-many-pixels',
        where,
        `The image is ${width}×${height} px (${Math.round((width * height) / 1e6)} megapixels), too large to open safely, so it was not decoded. Export it again at 256×256.`,
      ),
    );
    return { findings, facts: { ...facts, decoded: false } };
  }
  if (partial) return { findings, facts: { ...facts, decoded: false } };
  if (damage) {
    findings.push(finding('logo-corrupt', where, `The PNG is damaged: ${damage}. Export the image again.`));
    return { findings, facts: { ...facts, decoded: false } };
  }
  const sharp = await loadSharp();
  try {
    await sharp(bytes, { limitInputPixels: CHECK_PIXEL_LIMIT }).timeout({ seconds: DECODE_TIMEOUT_SECONDS }).raw().toBuffer();
  } catch (error) {
    findings.push(finding('logo-corrupt', where, `The PNG cannot be decoded (${decoderMessage(error)}). Export the image again.`));
    return { findings, facts: { ...facts, decoded: false } };
  }
  return { findings, facts: { ...facts, decoded: true } };
}

async function checkOtherFormat(
  bytes: Buffer,
  size: number,
  format: string | null,
  where: FindingPlace,
  partial: boolean,
): Promise<LogoCheck> {
  const what = format ? (FORMAT_NAMES[format] ?? `a ${format.toUpperCase()} image`) : 'not an image the companion recognises';
  const findings = [
    finding(
      'logo-not-png',
      where,
      `The file is ${what}, not a PNG${format ? ' (renaming a file does not convert it)' : ''}. ${format ? 'Convert it with "companion logo fix", or export it as PNG.' : 'Export the logo as a PNG image.'}`,
    ),
  ];
  findings.push(...fileSizeFinding(size, where));
  if (!format || partial) return { findings, facts: { bytes: size, format, decoded: false } };
  // Dimensions still help the person fixing it; metadata() reads the header only.
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { limitInputPixels: CHECK_PIXEL_LIMIT }).metadata();
    if (meta.width && meta.height) {
      findings.push(...dimensionFindings(meta.width, meta.height, where).filter((f) => f.code !== 'logo-size-not-recommended'));
      return { findings, facts: { bytes: size, format, width: meta.width, height: meta.height, decoded: false } };
    }
  } catch {
    // The format finding already says what to do.
  }
  return { findings, facts: { bytes: size, format, decoded: false } };
}
