import type { IncomingHttpHeaders } from 'node:http';
import { isHeaderToken } from '../../domain/header-token';
import { isLoopbackHost } from '../../domain/loopback-host';
import type { CredentialHeaderNames } from '../../domain/profile-gateway';
import { DISPLAY } from '../signing/headers';

/** A rejection before the request reaches MCP: HTTP status plus a JSON-RPC error body. */
export interface Rejection {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

// JSON-RPC codes: the standard ones, and -32001 for authentication and session problems.
export const JSONRPC = { parseError: -32700, invalidRequest: -32600, serverError: -32000, unauthorized: -32001, internal: -32603 } as const;

/** The hostname part of a Host header (without port), or undefined if malformed. */
function hostName(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * DNS-rebinding defence for a server bound to loopback: a browser tricked into reaching it under a
 * foreign name still sends that name in Host.
 */
export function checkHost(headers: IncomingHttpHeaders, bindHost: string, extraNames: readonly string[]): Rejection | undefined {
  if (!isLoopbackHost(bindHost)) return undefined;
  const name = hostName(headers.host ?? '');
  if (name !== undefined && (isLoopbackHost(name) || extraNames.includes(name))) return undefined;
  return {
    status: 403,
    code: JSONRPC.serverError,
    message: `Forbidden: Host "${String(headers.host ?? '').slice(0, 100)}" is not this server; connect to 127.0.0.1 or localhost.`,
  };
}

/** Loopback origins, the server's own, and configured ones are allowed; a request without Origin is not from a browser. */
export function checkOrigin(origin: string | undefined, allowed: readonly string[]): Rejection | undefined {
  if (origin === undefined) return undefined;
  if (allowed.includes(origin)) return undefined;
  try {
    const url = new URL(origin);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname) && url.origin === origin) return undefined;
  } catch {
    // An unparseable Origin (including "null") is not allowed.
  }
  return { status: 403, code: JSONRPC.serverError, message: `Forbidden: Origin "${origin.slice(0, 100)}" may not call this server.` };
}

/**
 * HTTP requires a challenge on every 401. The gateway's scheme is its two headers, not a bearer token,
 * so clients that know OAuth do not start a login flow for it.
 */
export const AUTH_CHALLENGE = `X-SVC-Credential realm="gateway", headers="${DISPLAY.credential} ${DISPLAY.secretKey}"`;

/** A 401 with the challenge and a message that says what to send. */
export const unauthorizedRejection = (message: string): Rejection => ({
  status: 401,
  code: JSONRPC.unauthorized,
  message,
  headers: { 'www-authenticate': AUTH_CHALLENGE },
});

export interface RequestCredentials {
  readonly accessId: string;
  readonly secretKey: string;
}

/** The longest credential header value accepted. */
const HEADER_VALUE_MAX = 256;

const SPEC_NAMES: CredentialHeaderNames = { credential: DISPLAY.credential, secret: DISPLAY.secretKey };

/**
 * Both credential headers, present and well-formed; otherwise a 401 that names the problem. `names` are the
 * headers this gateway reads them from (the spec's by default; a gateway may be told to use others).
 */
export function readCredentials(
  headers: IncomingHttpHeaders,
  names: CredentialHeaderNames = SPEC_NAMES,
): { ok: true; value: RequestCredentials } | { ok: false; rejection: Rejection } {
  const accessId = headers[names.credential.toLowerCase()];
  const secretKey = headers[names.secret.toLowerCase()];
  const missing: string[] = [];
  if (typeof accessId !== 'string' || accessId.trim() === '') missing.push(names.credential);
  if (typeof secretKey !== 'string' || secretKey.trim() === '') missing.push(names.secret);
  const unauthorized = (message: string) => ({ ok: false as const, rejection: unauthorizedRejection(message) });
  if (missing.length > 0) {
    return unauthorized(
      `Unauthorized: missing ${missing.join(' and ')} header${missing.length > 1 ? 's' : ''}. Send the access id in ${names.credential} and the secret key in ${names.secret} on every request.`,
    );
  }
  const id = (accessId as string).trim();
  const secret = (secretKey as string).trim();
  if (!isHeaderToken(id, HEADER_VALUE_MAX))
    return unauthorized(`Unauthorized: ${names.credential} must be 1 to 256 printable characters without spaces.`);
  if (!isHeaderToken(secret, HEADER_VALUE_MAX))
    return unauthorized(`Unauthorized: ${names.secret} must be 1 to 256 printable characters without spaces.`);
  return { ok: true, value: { accessId: id, secretKey: secret } };
}
