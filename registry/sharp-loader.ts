/**
 * sharp is loaded on first use, so list-only work (checks without logos, writes, the crash-test child)
 * starts without loading libvips.
 */
import type sharpType from 'sharp';

export type Sharp = typeof sharpType;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}

/** Pixels a logo check will decode: far above any valid logo (512×512), enough for real mistakes like 3600×3600. */
export const CHECK_PIXEL_LIMIT = 4096 * 4096;
/** Pixels the fixer accepts: a 48-megapixel phone photo fits; a 20000×20000 bomb is refused from its header. */
export const FIX_PIXEL_LIMIT = 64_000_000;
/** No decode may run longer than this (a hang guard, not a performance target). */
export const DECODE_TIMEOUT_SECONDS = 20;
