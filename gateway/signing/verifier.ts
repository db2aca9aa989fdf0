import { createHmac, timingSafeEqual } from 'node:crypto';
import { isHeaderToken } from '../../domain/header-token';
import { splitTarget, stringToSign } from './canonical';
import { AUTHORIZATION_HEADER, CREDENTIAL_HEADER, DATE_HEADER, DISPLAY, NONCE_HEADER, SIGNATURE_SCHEME } from './headers';
import { NonceCache } from './nonce-cache';

export const DEFAULT_WINDOW_MS = 5 * 60_000;

export type Verification =
  | { readonly ok: true; readonly accessId: string }
  | { readonly ok: false; readonly status: 401 | 403; readonly code: string; readonly message: string };

export interface VerifierOptions {
  /** The account's secret, or undefined for an unknown access id. */
  readonly secretFor: (accessId: string) => string | undefined;
  readonly now?: () => number;
  readonly windowMs?: number;
}

export interface SignedRequest {
  readonly method: string;
  /** The raw request target as received (`/path?query`). */
  readonly target: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

const SIGNATURE_RE = new RegExp(`^${SIGNATURE_SCHEME} Signature=([A-Za-z0-9+/]{43}=)$`);
/** The longest access id or nonce accepted (a UUID v4 nonce is 36). */
const TOKEN_MAX = 128;

const reject = (status: 401 | 403, code: string, message: string): Verification => ({ ok: false, status, code, message });

function single(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Verifies the HMAC-SHA256 request signature: known account, matching signature, fresh date, unused nonce. */
export class RequestVerifier {
  private readonly nonces = new NonceCache();
  private readonly now: () => number;
  private readonly windowMs: number;

  constructor(private readonly options: VerifierOptions) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  }

  verify(request: SignedRequest): Verification {
    const accessId = single(request.headers, CREDENTIAL_HEADER);
    const nonce = single(request.headers, NONCE_HEADER);
    const date = single(request.headers, DATE_HEADER);
    const authorization = single(request.headers, AUTHORIZATION_HEADER);
    const missing = [
      accessId ? undefined : DISPLAY.credential,
      nonce ? undefined : DISPLAY.nonce,
      date ? undefined : DISPLAY.date,
      authorization ? undefined : DISPLAY.authorization,
    ].filter((h) => h !== undefined);
    if (missing.length > 0 || !accessId || !nonce || !date || !authorization) {
      return reject(
        401,
        'missing_signature',
        `The request is not signed: missing ${missing.join(', ')}. Sign every request with HMAC-SHA256.`,
      );
    }
    if (!isHeaderToken(accessId, TOKEN_MAX))
      return reject(401, 'malformed_signature', `${DISPLAY.credential} must be 1 to 128 printable characters without spaces.`);
    if (!isHeaderToken(nonce, TOKEN_MAX))
      return reject(401, 'malformed_signature', `${DISPLAY.nonce} must be 1 to 128 printable characters without spaces (a UUID v4).`);
    const match = SIGNATURE_RE.exec(authorization);
    if (!match) {
      return reject(
        401,
        'malformed_signature',
        `${DISPLAY.authorization} must be "${SIGNATURE_SCHEME} Signature=<base64 of the 32-byte HMAC>".`,
      );
    }
    const dateMs = Date.parse(date);
    if (!Number.isFinite(dateMs))
      return reject(401, 'malformed_signature', `${DISPLAY.date} must be an RFC 1123 date such as "Thu, 27 Feb 2026 12:00:00 GMT".`);

    const secret = this.options.secretFor(accessId);
    if (secret === undefined) return reject(403, 'invalid_credentials', 'The access id is not registered with this service.');
    const { path, query } = splitTarget(request.target);
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(stringToSign({ method: request.method, path, query, accessId, nonce, date }), 'utf8')
      .digest();
    const given = Buffer.from(match[1] as string, 'base64');
    // Both are 32 bytes (the regex fixes the length), so the comparison leaks nothing through timing.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reject(403, 'invalid_credentials', 'The signature does not match: the secret key is wrong for this access id.');
    }

    const now = this.now();
    const skewSeconds = Math.round((dateMs - now) / 1000);
    if (Math.abs(dateMs - now) > this.windowMs) {
      return reject(
        401,
        'request_expired',
        `${DISPLAY.date} is ${Math.abs(skewSeconds)} s ${skewSeconds < 0 ? 'behind' : 'ahead of'} the server clock; it must be within ±${this.windowMs / 60_000} minutes. Check the system clock.`,
      );
    }
    if (!this.nonces.remember(accessId, nonce, dateMs + this.windowMs, now)) {
      return reject(401, 'replayed_nonce', `${DISPLAY.nonce} was already used; every request needs a fresh nonce.`);
    }
    return { ok: true, accessId };
  }
}
