import { setTimeout as sleep } from 'node:timers/promises';
import { isHeaderToken } from '../domain/header-token';
import { DEFAULT_HEADER_NAMES, type CredentialHeaderNames } from '../domain/profile-gateway';
import type { Credentials } from '../platform/credentials/keychain';
import { readBody } from '../platform/http/read-body';
import type { SseParser } from '../platform/http/sse-parser';
import { streamReconnectDelay } from './backoff';
import type { HttpClient, HttpResponse } from './http-client';
import type { Pacer } from './pacer';
import { emitParsed, readEvents, StreamCut, type HostReady, type UpstreamMessageHandler } from './stream-reader';
import { httpFailure, networkFailure, UpstreamFailure, type FailureKind } from './upstream-failure';

/**
 * HTTP statuses the bridge answers with its own error, whatever the body: credentials (after trying fresh
 * ones), rate limiting (with its Retry-After) and a gateway that is down or overloaded (with backoff).
 */
const OWN_STATUSES = new Set([401, 403, 429, 502, 503, 504]);

/** The longest session id and protocol version the bridge carries in a header. */
const MAX_SESSION_ID = 512;
const MAX_PROTOCOL_VERSION = 64;

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

/** A body read for an error message only: undefined when it cannot be read (the status alone still names the cause). */
async function errorBody(res: HttpResponse, limit: number): Promise<string | undefined> {
  try {
    return await readText(res, limit);
  } catch {
    return undefined;
  }
}

function isEventStream(res: HttpResponse): boolean {
  return (res.header('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

export interface PostOptions {
  readonly signal: AbortSignal;
  readonly onMessage: UpstreamMessageHandler;
  /** True once the response this POST waits for has arrived. */
  readonly answered: () => boolean;
  /** Headers the message itself calls for (the 2026 era's, see era-headers.ts). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** One HTTP exchange with the MCP endpoint, as `send` makes it. */
interface SendOptions {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly accept: string;
  readonly signal: AbortSignal;
  readonly body?: string | undefined;
  /** Resumes an event stream after this event id. */
  readonly lastEventId?: string | undefined;
  /** Added to the bridge's own headers (the 2026 era's per-request ones). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

const POST_ACCEPT = 'application/json, text/event-stream';
const SSE_ACCEPT = 'text/event-stream';

/** How often in a row a POST's event stream is resumed (GET with Last-Event-ID) without any new event before giving up. */
export const MAX_RESUMES = 5;
/** Failures after which a stream with an event id is worth resuming. */
const CUT_KINDS = new Set<FailureKind>(['reset', 'network']);

export interface UpstreamOptions {
  readonly url: URL;
  readonly http: HttpClient;
  readonly credentials: Credentials;
  readonly maxMessageBytes: number;
  /** Event streams are read only while this says the host takes output (see `readEvents`). */
  readonly hostReady?: HostReady;
  readonly userAgent: string;
  /** Waits before a resume and waits out a 429's Retry-After; tests pass one that records the delay instead of waiting it out. */
  readonly pause?: (ms: number, signal: AbortSignal) => Promise<unknown>;
  /** The headers the gateway reads the credentials from (the profile's; default X-SVC-CREDENTIAL / X-SVC-SECRET-KEY). */
  readonly headerNames?: CredentialHeaderNames;
  /** Paces every request to the profile's rate (none: no pacing). */
  readonly pacer?: Pacer;
  /** Told when a 429 is waited out (the milliseconds Retry-After asks), before the wait. */
  readonly onRetryAfter?: (waitMs: number) => void;
}

/** The longest Retry-After the bridge waits out before trying a rate-limited request once more. */
export const MAX_RETRY_AFTER_SECONDS = 30;

/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined when absent, unreadable or past the cap. */
export function retryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let seconds: number;
  if (/^\d{1,6}$/.test(text)) seconds = Number(text);
  else {
    const at = Date.parse(text);
    if (!Number.isFinite(at)) return undefined;
    seconds = Math.max(0, Math.ceil((at - now) / 1000));
  }
  return seconds <= MAX_RETRY_AFTER_SECONDS ? seconds : undefined;
}

const sleepFor = (ms: number, signal: AbortSignal): Promise<unknown> => sleep(ms, undefined, { signal });

/** What a GET event stream ended with: `unsupported` means the gateway offers none (405); `expired` means the session is gone. */
export interface StreamEnd {
  readonly outcome: 'ended' | 'unsupported' | 'expired';
  readonly lastEventId?: string;
  readonly retryMs?: number;
}

/**
 * The client half of MCP's Streamable HTTP transport, without interpreting messages: it POSTs raw JSON-RPC
 * text, carries the credentials, the session id and the negotiated protocol version, and hands every
 * message the gateway sends (JSON body or SSE events, read by `stream-reader.ts`) to a callback.
 */
export class Upstream {
  /** Set by the gateway's Mcp-Session-Id answer; cleared when the session ends or expires. */
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  private currentCredentials: Credentials;
  /** Responses to requests that already waited out a Retry-After once: their error names the wait. */
  private readonly waitedOut = new WeakMap<HttpResponse, number>();

  constructor(private readonly options: UpstreamOptions) {
    this.currentCredentials = options.credentials;
  }

  /** True while the gateway has given this bridge a session. */
  get inSession(): boolean {
    return this.sessionId !== undefined;
  }

  get credentials(): Credentials {
    return this.currentCredentials;
  }

  /** Later exchanges carry these (newer ones the user stored while the bridge ran). */
  useCredentials(credentials: Credentials): void {
    this.currentCredentials = credentials;
  }

  /** Carries the protocol version an initialize result named; false (and nothing changes) if it is no header token. */
  useProtocolVersion(version: unknown): boolean {
    if (typeof version !== 'string' || !isHeaderToken(version, MAX_PROTOCOL_VERSION)) return false;
    this.protocolVersion = version;
    return true;
  }

  /** The gateway no longer knows the session (it expired): the next initialize starts afresh. */
  forgetSession(): void {
    this.sessionId = undefined;
    this.protocolVersion = undefined;
  }

  private headers(accept: string, withBody: boolean): Record<string, string> {
    const names = this.options.headerNames ?? DEFAULT_HEADER_NAMES;
    const h: Record<string, string> = {
      accept,
      'user-agent': this.options.userAgent,
      [names.credential.toLowerCase()]: this.currentCredentials.accessId,
      [names.secret.toLowerCase()]: this.currentCredentials.secretKey,
    };
    if (withBody) h['content-type'] = 'application/json';
    if (this.sessionId !== undefined) h['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined) h['mcp-protocol-version'] = this.protocolVersion;
    return h;
  }

  /**
   * One request, paced to the profile's rate. A 429 whose Retry-After is at most MAX_RETRY_AFTER_SECONDS is
   * waited out and the request sent once more; a second 429 is handed on (its error names the wait).
   */
  private async send(request: SendOptions): Promise<HttpResponse> {
    const { method, accept, body, signal, lastEventId } = request;
    const hadSession = this.sessionId !== undefined;
    let res: HttpResponse;
    let waited: number | undefined;
    for (;;) {
      const headers = { ...this.headers(accept, body !== undefined), ...request.headers };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      try {
        await this.options.pacer?.acquire(signal);
        res = await this.options.http.request({ method, headers, ...(body !== undefined ? { body } : {}), signal });
      } catch (error) {
        throw networkFailure(error);
      }
      const wait = res.status === 429 && waited === undefined ? retryAfterSeconds(res.header('retry-after')) : undefined;
      if (wait === undefined) break;
      res.discard();
      waited = wait;
      this.options.onRetryAfter?.(wait * 1000);
      try {
        await (this.options.pause ?? sleepFor)(wait * 1000, signal);
      } catch (error) {
        throw networkFailure(error);
      }
    }
    if (waited !== undefined) this.waitedOut.set(res, waited);
    const session = res.header('mcp-session-id');
    if (session !== undefined) {
      if (!isHeaderToken(session, MAX_SESSION_ID)) {
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
    throw httpFailure(res, await errorBody(res, 16_384), this.waitedOut.get(res));
  }

  /**
   * Delivers a POST's event stream until the response arrives. A stream that ends or is cut before it is
   * resumed with GET and Last-Event-ID, at most MAX_RESUMES times in a row without a new event; a server that
   * gave no event id cannot be resumed, and the cut is reported. Each resume waits as the GET stream's
   * reconnect does (`streamReconnectDelay`): the server's `retry:` but never under 1 s, doubled per resume
   * in a row with jitter, so a gateway that says `retry: 0` and closes cannot make the bridge resend its
   * credentials in a loop.
   */
  private async readUntilAnswered(res: HttpResponse, options: PostOptions): Promise<void> {
    // The ids delivered in this exchange, so a replay is not delivered twice.
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
          const parser = await readEvents(next, this.options.maxMessageBytes, options.onMessage, seen, this.options.hostReady);
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
      const delay = streamReconnectDelay(attempts, retryMs);
      attempts++;
      await (this.options.pause ?? sleepFor)(delay, options.signal).catch(() => undefined);
      if (options.signal.aborted) throw new UpstreamFailure('aborted', 'aborted');
      next = undefined;
      try {
        const resumed = await this.send({ method: 'GET', accept: SSE_ACCEPT, signal: options.signal, lastEventId });
        if (resumed.status !== 200 || !isEventStream(resumed)) return this.httpError(resumed);
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
    const res = await this.send({ method: 'POST', accept: POST_ACCEPT, body, signal: options.signal, headers: options.headers });
    const type = (res.header('content-type') ?? '').toLowerCase();
    if (res.status === 200 && type.startsWith('text/event-stream')) return this.readUntilAnswered(res, options);
    if (res.status === 200 && type.startsWith('application/json')) {
      let text: string;
      try {
        text = await readText(res, this.options.maxMessageBytes);
      } catch (error) {
        throw networkFailure(error);
      }
      emitParsed(text, options.onMessage, 'the response body');
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
    const text = (await errorBody(res, Math.min(this.options.maxMessageBytes, 1_048_576))) ?? '';
    const answer = jsonRpcErrorResponse(text);
    if (answer) {
      options.onMessage(answer, /[\r\n]/.test(text) ? JSON.stringify(answer) : text.trim());
      if (options.answered()) return;
    }
    throw httpFailure(res, text);
  }

  /** POSTs a notification or a reply to a server request; the gateway acknowledges with 202. */
  async postOneWay(body: string, signal: AbortSignal, headers?: Readonly<Record<string, string>>): Promise<void> {
    const res = await this.send({ method: 'POST', accept: POST_ACCEPT, body, signal, headers });
    if (res.status === 202 || res.status === 200 || res.status === 204) {
      res.discard();
      return;
    }
    return this.httpError(res);
  }

  /** Holds the GET event stream for server-initiated messages until it ends (the caller reopens it). */
  async openStream(signal: AbortSignal, onMessage: UpstreamMessageHandler, lastEventId: string | undefined): Promise<StreamEnd> {
    let res: HttpResponse;
    try {
      res = await this.send({ method: 'GET', accept: SSE_ACCEPT, signal, lastEventId });
    } catch (error) {
      if (error instanceof UpstreamFailure && error.kind === 'session_expired') return { outcome: 'expired' };
      throw error;
    }
    if (res.status === 405) {
      res.discard();
      return { outcome: 'unsupported' };
    }
    if (res.status !== 200 || !isEventStream(res)) return this.httpError(res);
    let parser: SseParser;
    try {
      parser = await readEvents(res, this.options.maxMessageBytes, onMessage, undefined, this.options.hostReady);
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

  /**
   * Ends the session on the gateway (the spec's DELETE), best effort within the signal's deadline, and
   * forgets it and its protocol version: what follows starts with a new initialize.
   */
  async endSession(signal: AbortSignal): Promise<void> {
    if (this.sessionId !== undefined) {
      try {
        const res = await this.send({ method: 'DELETE', accept: POST_ACCEPT, signal });
        res.discard();
      } catch {
        // Exiting anyway: the gateway expires the session on its own.
      }
    }
    this.forgetSession();
  }
}
