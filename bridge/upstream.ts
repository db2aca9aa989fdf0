import type { Credentials } from '../platform/credentials/keychain';
import type { HttpClient, HttpResponse } from './http-client';
import { SseParser } from '../platform/http/sse-parser';
import { readBody } from '../platform/http/read-body';

/** Why an exchange with the gateway failed; the bridge turns each kind into a JSON-RPC error naming it. */
export type FailureKind = 'network' | 'reset' | 'tls' | 'http' | 'invalid' | 'too_large' | 'session_expired' | 'aborted';

export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly extra: { readonly status?: number; readonly statusText?: string; readonly code?: string; readonly retryAfter?: string } = {},
  ) {
    super(message);
  }
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** Classifies a socket-level error from node:http or undici. */
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

/** A whole response body as text; past the limit the connection is closed rather than drained. */
async function readText(res: HttpResponse, limit: number): Promise<string> {
  const read = await readBody(res.body, limit);
  if (!read.ok) throw new UpstreamFailure('too_large', `the response exceeds the ${limit} byte limit`);
  return read.bytes.toString('utf8');
}

/** One JSON-RPC message from the gateway, parsed, with the single-line text to forward to the host. */
export type UpstreamMessageHandler = (message: unknown, line: string) => void;

export interface PostOptions {
  readonly signal: AbortSignal;
  readonly onMessage: UpstreamMessageHandler;
  /** True once the response this POST waits for has arrived. */
  readonly answered: () => boolean;
}

/** How often a POST's event stream is resumed (GET with Last-Event-ID) before giving up. */
const MAX_RESUMES = 5;

export interface UpstreamOptions {
  readonly url: URL;
  readonly http: HttpClient;
  credentials: Credentials;
  readonly maxMessageBytes: number;
  readonly userAgent: string;
}

/**
 * The client half of MCP's Streamable HTTP transport, without interpreting messages: it POSTs raw JSON-RPC
 * text, carries the session id and negotiated protocol version, and hands every message the gateway sends
 * (JSON body or SSE events) to a callback.
 */
export class Upstream {
  sessionId: string | undefined;
  protocolVersion: string | undefined;

  constructor(readonly options: UpstreamOptions) {}

  private headers(accept: string, withBody: boolean): Record<string, string> {
    const h: Record<string, string> = {
      accept,
      'user-agent': this.options.userAgent,
      'x-svc-credential': this.options.credentials.accessId,
      'x-svc-secret-key': this.options.credentials.secretKey,
    };
    if (withBody) h['content-type'] = 'application/json';
    if (this.sessionId !== undefined) h['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined) h['mcp-protocol-version'] = this.protocolVersion;
    return h;
  }

  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    accept: string,
    body: string | undefined,
    signal: AbortSignal,
    lastEventId?: string,
  ): Promise<HttpResponse> {
    const hadSession = this.sessionId !== undefined;
    const headers = this.headers(accept, body !== undefined);
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    let res: HttpResponse;
    try {
      res = await this.options.http.request({ method, headers, ...(body !== undefined ? { body } : {}), signal });
    } catch (error) {
      throw networkFailure(error);
    }
    const session = res.header('mcp-session-id');
    if (session !== undefined) {
      if (!/^[\x21-\x7e]{1,512}$/.test(session)) {
        res.discard();
        throw new UpstreamFailure('invalid', 'the gateway sent an invalid Mcp-Session-Id header');
      }
      this.sessionId = session;
    }
    // The spec defines 404 on a request carrying a session id as "session expired".
    if (res.status === 404 && hadSession) {
      res.discard();
      throw new UpstreamFailure('session_expired', 'the gateway no longer knows this session (HTTP 404)', { status: 404 });
    }
    return res;
  }

  private async httpError(res: HttpResponse): Promise<never> {
    let detail = '';
    try {
      const text = await readText(res, 16_384);
      detail = jsonRpcErrorMessage(text) ?? bodyExcerpt(text);
    } catch {
      // the status alone still names the cause
    }
    throw new UpstreamFailure('http', detail, {
      status: res.status,
      statusText: res.statusText,
      ...(res.header('retry-after') ? { retryAfter: res.header('retry-after') as string } : {}),
    });
  }

  private emitParsed(text: string, onMessage: UpstreamMessageHandler, what: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new UpstreamFailure('invalid', `${what} is not JSON: "${bodyExcerpt(text, 80)}"`);
    }
    const messages = Array.isArray(value) ? value : [value];
    for (const m of messages) {
      // Re-serialise only when needed: stdio framing forbids newlines inside a message.
      const line = Array.isArray(value) || /[\r\n]/.test(text) ? JSON.stringify(m) : text;
      onMessage(m, line);
    }
  }

  private async readEvents(res: HttpResponse, onMessage: UpstreamMessageHandler): Promise<SseParser> {
    const parser = new SseParser(this.options.maxMessageBytes, (event) => {
      if (event.event !== 'message') return;
      this.emitParsed(event.data, onMessage, 'an event from the gateway');
    });
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) parser.push(chunk);
    } catch (error) {
      res.discard();
      if (error instanceof UpstreamFailure) throw error;
      if (error instanceof Error && /event-stream event exceeds/.test(error.message)) throw new UpstreamFailure('too_large', error.message);
      throw networkFailure(error);
    }
    return parser;
  }

  /** POSTs a request and delivers everything the gateway answers on that POST. Resolves when the reply ends. */
  async postRequest(body: string, options: PostOptions): Promise<void> {
    const res = await this.send('POST', 'application/json, text/event-stream', body, options.signal);
    const type = (res.header('content-type') ?? '').toLowerCase();
    if (res.status === 200 && type.startsWith('text/event-stream')) {
      let parser = await this.readEvents(res, options.onMessage);
      // A server may end the stream early and expect the client to resume it (spec 2025-11-25, SSE polling).
      for (let resumes = 0; !options.answered() && parser.lastEventId !== undefined && resumes < MAX_RESUMES; resumes++) {
        await new Promise((resolve) => setTimeout(resolve, parser.retryMs ?? 0));
        const next = await this.send('GET', 'text/event-stream', undefined, options.signal, parser.lastEventId);
        if (next.status !== 200 || !(next.header('content-type') ?? '').toLowerCase().startsWith('text/event-stream'))
          return this.httpError(next);
        parser = await this.readEvents(next, options.onMessage);
      }
      if (!options.answered())
        throw new UpstreamFailure('reset', 'the gateway closed the reply stream before answering', { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      return;
    }
    if (res.status === 200 && type.startsWith('application/json')) {
      let text: string;
      try {
        text = await readText(res, this.options.maxMessageBytes);
      } catch (error) {
        throw networkFailure(error);
      }
      this.emitParsed(text, options.onMessage, 'the response body');
      return;
    }
    if (res.status === 200 || res.status === 202) {
      res.discard();
      throw new UpstreamFailure(
        'invalid',
        res.status === 202
          ? 'the gateway accepted the request (HTTP 202) but sent no response'
          : `unexpected content type "${type || 'none'}"`,
      );
    }
    return this.httpError(res);
  }

  /** POSTs a notification or a reply to a server request; the gateway acknowledges with 202. */
  async postOneWay(body: string, signal: AbortSignal): Promise<void> {
    const res = await this.send('POST', 'application/json, text/event-stream', body, signal);
    if (res.status === 202 || res.status === 200 || res.status === 204) {
      res.discard();
      return;
    }
    return this.httpError(res);
  }

  /**
   * Holds the GET event stream for server-initiated messages until it ends. `unsupported` means the gateway
   * offers none (405); `expired` means the session is gone.
   */
  async openStream(
    signal: AbortSignal,
    onMessage: UpstreamMessageHandler,
    lastEventId: string | undefined,
  ): Promise<{ outcome: 'ended' | 'unsupported' | 'expired'; lastEventId?: string; retryMs?: number }> {
    let res: HttpResponse;
    try {
      res = await this.send('GET', 'text/event-stream', undefined, signal, lastEventId);
    } catch (error) {
      if (error instanceof UpstreamFailure && error.kind === 'session_expired') return { outcome: 'expired' };
      throw error;
    }
    if (res.status === 405) {
      res.discard();
      return { outcome: 'unsupported' };
    }
    if (res.status !== 200 || !(res.header('content-type') ?? '').toLowerCase().startsWith('text/event-stream')) return this.httpError(res);
    const parser = await this.readEvents(res, onMessage);
    return {
      outcome: 'ended',
      ...(parser.lastEventId !== undefined ? { lastEventId: parser.lastEventId } : {}),
      ...(parser.retryMs !== undefined ? { retryMs: parser.retryMs } : {}),
    };
  }

  /** Ends the session on the gateway (the spec's DELETE); best effort within the signal's deadline. */
  async deleteSession(signal: AbortSignal): Promise<void> {
    if (this.sessionId === undefined) return;
    try {
      const res = await this.send('DELETE', 'application/json, text/event-stream', undefined, signal);
      res.discard();
    } catch {
      // Exiting anyway: the gateway expires the session on its own.
    } finally {
      this.sessionId = undefined;
    }
  }
}
