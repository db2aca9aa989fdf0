import { setTimeout as sleep } from 'node:timers/promises';
import type { Credentials } from '../platform/credentials/keychain';
import { redactArguments, type AuditLog } from './audit-log';
import { Backoff } from './backoff';
import type { HttpClient } from './http-client';
import { eraHeaders } from './era-headers';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import {
  discoverRequest,
  identityFromEnvelope,
  identityFromInitialize,
  initializeRequest,
  legacyVersions,
  LegacyHostTranslator,
  messageEra,
  ModernHostTranslator,
  MODERN_VERSION,
  prepareTranslation,
  readDiscoverResult,
  readInitializeResult,
  speaksModern,
  type Era,
  type EraTranslator,
  type HostIdentity,
} from './era-translation';
import { BridgeError, classify, ErrorCode, errorResponse, idKey, isId, type Classified, type JsonRpcId } from './jsonrpc';
import { idFromFragments, LineReader, type LineEvent } from './line-reader';
import type { Logger } from './logger';
import { Upstream, UpstreamFailure, type UpstreamMessageHandler } from './upstream';

/** Where the bridge forwards to, resolved on the host's first message. */
export interface UpstreamTarget {
  readonly profile: string;
  readonly url: URL;
  readonly http: HttpClient;
  readonly credentials: Credentials;
  readonly timeoutMs: number;
  /** Releases what connecting acquired (the connection pool, an embedded gateway). */
  close(): Promise<void>;
  /** On connection refused: try to bring the gateway back (restart an embedded one); true means retry. */
  recover?(): Promise<boolean>;
}

/** Recoveries already used by one exchange: each is tried at most once per request. */
interface Retries {
  readonly reinit: boolean;
  readonly auth: boolean;
  readonly recover: boolean;
}

const FRESH: Retries = { reinit: false, auth: false, recover: false };
const NO_REINIT: Retries = { reinit: true, auth: false, recover: false };

export interface BridgeCoreOptions {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /**
   * Resolves the target lazily, so nothing happens before the host speaks. Throws a BridgeError (missing
   * credentials, say), which answers the message that triggered it; the next message tries again.
   */
  /** `host` is the assistant's name from its initialize (clientInfo), when it sent one first. */
  connect(host?: string): Promise<UpstreamTarget>;
  /** Re-reads the credentials after a 401/403, in case the user stored new ones while the bridge ran. */
  refreshCredentials?(): Promise<Credentials | undefined>;
  readonly log: Logger;
  readonly audit?: AuditLog;
  readonly maxMessageBytes: number;
  /** Used until the target (whose profile may set its own) is known. */
  readonly defaultTimeoutMs: number;
  readonly userAgent: string;
  /** Stops the bridge like SIGTERM does. */
  readonly signal?: AbortSignal;
  /** After the input ends, how long in-flight requests may still finish (keeps exit under 1 s). */
  readonly drainMs?: number;
  /** Called once when shutdown begins (end of input, signal or output failure). */
  readonly onShutdown?: (reason: string) => void;
}

interface Pending {
  readonly id: JsonRpcId;
  readonly key: string;
  readonly method: string;
  readonly startedAt: number;
  readonly time: string;
  readonly controller: AbortController;
  readonly tool?: string;
  readonly args?: unknown;
  /** The 2026 era's per-request headers, derived from the message as sent upstream (undefined in the 2025 era). */
  headers?: Record<string, string> | undefined;
  timer?: NodeJS.Timeout;
  /** While the upstream's era is being decided, its reply is held here instead of going to the host. */
  hold?: boolean;
  held?: { readonly message: Record<string, unknown>; readonly line: string };
  /** Answered, failed or cancelled: nothing more is ever written for it. */
  done: boolean;
  cancelled?: boolean;
}

const noop = (): void => {};

function describe(p: Pending): string {
  return p.tool !== undefined ? `tools/call "${p.tool}"` : p.method;
}

function auditOutcome(message: Record<string, unknown>): { ok: boolean; errorCode?: number | string } {
  const error = message.error as { code?: unknown } | undefined;
  if (error) return { ok: false, errorCode: typeof error.code === 'number' ? error.code : 'error' };
  const result = message.result as { isError?: unknown; content?: Array<{ text?: unknown }> } | undefined;
  if (result?.isError !== true) return { ok: true };
  try {
    const detail = JSON.parse(String(result.content?.[0]?.text)) as { code?: unknown };
    if (typeof detail.code === 'string' || typeof detail.code === 'number') return { ok: false, errorCode: detail.code };
  } catch {
    // the tool gave no structured error
  }
  return { ok: false, errorCode: 'tool_error' };
}

const CONNECTION_FAILURES = new Set(['network', 'reset', 'tls']);

function isConnectionFailure(error: UpstreamFailure): boolean {
  if (CONNECTION_FAILURES.has(error.kind)) return true;
  const status = error.extra.status;
  return error.kind === 'http' && (status === 502 || status === 503 || status === 504);
}

/** The upstream a translation was made for is gone (an embedded gateway restarted): the era is decided again. */
class EraLost extends Error {}

/** Printable, bounded: what a protocol version must be before it goes into a header. */
const VERSION = /^[\x21-\x7e]{1,64}$/;

/** An HTTP answer without a JSON-RPC response that still says "not this way" (a 2026-only or 2025-only endpoint's refusal). */
function isRefusal(error: unknown): boolean {
  const status = error instanceof UpstreamFailure && error.kind === 'http' ? error.extra.status : undefined;
  return status === 400 || status === 404 || status === 405;
}

/**
 * One bridge: host messages in on `input` (newline-delimited JSON-RPC), forwarded raw to the gateway's
 * Streamable HTTP endpoint; everything the gateway sends comes back on `output`. Invariant: every host
 * request gets exactly one response (the gateway's, or one error naming the cause), unless the host
 * cancels it, in which case it gets none, as the spec says.
 */
class BridgeSession {
  private readonly pending = new Map<string, Pending>();
  private target: UpstreamTarget | undefined;
  private upstream: Upstream | undefined;
  private connecting: Promise<Upstream> | undefined;
  /** The host's clientInfo.name, so a setup error can name that host's setting. */
  private hostName: string | undefined;
  /** The host's initialize, replayed (with a bridge-private id) when the session expires. */
  private initMessage: Record<string, unknown> | undefined;
  private initializedLine: string | undefined;
  private initRun: Promise<void> | undefined;
  private reinitRun: Promise<void> | undefined;
  /** Bumped whenever a session is established, so concurrent 404s re-initialise only once. */
  private generation = 0;
  private reinits = 0;
  /** The upstream's era once known for this run, and a translator while it differs from the host's. */
  private upstreamEra: Era | undefined;
  private translator: EraTranslator | undefined;
  private detecting: Promise<void> | undefined;
  /** A translating bridge lost its upstream (session gone, gateway restarted): decide the era again. */
  private redetect = false;
  private eraProbes = 0;
  private stream: AbortController | undefined;
  private streamUnsupported = false;
  private readonly backoff = new Backoff();
  private readonly stopping = new AbortController();
  private closing = false;
  private drained: (() => void) | undefined;
  private readonly finished: Promise<void>;
  private resolveFinished: () => void = noop;
  private readonly onData = (chunk: Buffer | string): void =>
    this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  private readonly reader: LineReader;

  constructor(private readonly options: BridgeCoreOptions) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.reader = new LineReader(options.maxMessageBytes, (event) => this.onLine(event));
  }

  private get log(): Logger {
    return this.options.log;
  }

  private get timeoutMs(): number {
    return this.target?.timeoutMs ?? this.options.defaultTimeoutMs;
  }

  run(): Promise<void> {
    const { input, output, signal } = this.options;
    input.on('data', this.onData);
    input.once('end', () => {
      this.reader.end();
      void this.shutdown('end of input', true);
    });
    input.once('error', (error: Error) => void this.shutdown(`input failed: ${error.message}`, false));
    output.on('error', (error: Error) => void this.shutdown(`output failed: ${error.message}`, false));
    if (signal) {
      if (signal.aborted) void this.shutdown('stopped', false);
      else signal.addEventListener('abort', () => void this.shutdown('stopped', false), { once: true });
    }
    return this.finished;
  }

  private write(line: string): void {
    if (!this.options.output.writable) return;
    this.options.output.write(`${line}\n`);
  }

  // ---- host → bridge ----

  private onLine(event: LineEvent): void {
    if (event.kind === 'oversized') {
      const id = idFromFragments(event.head, event.tail);
      this.log.warn(`refused a ${event.bytes}-byte message from the host (limit ${this.options.maxMessageBytes})`);
      this.write(
        errorResponse(
          id,
          ErrorCode.TooLarge,
          `Message too large: ${event.bytes} bytes exceeds the bridge's limit of ${this.options.maxMessageBytes} bytes (--max-message-bytes); it was not forwarded.`,
          { cause: 'too_large', limit: this.options.maxMessageBytes },
        ),
      );
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(event.text);
    } catch (error) {
      this.log.warn(`the host sent a line that is not JSON (${(error as Error).message})`);
      this.write(
        errorResponse(
          null,
          ErrorCode.ParseError,
          `Parse error: the line is not valid JSON (${(error as Error).message}). Send one JSON-RPC message per line.`,
          { cause: 'parse_error' },
        ),
      );
      return;
    }
    if (Array.isArray(value)) {
      this.onBatch(value);
      return;
    }
    const message = classify(value);
    if (this.log.debugEnabled)
      this.log.debug(
        `host → ${message.kind}${'method' in message ? ` ${message.method}` : ''}${'id' in message && message.id !== null ? ` id=${JSON.stringify(message.id)}` : ''}`,
      );
    switch (message.kind) {
      case 'invalid':
        this.write(
          errorResponse(message.id, ErrorCode.InvalidRequest, `Invalid request: ${message.reason}.`, { cause: 'invalid_request' }),
        );
        return;
      case 'request':
        this.onRequest(message, event.text);
        return;
      case 'notification':
        this.onNotification(message, event.text);
        return;
      case 'response':
        this.forwardOneWay(event.text).catch((error: Error) =>
          this.log.warn(
            `could not deliver the host's reply to gateway request ${JSON.stringify(message.id)}: ${this.describeError(error)}`,
          ),
        );
        return;
    }
  }

  /** MCP has had no batches since 2025-06-18: each element gets its own clear error, in one batch reply. */
  private onBatch(items: unknown[]): void {
    this.log.warn(`refused a JSON-RPC batch of ${items.length} messages from the host`);
    if (items.length === 0) {
      this.write(errorResponse(null, ErrorCode.InvalidRequest, 'Invalid request: empty batch.', { cause: 'invalid_request' }));
      return;
    }
    const replies = items.map((item, index) => {
      const c = classify(item);
      const id = c.kind === 'request' ? c.id : null;
      const what = 'method' in c ? `"${c.method}"` : c.kind === 'invalid' ? `(${c.reason})` : 'a response';
      return JSON.parse(
        errorResponse(
          id,
          ErrorCode.InvalidRequest,
          `Batches are not supported: MCP sends one message per line. Element ${index} ${what} was not processed; send it on its own line.`,
          { cause: 'batch_unsupported' },
        ),
      ) as unknown;
    });
    this.write(JSON.stringify(replies));
  }

  private onRequest(message: Extract<Classified, { kind: 'request' }>, line: string): void {
    const key = idKey(message.id);
    if (this.closing) {
      this.write(
        errorResponse(message.id, ErrorCode.ShuttingDown, `The bridge is shutting down; ${message.method} was not forwarded.`, {
          cause: 'shutting_down',
        }),
      );
      return;
    }
    if (this.pending.has(key)) {
      this.write(
        errorResponse(
          message.id,
          ErrorCode.InvalidRequest,
          `Invalid request: id ${JSON.stringify(message.id)} is already used by a request still in flight; request ids must be unique.`,
          { cause: 'duplicate_id' },
        ),
      );
      return;
    }
    const params = message.message.params as { name?: unknown; arguments?: unknown } | undefined;
    const tool = message.method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
    const p: Pending = {
      id: message.id,
      key,
      method: message.method,
      startedAt: performance.now(),
      time: new Date().toISOString(),
      controller: new AbortController(),
      done: false,
      headers: eraHeaders(message.message),
      ...(tool !== undefined ? { tool, args: params?.arguments } : {}),
    };
    this.pending.set(key, p);
    p.timer = setTimeout(() => this.onTimeout(p), this.timeoutMs);
    this.forwardRequest(p, message, line).catch((error: unknown) => this.fail(p, error));
  }

  private onNotification(message: Extract<Classified, { kind: 'notification' }>, line: string): void {
    let cancelled: Pending | undefined;
    if (message.method === 'notifications/cancelled') cancelled = this.cancel(message.message.params);
    if (message.method === 'notifications/initialized') this.initializedLine = line;
    this.forwardOneWay(line, message.message)
      .then(
        () => {
          if (message.method === 'notifications/initialized' && this.upstream) this.startStream(this.upstream);
        },
        (error: Error) => this.log.warn(`could not deliver ${message.method} to the gateway: ${this.describeError(error)}`),
      )
      .finally(() => {
        // Only now that the gateway has the cancellation, drop our side of the exchange: servers need not
        // end a cancelled request's stream, and an open one would pin a connection forever.
        cancelled?.controller.abort();
      });
  }

  /** The host gave up on a request: it gets no response (as the spec says), and nothing more is forwarded for it. */
  private cancel(params: unknown): Pending | undefined {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (!isId(requestId)) return undefined;
    const p = this.pending.get(idKey(requestId));
    if (!p || p.done) return undefined;
    p.cancelled = true;
    this.finish(p);
    this.log.info(`the host cancelled ${describe(p)} (id ${JSON.stringify(p.id)})`);
    this.audit(p, { ok: false, errorCode: 'cancelled' });
    return p;
  }

  // ---- bridge → gateway ----

  private connect(): Promise<Upstream> {
    if (this.upstream) return Promise.resolve(this.upstream);
    this.connecting ??= (async () => {
      const started = performance.now();
      const target = await this.options.connect(this.hostName);
      // performance.now() counts from process start: these show where a cold start goes.
      this.log.debug(
        `connected at ${started.toFixed(1)} ms after start, profile and credentials took ${(performance.now() - started).toFixed(1)} ms`,
      );
      // Requests that came before the input ended still go out while shutdown drains them (a host that writes
      // its messages and closes stdin at once, `printf … | companion bridge`); once the drain is over, nothing does.
      if (this.stopping.signal.aborted) {
        await target.close();
        throw new BridgeError(ErrorCode.ShuttingDown, 'The bridge is shutting down.', { cause: 'shutting_down' });
      }
      this.log.addSecret(target.credentials.secretKey);
      this.log.addSecret(target.credentials.accessId);
      this.target = target;
      this.upstream = new Upstream({
        url: target.url,
        http: target.http,
        credentials: target.credentials,
        maxMessageBytes: this.options.maxMessageBytes,
        userAgent: this.options.userAgent,
      });
      this.log.info(`forwarding to ${target.url.href} (profile "${target.profile}")`);
      return this.upstream;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** Waits while an initialize or a re-initialisation is in flight: later messages need its session. */
  private async settled(): Promise<void> {
    while (this.initRun || this.reinitRun || this.detecting) await (this.initRun ?? this.reinitRun ?? this.detecting)?.catch(noop);
  }

  private async forwardRequest(p: Pending, message: Extract<Classified, { kind: 'request' }>, line: string): Promise<void> {
    // A 2025 host names itself in initialize, a 2026 host in each request's _meta: the name picks the
    // host's own words for a keychain it cannot reach.
    const identity = message.method === 'initialize' ? identityFromInitialize(message.message) : identityFromEnvelope(message.message);
    const name = identity.clientInfo?.name;
    if (typeof name === 'string' && (message.method === 'initialize' || this.hostName === undefined)) this.hostName = name.slice(0, 100);
    const upstream = await this.connect();
    if (message.method === 'initialize') {
      await this.initialize(p, message, line, upstream);
      return;
    }
    await this.settled();
    await this.forwardInEra(p, message.message, line, upstream, FRESH);
  }

  /** A host request as the upstream's era needs it: unchanged, translated, or answered by the bridge. */
  private async forwardInEra(
    p: Pending,
    message: Record<string, unknown>,
    line: string,
    upstream: Upstream,
    retries: Retries,
  ): Promise<void> {
    if (this.detecting || this.upstreamEra === undefined || this.redetect) {
      await this.eraReady(upstream, message, p, line);
      if (p.done) return;
    }
    const t = this.translator;
    if (!t) return this.exchange(p, line, upstream, retries);
    const out = t.outbound(message);
    if (out.kind === 'answer') return this.answer(p, JSON.stringify(out.reply), out.reply, true);
    if (out.kind === 'drop')
      throw new BridgeError(ErrorCode.UpstreamError, `${describe(p)} has no counterpart in the upstream's protocol era.`, {
        cause: 'internal',
      });
    p.headers = eraHeaders(out.message);
    try {
      await this.exchange(p, JSON.stringify(out.message), upstream, retries);
    } catch (error) {
      if (!(error instanceof EraLost)) throw error;
      // The gateway was restarted: decide its era again, then send the request as that era needs it.
      p.headers = eraHeaders(message);
      return this.forwardInEra(p, message, line, upstream, { ...retries, recover: true });
    }
  }

  private async initialize(p: Pending, message: Extract<Classified, { kind: 'request' }>, line: string, upstream: Upstream): Promise<void> {
    await this.settled();
    if (upstream.sessionId !== undefined) {
      // The host starts over: end the old session first.
      this.stopStream();
      await upstream.deleteSession(AbortSignal.timeout(1_000));
    }
    upstream.protocolVersion = undefined;
    this.initMessage = message.message;
    this.initializedLine = undefined;
    const run = this.handshake(p, message.message, line, upstream);
    this.initRun = run;
    try {
      await run;
      this.generation++;
    } finally {
      if (this.initRun === run) this.initRun = undefined;
    }
  }

  /** One POST of a host request, with its recoveries: session re-initialisation, fresh credentials, gateway restart. */
  private async exchange(p: Pending, line: string, upstream: Upstream, retries: Retries): Promise<void> {
    await this.backoff.wait(p.controller.signal);
    const generation = this.generation;
    try {
      await upstream.postRequest(line, {
        signal: p.controller.signal,
        headers: p.headers,
        answered: () => p.done || p.held !== undefined,
        onMessage: (m, l) => {
          // Progress and other traffic for this request keep it alive.
          p.timer?.refresh();
          this.fromUpstream(m, l);
        },
      });
      this.backoff.succeeded();
    } catch (error) {
      if (p.done || p.held) return;
      if (error instanceof UpstreamFailure) {
        if (error.kind === 'session_expired' && !retries.reinit && this.initMessage) {
          await this.reinitialise(generation, upstream);
          return this.exchange(p, line, upstream, { ...retries, reinit: true });
        }
        if (
          error.kind === 'http' &&
          (error.extra.status === 401 || error.extra.status === 403) &&
          !retries.auth &&
          (await this.refreshCredentials(upstream))
        ) {
          return this.exchange(p, line, upstream, { ...retries, auth: true });
        }
        if (
          error.kind === 'network' &&
          error.extra.code === 'ECONNREFUSED' &&
          !retries.recover &&
          this.target?.recover &&
          (await this.target.recover().catch(() => false))
        ) {
          if (this.translator) {
            // A restarted gateway may speak another era than the one being translated to.
            this.redetect = true;
            throw new EraLost();
          }
          return this.exchange(p, line, upstream, { ...retries, recover: true });
        }
        if (isConnectionFailure(error))
          this.log.warn(`gateway connection failed (${this.describeError(error)}); next attempt after ${this.backoff.failed()} ms`);
      }
      throw error;
    }
    if (!p.done && !p.held) throw new UpstreamFailure('invalid', 'it ended its reply without a response to this request');
  }

  private async refreshCredentials(upstream: Upstream): Promise<boolean> {
    const fresh = await this.options.refreshCredentials?.().catch(() => undefined);
    const current = upstream.options.credentials;
    if (!fresh || (fresh.accessId === current.accessId && fresh.secretKey === current.secretKey)) return false;
    this.log.addSecret(fresh.secretKey);
    this.log.addSecret(fresh.accessId);
    upstream.options.credentials = fresh;
    this.log.info('the gateway refused the credentials, but newer ones are stored: retrying with them');
    return true;
  }

  // ---- protocol eras ----

  /**
   * A 2025-era host's initialize goes upstream as sent. Only when the upstream refuses it does the bridge
   * ask, with server/discover in the host's name, whether it speaks 2026-07-28; then the bridge answers
   * the initialize itself and translates from there on.
   */
  private async handshake(p: Pending, message: Record<string, unknown>, line: string, upstream: Upstream): Promise<void> {
    const current = this.translator;
    if (current?.hostEra === 'legacy' && !this.redetect) {
      const out = current.outbound(message);
      if (out.kind === 'answer') return this.answer(p, JSON.stringify(out.reply), out.reply, true);
    }
    this.translator = undefined;
    this.upstreamEra = undefined;
    this.redetect = false;
    const held = await this.heldExchange(p, line, upstream, NO_REINIT);
    if (p.done) return;
    const reply = held.reply?.message;
    if (!(reply && 'result' in reply) && (reply || isRefusal(held.failure))) {
      const discover = await this.probeDiscover(upstream, identityFromInitialize(message));
      if (discover) {
        const t = new LegacyHostTranslator(message, discover, await legacyVersions());
        this.adopt('modern', t, 'it refused initialize and answered server/discover');
        const synthesized = { jsonrpc: '2.0', id: p.id, result: t.initializeResult() };
        return this.answer(p, JSON.stringify(synthesized), synthesized, true);
      }
    }
    if (!held.reply) throw held.failure;
    if ('result' in held.reply.message) this.adopt('legacy', undefined, 'it accepted initialize');
    this.answer(p, held.reply.line, held.reply.message);
  }

  /** Decides the upstream's era before a host request that needs it: once per run, and again after a loss. */
  private async eraReady(upstream: Upstream, message: Record<string, unknown>, p: Pending, line: string): Promise<void> {
    while (this.detecting) await this.detecting.catch(noop);
    if (this.upstreamEra !== undefined && !this.redetect) return;
    let run: Promise<void>;
    if (messageEra(message) === 'modern') run = this.detectForModernHost(upstream, message, p, line);
    else if (this.redetect && this.initMessage && this.translator?.hostEra === 'legacy')
      run = this.detectForLegacyHost(upstream, this.initMessage);
    else return;
    this.detecting = run;
    try {
      await run;
    } finally {
      if (this.detecting === run) this.detecting = undefined;
    }
  }

  /**
   * A 2026 host's first request decides the era: its own server/discover goes upstream as sent (any other
   * request waits for one the bridge sends). An upstream that does not answer in the 2026 era gets a 2025
   * handshake in the host's name, and from then on the bridge translates.
   */
  private async detectForModernHost(upstream: Upstream, message: Record<string, unknown>, p: Pending, line: string): Promise<void> {
    const identity = identityFromEnvelope(message);
    if (message.method === 'server/discover') {
      const held = await this.heldExchange(p, line, upstream, FRESH);
      if (p.done) return;
      const reply = held.reply?.message;
      if (speaksModern(reply)) this.adopt('modern', undefined, 'it answered server/discover');
      // On success the caller answers the discover from the translator.
      else if ((reply || isRefusal(held.failure)) && (await this.openLegacySession(upstream, identity))) return;
      if (!held.reply) throw held.failure;
      return this.answer(p, held.reply.line, held.reply.message);
    }
    const reply = await this.privateRequest(upstream, discoverRequest(this.privateId(), identity));
    if (speaksModern(reply)) return this.adopt('modern', undefined, 'it answered server/discover');
    await this.openLegacySession(upstream, identity);
  }

  /** A 2025 host whose translated upstream was lost: its initialize again, and server/discover if that is refused. */
  private async detectForLegacyHost(upstream: Upstream, initMessage: Record<string, unknown>): Promise<void> {
    const reply = await this.privateRequest(upstream, { ...initMessage, id: this.privateId() });
    const version = (reply?.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (typeof version === 'string' && VERSION.test(version)) {
      upstream.protocolVersion = version;
      if (this.initializedLine) await this.oneWay(upstream, this.initializedLine, false);
      this.generation++;
      this.adopt('legacy', undefined, 'it accepts initialize again');
      this.startStream(upstream);
      return;
    }
    const discover = await this.probeDiscover(upstream, identityFromInitialize(initMessage));
    if (discover)
      this.adopt('modern', new LegacyHostTranslator(initMessage, discover, await legacyVersions()), 'it answered server/discover again');
  }

  /** For a 2026 host in front of a 2025-era upstream: the session the host cannot open itself, opened in its name. */
  private async openLegacySession(upstream: Upstream, identity: HostIdentity): Promise<boolean> {
    this.stopStream();
    if (upstream.sessionId !== undefined) await upstream.deleteSession(AbortSignal.timeout(1_000));
    upstream.protocolVersion = undefined;
    const init = initializeRequest(this.privateId(), identity);
    prepareTranslation();
    const result = await readInitializeResult(await this.privateRequest(upstream, init));
    if (!result || !VERSION.test(result.protocolVersion)) {
      this.log.debug('the upstream answered neither server/discover nor initialize: forwarding unchanged');
      return false;
    }
    upstream.protocolVersion = result.protocolVersion;
    // Replayed by reinitialise() when the session expires, as a 2025 host's own would be.
    this.initMessage = init;
    this.initializedLine = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await this.oneWay(upstream, this.initializedLine, false);
    this.generation++;
    this.adopt('legacy', new ModernHostTranslator(result), `it does not answer server/discover but accepted initialize`);
    return true;
  }

  private async probeDiscover(upstream: Upstream, identity: HostIdentity): Promise<DiscoverResult | undefined> {
    prepareTranslation();
    return readDiscoverResult(await this.privateRequest(upstream, discoverRequest(this.privateId(), identity)));
  }

  private privateId(): string {
    return `gateway-companion-era-${++this.eraProbes}`;
  }

  /** A request of the bridge's own: its reply is returned (undefined on any failure), never written to the host. */
  private async privateRequest(upstream: Upstream, message: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    const own = this.ownReply(message.id);
    try {
      await upstream.postRequest(JSON.stringify(message), {
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.timeoutMs)]),
        headers: eraHeaders(message),
        ...own.options,
      });
    } catch (error) {
      if (own.reply() === undefined) this.log.debug(`the bridge's ${String(message.method)} got no answer: ${this.describeError(error)}`);
    }
    return own.reply();
  }

  /** Catches the reply to the bridge's own request `id`; whatever else the upstream sends meanwhile goes to the host. */
  private ownReply(id: unknown): {
    options: { answered: () => boolean; onMessage: UpstreamMessageHandler };
    reply: () => Record<string, unknown> | undefined;
  } {
    let reply: Record<string, unknown> | undefined;
    const onMessage: UpstreamMessageHandler = (m, l) => {
      const c = classify(m);
      if (c.kind !== 'response') this.fromUpstream(m, l);
      else if (c.id === id) reply = c.message;
    };
    return { options: { answered: () => reply !== undefined, onMessage }, reply: () => reply };
  }

  /** An exchange whose reply is kept from the host (in p.held) until the caller has read it. */
  private async heldExchange(
    p: Pending,
    line: string,
    upstream: Upstream,
    retries: Retries,
  ): Promise<{ reply?: NonNullable<Pending['held']>; failure?: unknown }> {
    p.hold = true;
    try {
      await this.exchange(p, line, upstream, retries);
    } catch (failure) {
      return p.held ? { reply: p.held } : { failure };
    } finally {
      p.hold = false;
    }
    return p.held
      ? { reply: p.held }
      : { failure: new UpstreamFailure('invalid', 'it ended its reply without a response to this request') };
  }

  private adopt(era: Era, translator: EraTranslator | undefined, why: string): void {
    this.upstreamEra = era;
    this.translator = translator;
    this.redetect = false;
    if (translator)
      this.log.info(
        `the upstream speaks ${translator.upstreamVersion} (${why}) and the host ${translator.hostEra === 'legacy' ? 'the 2025 era' : MODERN_VERSION}: translating between them`,
      );
    else
      this.log.debug(
        `the upstream speaks the host's era, ${era === 'modern' ? MODERN_VERSION : '2025 (initialize and sessions)'} (${why}): forwarding unchanged`,
      );
  }

  /** Session expired (404): replay the host's initialize and initialized notification, once for all waiting requests. */
  private reinitialise(generation: number, upstream: Upstream): Promise<void> {
    if (generation !== this.generation) return Promise.resolve();
    if (this.reinitRun) return this.reinitRun;
    const run = (async () => {
      this.log.warn("the gateway session expired (HTTP 404): re-initialising with the host's initialize, then retrying once");
      this.stopStream();
      upstream.sessionId = undefined;
      upstream.protocolVersion = undefined;
      const id = `gateway-companion-reinit-${++this.reinits}`;
      const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.timeoutMs)]);
      const own = this.ownReply(id);
      await upstream.postRequest(JSON.stringify({ ...this.initMessage, id }), { signal, ...own.options });
      const reply = own.reply();
      const result = reply?.result as { protocolVersion?: unknown } | undefined;
      if (!reply || !result) {
        if (this.translator) this.redetect = true;
        const reason = (reply?.error as { message?: unknown } | undefined)?.message;
        throw new UpstreamFailure('session_expired', `re-initialising failed${typeof reason === 'string' ? `: ${reason}` : ''}`);
      }
      if (typeof result.protocolVersion === 'string') upstream.protocolVersion = result.protocolVersion;
      if (this.initializedLine) await upstream.postOneWay(this.initializedLine, signal);
      this.generation++;
      this.log.info('re-initialised: new gateway session established');
      this.startStream(upstream);
    })();
    this.reinitRun = run;
    run.then(
      () => {
        if (this.reinitRun === run) this.reinitRun = undefined;
      },
      () => {
        if (this.reinitRun === run) this.reinitRun = undefined;
      },
    );
    return run;
  }

  /** Notifications and replies: no response to wait for, same recovery as requests. */
  private async forwardOneWay(line: string, message?: Record<string, unknown>): Promise<void> {
    const upstream = await this.connect();
    await this.settled();
    if (message && this.translator) {
      const out = this.translator.outbound(message);
      if (out.kind !== 'forward') return;
      return this.oneWay(upstream, JSON.stringify(out.message), true, eraHeaders(out.message));
    }
    await this.oneWay(upstream, line, true, message && eraHeaders(message));
  }

  private async oneWay(upstream: Upstream, line: string, mayReinit: boolean, headers?: Record<string, string>): Promise<void> {
    const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.timeoutMs)]);
    await this.backoff.wait(signal);
    const generation = this.generation;
    try {
      await upstream.postOneWay(line, signal, headers);
      this.backoff.succeeded();
    } catch (error) {
      if (error instanceof UpstreamFailure) {
        if (error.kind === 'session_expired' && mayReinit && this.initMessage) {
          await this.reinitialise(generation, upstream);
          return this.oneWay(upstream, line, false, headers);
        }
        if (isConnectionFailure(error)) this.backoff.failed();
      }
      throw error;
    }
  }

  /** The GET event stream for server-initiated messages, held open and resumed (with Last-Event-ID) until the session changes. */
  private startStream(upstream: Upstream): void {
    if (this.stream || this.streamUnsupported || this.closing || upstream.sessionId === undefined) return;
    if (this.translator && !this.translator.holdsStream) return;
    const controller = new AbortController();
    this.stream = controller;
    const generation = this.generation;
    void (async () => {
      let lastEventId: string | undefined;
      let delay = 1_000;
      while (!controller.signal.aborted && generation === this.generation) {
        try {
          const r = await upstream.openStream(controller.signal, (m, l) => this.fromUpstream(m, l), lastEventId);
          if (r.outcome === 'unsupported') {
            this.streamUnsupported = true;
            this.log.debug('the gateway offers no GET event stream (HTTP 405)');
            break;
          }
          if (r.outcome === 'expired') break;
          lastEventId = r.lastEventId ?? lastEventId;
          delay = r.retryMs ?? 1_000;
        } catch (error) {
          if (controller.signal.aborted) break;
          this.log.debug(`event stream failed (${this.describeError(error)}); reopening in ${delay} ms`);
          delay = Math.min(delay * 2, 30_000);
        }
        await sleep(delay, undefined, { signal: controller.signal }).catch(noop);
      }
      if (this.stream === controller) this.stream = undefined;
    })();
  }

  private stopStream(): void {
    this.stream?.abort();
    this.stream = undefined;
  }

  // ---- gateway → host ----

  private fromUpstream(message: unknown, line: string): void {
    const c = classify(message);
    if (c.kind === 'response') {
      const p = this.pending.get(idKey(c.id));
      if (p && !p.done) this.answer(p, line, c.message);
      else this.log.debug(`dropped a gateway response for an unknown or finished id ${JSON.stringify(c.id)}`);
      return;
    }
    if (c.kind === 'invalid') {
      this.log.warn(`ignored an invalid message from the gateway: ${c.reason}`);
      return;
    }
    if (this.log.debugEnabled) this.log.debug(`gateway → ${c.kind} ${c.method}`);
    if (this.translator) {
      const t = this.translator.fromUpstream(c.message);
      if (t.kind === 'drop') return;
      if (t.kind === 'reply') {
        if (this.upstream)
          this.oneWay(this.upstream, JSON.stringify(t.message), false).catch((error: Error) =>
            this.log.warn(`could not answer the gateway's ${c.method}: ${this.describeError(error)}`),
          );
        return;
      }
      if (t.message !== c.message) line = JSON.stringify(t.message);
    }
    this.write(line);
  }

  /** Writes the response to a host request; `local` when the bridge made it in the host's era itself. */
  private answer(p: Pending, line: string, message: Record<string, unknown>, local = false): void {
    if (p.hold) {
      p.held = { message, line };
      return;
    }
    if (this.translator && !local) {
      const mapped = this.translator.response(p.method, message, p.tool);
      if (mapped !== message) {
        message = mapped;
        line = JSON.stringify(mapped);
      }
    }
    this.finish(p);
    if (p.method === 'initialize' && this.upstream && !this.translator) {
      const version = (message.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      if (typeof version === 'string' && /^[\x21-\x7e]{1,64}$/.test(version)) this.upstream.protocolVersion = version;
    }
    if (this.log.debugEnabled)
      this.log.debug(`host ← response id=${JSON.stringify(p.id)} ${describe(p)} in ${(performance.now() - p.startedAt).toFixed(1)} ms`);
    this.audit(p, auditOutcome(message));
    this.write(line);
  }

  private finish(p: Pending): void {
    p.done = true;
    if (p.timer) clearTimeout(p.timer);
    this.pending.delete(p.key);
    if (this.pending.size === 0) this.drained?.();
  }

  private audit(p: Pending, outcome: { ok: boolean; errorCode?: number | string }): void {
    if (p.tool === undefined || !this.options.audit) return;
    this.options.audit.record({
      time: p.time,
      profile: this.target?.profile ?? '',
      tool: p.tool,
      arguments: redactArguments(p.args ?? {}, (text) => this.log.redact(text)),
      durationMs: Math.round((performance.now() - p.startedAt) * 100) / 100,
      ...outcome,
    });
  }

  private onTimeout(p: Pending): void {
    if (p.done) return;
    const seconds = Math.round(this.timeoutMs / 100) / 10;
    this.fail(
      p,
      new BridgeError(
        ErrorCode.Timeout,
        `The gateway did not answer ${describe(p)} within ${seconds} s, so the bridge gave up on it and asked the gateway to cancel it.`,
        { cause: 'timeout', timeoutMs: this.timeoutMs },
      ),
    );
    const upstream = this.upstream;
    if (upstream?.sessionId !== undefined) {
      const cancel = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: p.id, reason: 'The bridge timed out waiting for the gateway' },
      });
      this.oneWay(upstream, cancel, false).catch(noop);
    }
  }

  /** Answers a request with one error naming the cause; no-op if it was already answered or cancelled. */
  private fail(p: Pending, error: unknown): void {
    if (p.done) return;
    const e = this.toBridgeError(error, p);
    this.finish(p);
    p.controller.abort();
    const message = this.log.redact(e.message);
    this.log.warn(`${describe(p)} (id ${JSON.stringify(p.id)}) failed: ${message}`);
    this.audit(p, { ok: false, errorCode: e.code });
    this.write(errorResponse(p.id, e.code, message, e.data));
  }

  private describeError(error: unknown): string {
    return this.log.redact(error instanceof Error ? error.message : String(error));
  }

  private toBridgeError(error: unknown, p: Pending): BridgeError {
    if (error instanceof BridgeError) return error;
    const url = this.target?.url.href ?? 'the gateway';
    const what = describe(p);
    if (error instanceof UpstreamFailure) {
      const { status, statusText, code, retryAfter } = error.extra;
      const detail = error.message ? `: ${error.message}` : '';
      switch (error.kind) {
        case 'network':
          return new BridgeError(
            ErrorCode.UpstreamUnreachable,
            `Cannot reach the gateway at ${url}${detail}. The bridge keeps running and reconnects on the next request.`,
            { cause: 'upstream_unreachable', ...(code ? { code } : {}) },
          );
        case 'reset':
          return new BridgeError(
            ErrorCode.UpstreamUnreachable,
            `The connection to the gateway at ${url} was cut before it answered ${what}${detail}. The bridge reconnects on the next request.`,
            { cause: 'connection_reset', code: code ?? 'ECONNRESET' },
          );
        case 'tls':
          return new BridgeError(
            ErrorCode.UpstreamUnreachable,
            `TLS verification of ${url} failed${detail}. Trust the gateway's certificate authority with the profile's CA file (companion login --ca-file) or NODE_EXTRA_CA_CERTS.`,
            { cause: 'tls_failed', ...(code ? { code } : {}) },
          );
        case 'too_large':
          return new BridgeError(ErrorCode.TooLarge, `The gateway's reply to ${what} is too large${detail} (see --max-message-bytes).`, {
            cause: 'too_large',
            limit: this.options.maxMessageBytes,
          });
        case 'invalid':
          return new BridgeError(ErrorCode.UpstreamError, `The gateway sent an invalid reply to ${what}${detail}.`, {
            cause: 'invalid_response',
          });
        case 'session_expired':
          return new BridgeError(ErrorCode.UpstreamError, `The gateway session expired and could not be re-established${detail}.`, {
            cause: 'session_expired',
          });
        case 'aborted':
          return new BridgeError(ErrorCode.ShuttingDown, `${what} was aborted because the bridge is stopping.`, { cause: 'shutting_down' });
        case 'http': {
          const profile = this.target?.profile ?? 'default';
          const http = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
          if (status === 401 || status === 403) {
            return new BridgeError(
              ErrorCode.AuthRejected,
              `The gateway refused the credentials of profile "${profile}" (${http}${detail}). Open Gateway Companion → Settings, or run \`companion login --profile ${profile}\`, to store valid ones.`,
              { cause: 'auth_rejected', httpStatus: status },
            );
          }
          if (status === 429) {
            return new BridgeError(
              ErrorCode.UpstreamError,
              `The gateway rate-limited ${what} (${http}${retryAfter ? `, retry after ${retryAfter} s` : ''})${detail}.`,
              { cause: 'rate_limited', httpStatus: status, ...(retryAfter ? { retryAfter } : {}) },
            );
          }
          if (status === 404) {
            return new BridgeError(ErrorCode.UpstreamError, `There is no MCP endpoint at ${url} (${http}); check the profile's URL.`, {
              cause: 'http_error',
              httpStatus: status,
            });
          }
          return new BridgeError(ErrorCode.UpstreamError, `The gateway failed to handle ${what} (${http}${detail}).`, {
            cause: 'http_error',
            httpStatus: status,
          });
        }
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    return new BridgeError(ErrorCode.UpstreamError, `The bridge could not forward ${what}: ${message}`, { cause: 'internal' });
  }

  // ---- lifecycle ----

  private async shutdown(reason: string, drain: boolean): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.log.info(`stopping (${reason})`);
    this.options.onShutdown?.(reason);
    this.options.input.off('data', this.onData);
    // The exit budget is 1 s: up to 550 ms for in-flight answers, 300 ms for the DELETE, the rest to close.
    const drainMs = this.options.drainMs ?? 550;
    if (drain && this.pending.size > 0 && drainMs > 0) {
      await Promise.race([new Promise<void>((resolve) => (this.drained = resolve)), sleep(drainMs)]);
    }
    for (const p of [...this.pending.values()]) {
      this.fail(
        p,
        new BridgeError(ErrorCode.ShuttingDown, `The bridge is shutting down (${reason}); ${describe(p)} was not completed.`, {
          cause: 'shutting_down',
        }),
      );
    }
    this.stopStream();
    this.stopping.abort();
    // A connect still in flight (an embedded gateway starting, say) closes its target itself.
    if (this.connecting) await Promise.race([this.connecting.catch(noop), sleep(100)]);
    if (this.upstream) await this.upstream.deleteSession(AbortSignal.timeout(300));
    await this.target?.close().catch(noop);
    this.options.audit?.close();
    this.resolveFinished();
  }
}

/** Runs a bridge until its input ends or `signal` aborts; resolves after the session DELETE and cleanup. */
export function runBridgeCore(options: BridgeCoreOptions): Promise<void> {
  return new BridgeSession(options).run();
}
