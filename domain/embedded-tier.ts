/**
 * The tier the built-in (embedded) reference gateway emulates: requests per second per account, 429 with
 * Retry-After past it, as `companion gateway --rate N` does, so the playground, the doctor and tests meet
 * the public gateway's real refusals offline. GATEWAY_COMPANION_EMBEDDED_RATE in the environment of the
 * process that runs the gateway wins; otherwise the app's setting (settings.json, shared by the app and
 * every bridge of the config folder) decides; neither: no limit. Pure, for main and the Settings view.
 */
import { GATEWAY_PRESETS, rateProblem } from './profile-gateway';

export const EMBEDDED_RATE_ENV = 'GATEWAY_COMPANION_EMBEDDED_RATE';

/** The public gateway's free tier, the setting's preset. */
export const FREE_TIER_RATE = GATEWAY_PRESETS.public.rate ?? 1;

/** A rate as typed (a plain decimal, e.g. 1 or 0.5); NaN when it is not one. */
export function parseRate(text: string): number {
  const trimmed = text.trim();
  return /^\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

/** Why `rate` cannot be the emulated tier (above 0, at most 1000 per second), or undefined. */
export function tierRateProblem(rate: number): string | undefined {
  return rateProblem(rate);
}

/** "1 request per second", "2.5 requests per second". */
export function ratePhrase(rate: number): string {
  return `${rate} request${rate === 1 ? '' : 's'} per second`;
}
