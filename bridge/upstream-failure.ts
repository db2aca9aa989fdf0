/**
 * What went wrong in an exchange with the gateway, in transport terms: a socket error, an HTTP status with
 * its body, a reply that is not what MCP allows. Pure (no I/O): `upstream.ts` raises these, and
 * `bridge-error.ts` turns each into the JSON-RPC error the host reads.
 */

/** Why an exchange with the gateway failed; the bridge turns each kind into a JSON-RPC error naming it. */
export type FailureKind = 'network' | 'reset' | 'tls' | 'http' | 'invalid' | 'too_large' | 'session_expired' | 'aborted';

export interface FailureExtra {
  readonly status?: number;
  readonly statusText?: string;
  readonly code?: string;
  readonly retryAfter?: string;
  /** Seconds the bridge already waited (the first 429's Retry-After) before this answer. */
  readonly waitedSeconds?: number;
}

export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly extra: FailureExtra = {},
  ) {
    super(message);
  }
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Classifies a socket-level error from node:http or undici. Node names some cuts only in the message
 * ("socket hang up" has no code of its own), so those few words are matched as a last resort.
 */
export function networkFailure(error: unknown): UpstreamFailure {
  if (error instanceof UpstreamFailure) return error;
  const e = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e.code ?? e.cause?.code ?? '';
  if (e.name === 'AbortError' || code === 'ABORT_ERR' || code === 'UND_ERR_ABORTED')
    return new UpstreamFailure('aborted', 'aborted', { code });
  const text = `${e.message ?? String(error)}${code && !String(e.message).includes(code) ? ` (${code})` : ''}`;
  if (TLS_CODES.test(code)) return new UpstreamFailure('tls', text, { code });
  if (RESET_CODES.has(code) || /socket hang up|other side closed|premature close|aborted/i.test(e.message ?? ''))
    return new UpstreamFailure('reset', text, { code: code || 'ECONNRESET' });
  return new UpstreamFailure('network', text, { code });
}

/** Visible text of an error body: tags stripped, whitespace collapsed, truncated. */
export function bodyExcerpt(text: string, max = 200): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

/** The message of a JSON-RPC error body, if the text is one. */
function jsonRpcErrorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'object' && typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return undefined;
}

/** The parts of an HTTP response an error is made from (an `HttpResponse` is one). */
export interface ResponseHead {
  readonly status: number;
  readonly statusText: string;
  header(name: string): string | undefined;
}

/**
 * An HTTP answer that is no MCP reply: the status, Retry-After, and the body's JSON-RPC error message or
 * visible text (`body` is undefined when it could not be read; the status alone still names the cause).
 */
export function httpFailure(res: ResponseHead, body: string | undefined, waitedSeconds?: number): UpstreamFailure {
  const detail = body === undefined ? '' : (jsonRpcErrorMessage(body) ?? bodyExcerpt(body));
  const retryAfter = res.header('retry-after');
  return new UpstreamFailure('http', detail, {
    status: res.status,
    statusText: res.statusText,
    ...(retryAfter ? { retryAfter } : {}),
    ...(waitedSeconds !== undefined ? { waitedSeconds } : {}),
  });
}

const CONNECTION_FAILURES = new Set<FailureKind>(['network', 'reset', 'tls']);

/** The gateway could not be reached or is down: what backoff paces. */
export function isConnectionFailure(error: UpstreamFailure): boolean {
  if (CONNECTION_FAILURES.has(error.kind)) return true;
  const status = error.extra.status;
  return error.kind === 'http' && (status === 502 || status === 503 || status === 504);
}

/** An HTTP answer without a JSON-RPC response that still says "not this way" (a 2026-only or 2025-only endpoint's refusal). */
export function isRefusal(error: unknown): boolean {
  const status = error instanceof UpstreamFailure && error.kind === 'http' ? error.extra.status : undefined;
  return status === 400 || status === 404 || status === 405;
}
