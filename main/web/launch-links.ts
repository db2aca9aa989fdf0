import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Browser mode's sign-in. The address printed or opened carries a one-time code, never the session: a
 * browser keeps that address in its History, Sessions and Favicons databases (replacing the address bar
 * does not reach them), so the code opens the app once, within a minute, and nothing afterwards. The page
 * that redeems it receives a session token, kept by that tab for its API calls.
 */

/** How long a printed link works: long enough to click, short enough that an old link opens nothing. */
export const LINK_LIFETIME_MS = 60_000;
/** Shortens the link lifetime (never lengthens it), e.g. to 0 in tests that prove an old link is refused. */
export const LINK_LIFETIME_ENV = 'GATEWAY_COMPANION_WEB_LINK_LIFETIME_MS';

// Bounds: links not yet used (each press of Enter mints one) and sessions (each redeemed link makes one).
const MAX_PENDING_CODES = 16;
const MAX_SESSIONS = 64;

export interface LaunchLinkOptions {
  /** Default LINK_LIFETIME_MS. */
  readonly lifetimeMs?: number;
  /** Clock, injectable so tests prove the lifetime without waiting for it. */
  readonly now?: () => number;
}

/** The link lifetime an environment asks for: LINK_LIFETIME_MS unless it names a shorter one. */
export function linkLifetimeFrom(env: NodeJS.ProcessEnv): number {
  const raw = env[LINK_LIFETIME_ENV];
  if (raw === undefined || raw === '') return LINK_LIFETIME_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > LINK_LIFETIME_MS)
    throw new RangeError(`${LINK_LIFETIME_ENV} must be a whole number of milliseconds from 0 to ${LINK_LIFETIME_MS}, got "${raw}"`);
  return value;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const newSecret = () => randomBytes(32).toString('base64url');

export interface LaunchLinks {
  /** A new one-time code (the oldest unused one is dropped past the bound). */
  mint(): string;
  /** Redeems a code: a new session token, or undefined when the code is unknown, used or expired. */
  redeem(code: string): string | undefined;
  /** Whether an Authorization header carries a live session token. */
  authorises(authorization: string | undefined): boolean;
}

export function createLaunchLinks(options: LaunchLinkOptions = {}): LaunchLinks {
  const lifetime = options.lifetimeMs ?? LINK_LIFETIME_MS;
  const now = options.now ?? Date.now;
  // Keyed by the code's SHA-256, so a lookup compares digests, not the secret itself, by timing.
  const codes = new Map<string, number>();
  const sessions: Buffer[] = [];

  return {
    mint() {
      const code = newSecret();
      codes.set(digest(code).toString('hex'), now());
      while (codes.size > MAX_PENDING_CODES) codes.delete(codes.keys().next().value!);
      return code;
    },
    redeem(code) {
      const key = digest(code).toString('hex');
      const minted = codes.get(key);
      if (minted === undefined) return undefined;
      codes.delete(key);
      if (now() - minted >= lifetime) return undefined;
      const session = newSecret();
      sessions.push(digest(`Bearer ${session}`));
      if (sessions.length > MAX_SESSIONS) sessions.shift();
      return session;
    },
    authorises(authorization) {
      if (!authorization) return false;
      const given = digest(authorization);
      let found = false;
      for (const session of sessions) found = timingSafeEqual(given, session) || found;
      return found;
    },
  };
}
