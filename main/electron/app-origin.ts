/** The renderer is served from this privileged custom scheme, never from a remote URL or file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'companion';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Origin of a URL as scheme + host. WHATWG URL gives custom schemes an opaque "null" origin, so the
 * comparison is built from parsed parts, never from a string prefix (which `app://companion.evil` passes).
 */
export function originOf(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

export function isAppUrl(raw: string | undefined | null): boolean {
  return originOf(raw) === APP_ORIGIN;
}
