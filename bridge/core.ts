import { setTimeout as sleep } from 'node:timers/promises';
import { auditOutcome, redactArguments } from './audit-log';
import { toBridgeError } from './bridge-error';
import type { BridgeCoreOptions, UpstreamTarget } from './bridge-options';
import { EraNegotiator } from './era-negotiator';
import { eraHeaders } from './era-headers';
import { identityFromEnvelope, identityFromInitialize } from './era-translation';
import { readHostLine } from './host-line';
import { BridgeError, classify, ErrorCode, errorResponse, type Classified } from './jsonrpc';
import { DEFAULT_MAX_CALL_SECONDS } from './limits';
import { LineReader, type LineEvent } from './line-reader';
import type { Logger } from './logger';
import { describe, MAX_IN_FLIGHT, PendingTable, type Pending } from './pending-table';
import { Upstream } from './upstream';
import { EraLost, FRESH, UpstreamSession, type Retries, type SessionReplay } from './upstream-session';

export type { BridgeCoreOptions, UpstreamTarget } from './bridge-options';

const noop = (): void => {};

/**
 * One bridge: host messages in on `input` (newline-delimited JSON-RPC), forwarded raw to the gateway's
 * Streamable HTTP endpoint; everything the gateway sends comes back on `output`. Invariant: every host
 * request gets exactly one response (the gateway's, or one error naming the cause), unless the host
 * cancels it, in which case it gets none, as the spec says.
 *
 * This wires the parts: the host's lines (`host-line.ts`), the requests in flight (`pending-table.ts`), the
 * gateway session and its event stream (`upstream-session.ts`), the protocol era (`era-negotiator.ts`) and
 * the errors the host reads (`bridge-error.ts`). What stays here is each message's way through them and
 * the lifecycle (connect on the first message, drain and DELETE on shutdown).
 *
 * Why it is a little over 500 lines: the routing and the lifecycle share the bridge's private state (the
 * pending table, the session, the shutdown flag) and read as one state machine; moving either out would
 * pass that state across a module boundary for no gain in clarity.
 */
class BridgeSession {
  private readonly pending = new PendingTable((p, kind) => this.onTimeout(p, kind));
  private readonly replay: SessionReplay = { initialize: undefined, initializedLine: undefined };
  private readonly era: EraNegotiator;
  private target: UpstreamTarget | undefined;
  /** Set once by the first successful connect, for the rest of the run. */
  private session: UpstreamSession | undefined;
  private connecting: Promise<UpstreamSession> | undefined;
  /** The host's clientInfo.name, so a setup error can name that host's setting. */
  private hostName: string | undefined;
  /** The host's initialize in flight: later messages need its session. */
  private initRun: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  /** Settles when the host's stdout drains, while the gateway's streams wait for it. */
  private drained: Promise<void> | undefined;
  /** The host's stdout refused more (write returned false) and has not drained since. */
  private congested = false;
  private closing = false;
  private readonly finished: Promise<void>;
  private resolveFinished: () => void = noop;
  private readonly onData = (chunk: Buffer | string): void =>
    this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  private readonly reader: LineReader;

  constructor(private readonly options: BridgeCoreOptions) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.reader = new LineReader(options.maxMessageBytes, (event) => this.onLine(event));
    this.era = new EraNegotiator(
      {
        heldExchange: (p, mayReopen) => this.upstream.heldExchange(p, { ...FRESH, reinit: !mayReopen }),
        answer: (p, line, message, local) => this.answer(p, line, message, local),
      },
      this.replay,
      options.log,
    );
  }

  private get log(): Logger {
    return this.options.log;
  }

  private get timeoutMs(): number {
    return this.target?.timeoutMs ?? this.options.defaultTimeoutMs;
  }

  /** The gateway session, for code that runs only after `connect()` resolved. */
  private get upstream(): UpstreamSession {
    if (!this.session) throw new Error('the bridge has no gateway session yet');
    return this.session;
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
    this.options.recorder?.toHost(line);
    if (!this.options.output.write(`${line}\n`)) this.congested = true;
  }

  /**
   * Undefined while the host's stdout takes more; else a promise that settles on 'drain' (or when the
   * output fails or the bridge stops). The gateway's streams are not read meanwhile.
   */
  private hostReady(): Promise<void> | undefined {
    const output = this.options.output;
    if (!this.congested || !output.writable || this.stopping.signal.aborted) return undefined;
    this.drained ??= new Promise<void>((resolve) => {
      const done = (): void => {
        output.off('drain', done).off('close', done).off('error', done);
        this.stopping.signal.removeEventListener('abort', done);
        this.drained = undefined;
        this.congested = false;
        resolve();
      };
      output.once('drain', done).once('close', done).once('error', done);
      this.stopping.signal.addEventListener('abort', done, { once: true });
    });
    return this.drained;
  }

  // ---- host → bridge ----

  private onLine(event: LineEvent): void {
    const read = readHostLine(event, this.options.maxMessageBytes, this.log);
    if (read.kind === 'reply') {
      this.write(read.line);
      return;
    }
    const { message, text } = read;
    this.options.recorder?.fromHost(text);
    switch (message.kind) {
      case 'invalid':
        this.write(
          errorResponse(message.id, ErrorCode.InvalidRequest, `Invalid request: ${message.reason}.`, { cause: 'invalid_request' }),
        );
        return;
      case 'request':
        this.onRequest(message, text);
        return;
      case 'notification':
        this.onNotification(message, text);
        return;
      case 'response':
        this.forwardOneWay(text).catch((error: Error) =>
          this.log.warn(
            `could not deliver the host's reply to gateway request ${JSON.stringify(message.id)}: ${this.describeError(error)}`,
          ),
        );
        return;
    }
  }

  private onRequest(message: Extract<Classified, { kind: 'request' }>, line: string): void {
    if (this.closing) {
      this.write(
        errorResponse(message.id, ErrorCode.ShuttingDown, `The bridge is shutting down; ${message.method} was not forwarded.`, {
          cause: 'shutting_down',
        }),
      );
      return;
    }
    if (this.pending.has(message.id)) {
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
    if (this.pending.full) {
      this.write(
        errorResponse(
          message.id,
          ErrorCode.UpstreamError,
          `The bridge already has ${MAX_IN_FLIGHT} requests in flight, its limit; ${message.method} was not forwarded. Wait for some answers and send it again.`,
          { cause: 'too_many_in_flight', limit: MAX_IN_FLIGHT },
        ),
      );
      return;
    }
    const p = this.pending.add(message, line, this.timeoutMs, this.options.maxCallMs ?? DEFAULT_MAX_CALL_SECONDS * 1000);
    this.forwardRequest(p).catch((error: unknown) => this.fail(p, error));
  }

  private onNotification(message: Extract<Classified, { kind: 'notification' }>, line: string): void {
    let cancelled: Pending | undefined;
    if (message.method === 'notifications/cancelled') {
      cancelled = this.pending.cancel(message.message.params);
      if (cancelled) {
        this.log.info(`the host cancelled ${describe(cancelled)} (id ${JSON.stringify(cancelled.id)})`);
        this.audit(cancelled, { ok: false, errorCode: 'cancelled' });
      }
    }
    if (message.method === 'notifications/initialized') this.replay.initializedLine = line;
    this.forwardOneWay(line, message.message)
      .then(
        () => {
          if (message.method === 'notifications/initialized') this.session?.startStream();
        },
        (error: Error) => this.log.warn(`could not deliver ${message.method} to the gateway: ${this.describeError(error)}`),
      )
      .finally(() => {
        // Only now that the gateway has the cancellation, drop our side of the exchange: servers need not
        // end a cancelled request's stream, and an open one would pin a connection forever.
        cancelled?.controller.abort();
      });
  }

  // ---- bridge → gateway ----

  private connect(): Promise<UpstreamSession> {
    if (this.session) return Promise.resolve(this.session);
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
      const upstream = new Upstream({
        url: target.url,
        http: target.http,
        credentials: target.credentials,
        maxMessageBytes: this.options.maxMessageBytes,
        userAgent: this.options.userAgent,
        hostReady: () => this.hostReady(),
        ...(target.headerNames ? { headerNames: target.headerNames } : {}),
        ...(target.pacer ? { pacer: target.pacer } : {}),
        ...(target.onRetryAfter ? { onRetryAfter: target.onRetryAfter } : {}),
      });
      this.session = new UpstreamSession({
        upstream,
        log: this.log,
        timeoutMs: target.timeoutMs,
        stopping: this.stopping.signal,
        replay: this.replay,
        onMessage: (m, l) => this.fromUpstream(m, l),
        wantsStream: () => !this.closing && (this.era.translator?.holdsStream ?? true),
        onReopenRefused: () => this.era.markLost(),
        onRestarted: () => {
          // A restarted gateway may speak another era than the one being translated to.
          if (!this.era.translator) return false;
          this.era.markLost();
          return true;
        },
        refreshCredentials: async () => this.options.refreshCredentials?.(),
        ...(target.recover ? { recover: () => target.recover?.() ?? Promise.resolve(false) } : {}),
      });
      this.log.info(`forwarding to ${target.url.href} (profile "${target.profile}")`);
      return this.session;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** Waits while an initialize, a re-initialisation or an era decision is in flight: later messages need its outcome. */
  private async settled(): Promise<void> {
    for (;;) {
      const run = this.initRun ?? this.session?.reopening ?? this.era.deciding;
      if (!run) return;
      await run.catch(noop);
    }
  }

  private async forwardRequest(p: Pending): Promise<void> {
    // A 2025 host names itself in initialize, a 2026 host in each request's _meta: the name picks the
    // host's own words for a keychain it cannot reach.
    const identity = p.method === 'initialize' ? identityFromInitialize(p.message) : identityFromEnvelope(p.message);
    const name = identity.clientInfo?.name;
    if (typeof name === 'string' && (p.method === 'initialize' || this.hostName === undefined)) this.hostName = name.slice(0, 100);
    if (p.method === 'initialize') {
      // Marked as running now, before any await: a request on the next line (a ping written right after
      // initialize) must wait for this session, not race the connect and go out without one.
      const previous = this.initRun;
      const run = (async () => {
        await previous?.catch(noop);
        await this.initialize(p, await this.connect());
      })();
      this.initRun = run;
      try {
        await run;
      } finally {
        if (this.initRun === run) this.initRun = undefined;
      }
      return;
    }
    await this.connect();
    await this.settled();
    await this.forwardInEra(p, FRESH);
  }

  /** The host's initialize: the session in place ends, and the era is decided from the upstream's answer. */
  private async initialize(p: Pending, session: UpstreamSession): Promise<void> {
    // Not `settled()`: that waits for `initRun`, which is this initialize itself.
    for (;;) {
      const run = session.reopening ?? this.era.deciding;
      if (!run) break;
      await run.catch(noop);
    }
    // The host starts over: end the old session first.
    await session.end(1_000);
    this.replay.initialize = p.message;
    this.replay.initializedLine = undefined;
    await this.era.handshake(p, session);
    session.opened();
  }

  /** A host request as the upstream's era needs it: unchanged, translated, or answered by the bridge. */
  private async forwardInEra(p: Pending, retries: Retries): Promise<void> {
    if (this.era.undecided) {
      await this.era.ready(p, this.upstream);
      if (p.done) return;
    }
    const t = this.era.translator;
    if (!t) return this.upstream.exchange(p, p.line, retries);
    const out = t.outbound(p.message);
    if (out.kind === 'answer') return this.answer(p, JSON.stringify(out.reply), out.reply, true);
    if (out.kind === 'drop')
      throw new BridgeError(ErrorCode.UpstreamError, `${describe(p)} has no counterpart in the upstream's protocol era.`, {
        cause: 'internal',
      });
    p.headers = eraHeaders(out.message);
    try {
      await this.upstream.exchange(p, JSON.stringify(out.message), retries);
    } catch (error) {
      if (!(error instanceof EraLost)) throw error;
      // The gateway was restarted: decide its era again, then send the request as that era needs it.
      p.headers = eraHeaders(p.message);
      return this.forwardInEra(p, { ...retries, recover: true });
    }
  }

  /** Notifications and replies: no response to wait for, same recovery as requests. */
  private async forwardOneWay(line: string, message?: Record<string, unknown>): Promise<void> {
    const session = await this.connect();
    await this.settled();
    const translator = this.era.translator;
    if (message && translator) {
      const out = translator.outbound(message);
      if (out.kind !== 'forward') return;
      return session.oneWay(JSON.stringify(out.message), true, eraHeaders(out.message));
    }
    await session.oneWay(line, true, message && eraHeaders(message));
  }

  // ---- gateway → host ----

  private fromUpstream(message: unknown, line: string): void {
    const c = classify(message);
    if (c.kind === 'response') {
      const p = this.pending.get(c.id);
      if (p) this.answer(p, line, c.message);
      else this.log.debug(`dropped a gateway response for an unknown or finished id ${JSON.stringify(c.id)}`);
      return;
    }
    if (c.kind === 'invalid') {
      this.log.warn(`ignored an invalid message from the gateway: ${c.reason}`);
      return;
    }
    if (this.log.debugEnabled) this.log.debug(`gateway → ${c.kind} ${c.method}`);
    const translator = this.era.translator;
    if (translator) {
      const t = translator.fromUpstream(c.message);
      if (t.kind === 'drop') return;
      if (t.kind === 'reply') {
        this.session
          ?.oneWay(JSON.stringify(t.message), false)
          .catch((error: Error) => this.log.warn(`could not answer the gateway's ${c.method}: ${this.describeError(error)}`));
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
    const translator = this.era.translator;
    if (translator && !local) {
      const mapped = translator.response(p.method, message, p.tool);
      if (mapped !== message) {
        message = mapped;
        line = JSON.stringify(mapped);
      }
    }
    this.pending.finish(p);
    if (p.method === 'initialize' && !translator)
      this.session?.upstream.useProtocolVersion((message.result as { protocolVersion?: unknown } | undefined)?.protocolVersion);
    if (this.log.debugEnabled)
      this.log.debug(`host ← response id=${JSON.stringify(p.id)} ${describe(p)} in ${(performance.now() - p.startedAt).toFixed(1)} ms`);
    this.audit(p, auditOutcome(message));
    this.write(line);
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

  private onTimeout(p: Pending, kind: 'idle' | 'overall'): void {
    if (kind === 'overall') {
      const limitMs = this.options.maxCallMs ?? DEFAULT_MAX_CALL_SECONDS * 1000;
      this.fail(
        p,
        new BridgeError(
          ErrorCode.Timeout,
          `${describe(p)} was still running after ${Math.round(limitMs / 100) / 10} s, the bridge's limit for one call (--max-call-time), so the bridge gave up on it and asked the gateway to cancel it.`,
          { cause: 'timeout', maxCallMs: limitMs },
        ),
      );
    } else {
      const seconds = Math.round(this.timeoutMs / 100) / 10;
      this.fail(
        p,
        new BridgeError(
          ErrorCode.Timeout,
          `The gateway did not answer ${describe(p)} within ${seconds} s, so the bridge gave up on it and asked the gateway to cancel it.`,
          { cause: 'timeout', timeoutMs: this.timeoutMs },
        ),
      );
    }
    const session = this.session;
    if (session?.upstream.inSession) {
      const cancel = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: p.id, reason: 'The bridge timed out waiting for the gateway' },
      });
      session.oneWay(cancel, false).catch(noop);
    }
  }

  /** Answers a request with one error naming the cause; no-op if it was already answered or cancelled. */
  private fail(p: Pending, error: unknown): void {
    if (p.done) return;
    const e = toBridgeError(error, {
      what: describe(p),
      url: this.target?.url.href,
      profile: this.target?.profile,
      maxMessageBytes: this.options.maxMessageBytes,
    });
    this.pending.finish(p);
    p.controller.abort();
    const message = this.log.redact(e.message);
    this.log.warn(`${describe(p)} (id ${JSON.stringify(p.id)}) failed: ${message}`);
    this.audit(p, { ok: false, errorCode: e.code });
    this.write(errorResponse(p.id, e.code, message, e.data));
  }

  private describeError(error: unknown): string {
    return this.log.redact(error instanceof Error ? error.message : String(error));
  }

  // ---- lifecycle ----

  private async shutdown(reason: string, drain: boolean): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.log.info(`stopping (${reason})`);
    this.options.onShutdown?.(reason);
    this.options.input.off('data', this.onData);
    // The exit budget is 1 s: up to 550 ms for in-flight answers, 300 ms for the DELETE, the rest to close.
    if (drain) await this.pending.drain(this.options.drainMs ?? 550);
    for (const p of this.pending.inFlight()) {
      this.fail(
        p,
        new BridgeError(ErrorCode.ShuttingDown, `The bridge is shutting down (${reason}); ${describe(p)} was not completed.`, {
          cause: 'shutting_down',
        }),
      );
    }
    this.session?.stopStream();
    this.stopping.abort();
    // A connect still in flight (an embedded gateway starting, say) closes its target itself.
    if (this.connecting) await Promise.race([this.connecting.catch(noop), sleep(100)]);
    if (this.session) await this.session.end(300);
    await this.target?.close().catch(noop);
    this.options.audit?.close();
    this.resolveFinished();
  }
}

/** Runs a bridge until its input ends or `signal` aborts; resolves after the session DELETE and cleanup. */
export function runBridgeCore(options: BridgeCoreOptions): Promise<void> {
  return new BridgeSession(options).run();
}
