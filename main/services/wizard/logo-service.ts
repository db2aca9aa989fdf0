/**
 * Logos for the wizard: a quick inspection of any dropped image (compliance findings, a small copy
 * for the crop editor, and circle previews as the wallet shows it), the fixer, and the current logo
 * of an existing entry. The image is decoded once, shrunk on load, so a 4000×4000 JPEG costs little.
 */
import { join } from 'node:path';
import { FileReadError } from '../../../platform/files/bounded-read';
import { checkLogo, circlePreviews, fixLogo, registryPaths, RegistryError, toDataUrl, type LogoPreviews } from '../../../registry/index';
import { isPortableFolderName } from '../../../domain/folder-name';
import { readRegistryFile } from '../../../registry/layout';
import { FIX_PIXEL_LIMIT, loadSharp } from '../../../registry/sharp-loader';
import { ServiceError } from '../service-error';
import { findingViews } from './findings-view';
import type { ExistingLogo, FixSettings, LogoFix, LogoInspection } from '../../../domain/ipc/registry-channels';

/** The crop editor's copy: big enough to place a crop precisely, small enough to send and paint at once. */
const DISPLAY_SIDE = 640;
const PREVIEW_SIDE = 128;
/** Larger existing logos are not sent back as images (they are far out of spec anyway). */
const MAX_INLINE_LOGO_BYTES = 4 * 1024 * 1024;

const previewUrls = (p: LogoPreviews) => ({ light: toDataUrl(p.light), dark: toDataUrl(p.dark), size: p.size });

interface Decoded {
  width: number;
  height: number;
  display: string;
  previews: LogoPreviews;
}

/** Upright size, a display copy and wallet previews (centre square) from one shrink-on-load decode. */
async function decodeForDisplay(bytes: Buffer): Promise<Decoded> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: FIX_PIXEL_LIMIT, pages: 1 }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const opaque = !meta.hasAlpha;
  let pipeline = sharp(bytes, { limitInputPixels: FIX_PIXEL_LIMIT, pages: 1, autoOrient: true })
    .timeout({ seconds: 20 })
    .resize(DISPLAY_SIDE, DISPLAY_SIDE, { fit: 'inside', withoutEnlargement: true });
  if (!opaque) pipeline = pipeline.ensureAlpha();
  const { data, info } = await pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // JPEG encodes in a few milliseconds; transparency needs WebP, at its fastest setting.
  const [display, square] = await Promise.all([
    opaque
      ? sharp(data, raw).jpeg({ quality: 85 }).toBuffer()
      : sharp(data, raw).webp({ quality: 86, alphaQuality: 90, effort: 0 }).toBuffer(),
    sharp(data, raw)
      .resize(PREVIEW_SIDE * 2, PREVIEW_SIDE * 2, { fit: 'cover', position: 'centre' })
      .png({ compressionLevel: 1 })
      .toBuffer(),
  ]);
  const type = opaque ? 'image/jpeg' : 'image/webp';
  return {
    width,
    height,
    display: `data:${type};base64,${display.toString('base64')}`,
    previews: await circlePreviews(square, PREVIEW_SIDE),
  };
}

export async function inspectLogo(bytes: Buffer, fileName: string, logoId: string): Promise<LogoInspection> {
  const base = { logoId, fileName, bytes: bytes.length };
  const [check, decoded] = await Promise.all([
    checkLogo(bytes, { path: fileName || 'logo' }),
    bytes.length > 0 ? decodeForDisplay(bytes).catch(() => null) : Promise.resolve(null),
  ]);
  const findings = findingViews(check.findings);
  if (!decoded) {
    return {
      ...base,
      format: check.facts.format,
      findings,
      problem: check.facts.format
        ? `The ${check.facts.format.toUpperCase()} image is damaged or too large to open. Export it again (a PNG or JPEG of about 1000×1000 px is ideal) and choose the new file.`
        : 'This file is not an image the wizard can open. Choose a PNG, JPEG, WebP, GIF, SVG or AVIF image of your logo.',
    };
  }
  return {
    ...base,
    format: check.facts.format,
    width: decoded.width,
    height: decoded.height,
    findings,
    display: decoded.display,
    previews: previewUrls(decoded.previews),
  };
}

export async function fixLogoFor(bytes: Buffer, settings: FixSettings): Promise<LogoFix> {
  try {
    const result = await fixLogo(bytes, {
      ...(settings.crop ? { crop: settings.crop } : {}),
      fit: settings.fit ?? 'cover',
      previewSize: PREVIEW_SIDE,
    });
    return {
      png: toDataUrl(result.png),
      bytes: result.png.length,
      size: result.after.facts.width ?? 0,
      before: findingViews(result.before.findings),
      after: findingViews(result.after.findings),
      notes: [...result.notes],
      previews: previewUrls(result.previews ?? (await circlePreviews(result.png, PREVIEW_SIDE))),
    };
  } catch (error) {
    if (error instanceof RegistryError) throw new ServiceError(error.code, error.message);
    throw error;
  }
}

export async function existingLogo(root: string, chain: string, id: string): Promise<ExistingLogo> {
  // The id becomes a folder name: one that could leave the assets folder has no logo there.
  if (!isPortableFolderName(id)) return { present: false, findings: [] };
  const path = registryPaths.logo(chain, id);
  const place = { path, chain, id };
  let bytes: Buffer | null;
  try {
    bytes = await readRegistryFile(root, path);
  } catch (error) {
    // Not a regular file, too large or outside the folder: checking the path names the problem.
    if (error instanceof FileReadError && error.reason !== 'unreadable')
      return { present: true, findings: findingViews((await checkLogo(join(root, ...path.split('/')), place, root)).findings) };
    bytes = null;
  }
  return existingLogoOf(bytes, chain, id);
}

/** The same answer for a logo's bytes read from elsewhere (the upstream repository, in remote mode); null: no logo. */
export async function existingLogoOf(bytes: Buffer | null, chain: string, id: string): Promise<ExistingLogo> {
  if (!bytes) return { present: false, findings: [] };
  const place = { path: registryPaths.logo(chain, id), chain, id };
  const check = await checkLogo(bytes, place);
  const findings = findingViews(check.findings);
  if (!check.facts.decoded || bytes.length > MAX_INLINE_LOGO_BYTES) return { present: true, findings };
  return { present: true, png: toDataUrl(bytes), findings, previews: previewUrls(await circlePreviews(bytes, PREVIEW_SIDE)) };
}
