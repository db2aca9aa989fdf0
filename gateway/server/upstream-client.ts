import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { readBody } from '../../platform/http/read-body';
import { signRequest } from '../signing/signer';
import { toolError, type ToolError } from './tool-error';

export interface Credentials {
  readonly accessId: string;
  readonly secretKey: string;
}

export interface UpstreamCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

export type UpstreamResult =
  { readonly ok: true; readonly data: Record<string, unknown> } | { readonly ok: false; readonly error: ToolError };

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function errorCode(error: unknown): string {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  // undici wraps the socket error; the useful code may sit one level down.
  for (let depth = 0; e && depth < 3; depth++, e = e.cause as typeof e) if (typeof e.code === 'string') return e.code;
  return '';
}

function upstreamMessage(data: unknown): { code?: string | undefined; message?: string | undefined; retryAfter?: number | undefined } {
  if (!data || typeof data !== 'object') return {};
  const d = data as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v.slice(0, 500) : undefined);
  return {
    code: text(d.code),
    message: text(d.message) ?? text(d.error),
    retryAfter: typeof d.retryAfter === 'number' ? d.retryAfter : undefined,
  };
}

/**
 * Calls the upstream REST API, signing each request with the caller's credentials, and turns
 * every failure into a tool error that says what happened and what to do.
 */
export class UpstreamClient {
  private readonly base: URL;
  private readonly dispatcher: Agent;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = 30_000,
  ) {
    this.base = new URL(baseUrl);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') throw new Error(`upstream URL must be http(s), got ${baseUrl}`);
    this.dispatcher = new Agent({
      connections: 128,
      keepAliveTimeout: 10_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: Math.min(timeoutMs, 10_000),
    });
  }

  get baseUrl(): string {
    return this.base.href;
  }

  async call(credentials: Credentials, call: UpstreamCall): Promise<UpstreamResult> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) query.set(k, String(v));
    const qs = query.toString();
    const target = `${this.base.pathname.replace(/\/$/, '')}${call.path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...signRequest({ method: call.method, target, accessId: credentials.accessId, secret: credentials.secretKey }),
    };
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(new URL(target, this.base.origin), {
        method: call.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        dispatcher: this.dispatcher,
        ...(call.signal ? { signal: call.signal } : {}),
      });
    } catch (error) {
      return { ok: false, error: this.transportError(error, call.signal) };
    }
    let text: string;
    try {
      text = await this.readBody(response.body);
    } catch (error) {
      return { ok: false, error: this.transportError(error, call.signal) };
    }
    const status = response.statusCode;
    const type = String(response.headers['content-type'] ?? '');
    let data: unknown;
    let parsed = false;
    if (/json/i.test(type)) {
      try {
        data = JSON.parse(text);
        parsed = true;
      } catch {
        parsed = false;
      }
    }
    if (status >= 200 && status < 300) {
      if (!parsed || data === null || typeof data !== 'object' || Array.isArray(data)) {
        return {
          ok: false,
          error: toolError(
            'upstream_bad_response',
            `The upstream answered ${status} without a JSON object (content-type ${type || 'none'}).`,
          ),
        };
      }
      return { ok: true, data: data as Record<string, unknown> };
    }
    return { ok: false, error: this.statusError(status, parsed ? data : undefined, type, response.headers['retry-after']) };
  }

  private async readBody(body: Readable): Promise<string> {
    const read = await readBody(body, MAX_RESPONSE_BYTES);
    if (!read.ok) throw Object.assign(new Error('upstream response too large'), { code: 'RESPONSE_TOO_LARGE' });
    return read.bytes.toString('utf8');
  }

  private transportError(error: unknown, signal: AbortSignal | undefined): ToolError {
    const code = errorCode(error);
    const where = this.base.origin;
    if (signal?.aborted) return toolError('cancelled', 'The call was cancelled before the upstream answered.');
    if (code === 'RESPONSE_TOO_LARGE')
      return toolError('upstream_bad_response', `The upstream answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB.`);
    if (TIMEOUT_CODES.has(code))
      return toolError('upstream_timeout', `The upstream at ${where} did not answer within ${this.timeoutMs / 1000} s. Try again shortly.`);
    if (NETWORK_CODES.has(code))
      return toolError('upstream_unavailable', `The upstream at ${where} is unavailable (${code}). Try again shortly.`);
    if (/CERT|TLS|SSL|SELF_SIGNED|ALTNAME/i.test(code)) {
      return toolError(
        'upstream_tls_error',
        `The upstream at ${where} failed TLS verification (${code}). Install its CA (e.g. NODE_EXTRA_CA_CERTS) or fix its certificate.`,
      );
    }
    return toolError(
      'upstream_unavailable',
      `The upstream at ${where} could not be reached: ${(error as Error).message ?? String(error)}.`,
    );
  }

  private statusError(status: number, data: unknown, type: string, retryAfterHeader: string | string[] | undefined): ToolError {
    const up = upstreamMessage(data);
    const detail = up.message ? ` (upstream: ${up.message})` : '';
    if (status === 429) {
      const header = Number(Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader);
      const seconds = Math.max(1, Math.ceil(Number.isFinite(header) && header > 0 ? header : (up.retryAfter ?? 1)));
      return toolError('rate_limited', `Rate limited: retry after ${seconds} s.`, { retryAfter: seconds });
    }
    if (status === 401 || status === 403) {
      if (up.code === 'forbidden') return toolError('access_denied', `This account may not use this tool${detail}.`);
      if (up.code === 'request_expired')
        return toolError('clock_skew', `The upstream rejected the request date; check this computer's clock${detail}.`);
      if (up.code === 'replayed_nonce') return toolError('upstream_rejected', `The upstream saw a repeated nonce; try again${detail}.`);
      return toolError(
        'invalid_credentials',
        `Invalid credentials: the upstream rejected X-SVC-CREDENTIAL / X-SVC-SECRET-KEY${detail}. Check the access id and secret key.`,
      );
    }
    if (!up.message) {
      return toolError(
        status >= 500 ? 'upstream_error' : 'upstream_bad_response',
        `The upstream answered HTTP ${status} with ${type ? `a ${type.split(';')[0]} body` : 'no body'} instead of a JSON error.${status >= 500 ? ' Try again later.' : ''}`,
      );
    }
    if (status >= 500) return toolError('upstream_error', `The upstream failed (HTTP ${status}): ${up.message} Try again later.`);
    // 400, 404, 410: the upstream's own code and message describe the problem with the arguments.
    return toolError(up.code ?? (status === 404 ? 'not_found' : 'invalid_arguments'), up.message);
  }

  async close(): Promise<void> {
    await this.dispatcher.destroy();
  }
}
