import type { Credentials } from '../platform/credentials/keychain';
import type { HttpClient, HttpResponse } from './http-client';
import { SseParser } from '../platform/http/sse-parser';
import { readBody } from '../platform/http/read-body';
import { setTimeout as sleep } from 'node:timers/promises';

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

/**
 * HTTP statuses the bridge answers with its own error, whatever the body: credentials (after trying fresh
 * ones), rate limiting (with its Retry-After) and a gateway that is down or overloaded (with backoff).
 */
const OWN_STATUSES = new Set([401, 403, 429, 502, 503, 504]);

interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: string | number;
  error: { code: number; message: string; data?: unknown };
}

/** The body as a JSON-RPC error response to a request (with an id), if it is exactly that. */
function jsonRpcErrorResponse(text: string): JsonRpcErrorResponse | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const m = value as Partial<JsonRpcErrorResponse> & { result?: unknown };
  const e = m.error;
  const idOk = typeof m.id === 'string' || (typeof m.id === 'number' && Number.isFinite(m.id));
  if (m.jsonrpc !== '2.0' || !idOk || 'result' in m || e === null || typeof e !== 'object') return undefined;
  return Number.isInteger(e.code) && typeof e.message === 'string' ? (value as JsonRpcErrorResponse) : undefined;
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
  /** Headers the message itself calls for (the 2026 era's, see era-headers.ts). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** How often in a row a POST's event stream is resumed (GET with Last-Event-ID) without any new event before giving up. */
const MAX_RESUMES = 5;
/** The wait before resuming when the server sent no `retry:` (the SDK client's default too). */
const DEFAULT_RETRY_MS = 1_000;
/** Failures after which a stream with an event id is worth resuming. */
const CUT_KINDS = new Set<FailureKind>(['reset', 'network']);

/** A stream that broke mid-way, with what its parser had seen (the id to resume from). */
class StreamCut extends Error {
  constructor(
    readonly parser: SseParser,
    readonly failure: UpstreamFailure,
  ) {
    super(failure.message);
  }
}

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
    extra?: Readonly<Record<string, string>>,
  ): Promise<HttpResponse> {
    const hadSession = this.sessionId !== undefined;
    const headers = { ...this.headers(accept, body !== undefined), ...extra };
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

  /**
   * Reads one event stream to its end into a fresh parser (a cut stream's half event is dropped: the server
   * replays it after the last id we saw). Events whose id was already delivered in this exchange are
   * skipped, so a server that replays inclusively cannot make the host see a message twice.
   */
  private async readEvents(res: HttpResponse, onMessage: UpstreamMessageHandler, seen?: Set<string>): Promise<SseParser> {
    const parser = new SseParser(this.options.maxMessageBytes, (event) => {
      if (event.event !== 'message') return;
      if (event.id !== undefined && seen) {
        if (seen.has(event.id)) return;
        seen.add(event.id);
      }
      this.emitParsed(event.data, onMessage, 'an event from the gateway');
    });
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) parser.push(chunk);
    } catch (error) {
      res.discard();
      if (error instanceof UpstreamFailure) throw error;
      if (error instanceof Error && /event-stream event exceeds/.test(error.message)) throw new UpstreamFailure('too_large', error.message);
      throw new StreamCut(parser, networkFailure(error));
    }
    return parser;
  }

  /**
   * Delivers a POST's event stream until the response arrives. A stream that ends or is cut before it is
   * resumed with GET and Last-Event-ID after the server's `retry:` delay (or 1 s), at most MAX_RESUMES times
   * in a row without progress; a server that gave no event id cannot be resumed, and the cut is reported.
   */
  private async readUntilAnswered(res: HttpResponse, options: PostOptions): Promise<void> {
    const seen = new Set<string>();
    let lastEventId: string | undefined;
    let retryMs: number | undefined;
    let failure: UpstreamFailure | undefined;
    let attempts = 0;
    let next: HttpResponse | undefined = res;
    for (;;) {
      if (next) {
        const before = seen.size;
        try {
          const parser = await this.readEvents(next, options.onMessage, seen);
          ({ lastEventId = lastEventId, retryMs = retryMs } = parser);
          failure = undefined;
        } catch (error) {
          if (!(error instanceof StreamCut)) throw error;
          ({ lastEventId = lastEventId, retryMs = retryMs } = error.parser);
          failure = error.failure;
        }
        if (seen.size > before) attempts = 0;
      }
      if (options.answered()) return;
      if (failure?.kind === 'aborted') throw failure;
      if (lastEventId === undefined || attempts >= MAX_RESUMES)
        throw (
          failure ??
          new UpstreamFailure('reset', 'the gateway closed the reply stream before answering', { code: 'ERR_STREAM_PREMATURE_CLOSE' })
        );
      attempts++;
      await sleep(retryMs ?? DEFAULT_RETRY_MS, undefined, { signal: options.signal }).catch(() => undefined);
      if (options.signal.aborted) throw new UpstreamFailure('aborted', 'aborted');
      next = undefined;
      try {
        const resumed = await this.send('GET', 'text/event-stream', undefined, options.signal, lastEventId);
        if (resumed.status !== 200 || !(resumed.header('content-type') ?? '').toLowerCase().startsWith('text/event-stream'))
          return this.httpError(resumed);
        next = resumed;
      } catch (error) {
        // The gateway may be restarting: the next attempt tries again, within the bound.
        if (!(error instanceof UpstreamFailure) || !CUT_KINDS.has(error.kind)) throw error;
        failure = error;
      }
    }
  }

  /** POSTs a request and delivers everything the gateway answers on that POST. Resolves when the reply ends. */
  async postRequest(body: string, options: PostOptions): Promise<void> {
    const res = await this.send('POST', 'application/json, text/event-stream', body, options.signal, undefined, options.headers);
    const type = (res.header('content-type') ?? '').toLowerCase();
    if (res.status === 200 && type.startsWith('text/event-stream')) return this.readUntilAnswered(res, options);
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
    if (OWN_STATUSES.has(res.status)) return this.httpError(res);
    return this.passThroughOrFail(res, options);
  }

  /**
   * An HTTP error whose body is a JSON-RPC error answering this request is the upstream's answer (the 2026
   * era sends -32601 with 404, -32602 with 400, and so on): the host gets it as sent, code, message and
   * data unchanged. Anything else is a transport failure the bridge explains itself.
   */
  private async passThroughOrFail(res: HttpResponse, options: PostOptions): Promise<void> {
    let text = '';
    try {
      text = await readText(res, Math.min(this.options.maxMessageBytes, 1_048_576));
    } catch {
      // the status alone still names the cause
    }
    const answer = jsonRpcErrorResponse(text);
    if (answer) {
      options.onMessage(answer, /[\r\n]/.test(text) ? JSON.stringify(answer) : text.trim());
      if (options.answered()) return;
    }
    throw new UpstreamFailure('http', answer ? answer.error.message : (jsonRpcErrorMessage(text) ?? bodyExcerpt(text)), {
      status: res.status,
      statusText: res.statusText,
      ...(res.header('retry-after') ? { retryAfter: res.header('retry-after') as string } : {}),
    });
  }

  /** POSTs a notification or a reply to a server request; the gateway acknowledges with 202. */
  async postOneWay(body: string, signal: AbortSignal, headers?: Readonly<Record<string, string>>): Promise<void> {
    const res = await this.send('POST', 'application/json, text/event-stream', body, signal, undefined, headers);
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
    let parser: SseParser;
    try {
      parser = await this.readEvents(res, onMessage);
    } catch (error) {
      // A cut GET stream is reopened by the caller from the last id it saw.
      if (!(error instanceof StreamCut)) throw error;
      parser = error.parser;
    }
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
