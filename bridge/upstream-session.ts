import { setTimeout as sleep } from 'node:timers/promises';
import { Backoff, streamReconnectDelay } from './backoff';
import { eraHeaders } from './era-headers';
import type { Credentials } from '../platform/credentials/keychain';
import { classify } from './jsonrpc';
import type { Logger } from './logger';
import { keepAlive, type HeldReply, type Pending } from './pending-table';
import type { UpstreamMessageHandler } from './stream-reader';
import type { Upstream } from './upstream';
import { isConnectionFailure, UpstreamFailure } from './upstream-failure';

const noop = (): void => {};

/**
 * What re-opening a 2025-era session replays: the initialize (the host's own, or the one the bridge sent
 * in a 2026 host's name) and the host's initialized notification. Kept by the core from the first line
 * on (before any connection), read here when a session expires.
 */
export interface SessionReplay {
  initialize: Record<string, unknown> | undefined;
  initializedLine: string | undefined;
}

export interface UpstreamSessionOptions {
  readonly upstream: Upstream;
  readonly log: Logger;
  /** The target's timeout for one exchange of the bridge's own. */
  readonly timeoutMs: number;
  /** Aborts everything when the bridge stops. */
  readonly stopping: AbortSignal;
  readonly replay: SessionReplay;
  /** Everything the gateway sends that is not the reply to one of the bridge's own requests. */
  readonly onMessage: UpstreamMessageHandler;
  /** False while the event stream must not be held (a translator handles the host's stream, or shutdown began). */
  readonly wantsStream: () => boolean;
  /** Re-opening an expired session was refused: a translated upstream's era must be decided again. */
  readonly onReopenRefused: () => void;
  /** The gateway was brought back (`recover`): true when its era must be decided again (the exchange then throws EraLost). */
  readonly onRestarted: () => boolean;
  /** Re-reads the credentials after a 401/403, in case the user stored new ones while the bridge ran. */
  readonly refreshCredentials?: () => Promise<Credentials | undefined>;
  /** On connection refused: try to bring the gateway back (restart an embedded one); true means retry. */
  readonly recover?: () => Promise<boolean>;
}

/** Recoveries already used by one exchange: each is tried at most once per request. */
export interface Retries {
  readonly reinit: boolean;
  readonly auth: boolean;
  readonly recover: boolean;
}

export const FRESH: Retries = { reinit: false, auth: false, recover: false };

/** The upstream a translation was made for is gone (an embedded gateway restarted): the era is decided again. */
export class EraLost extends Error {}

/** How `open` treats the session in place and a failed initialize. */
export interface OpenOptions {
  /** The session in place: ended with a DELETE (a new one in a host's name), forgotten (it expired), or kept (the initialize finds out). */
  readonly previous: 'end' | 'forget' | 'keep';
  readonly initialized: string | undefined;
  /** Whether the reply to the initialize opens the session (its protocol version is then carried). */
  readonly accept: (reply: Record<string, unknown> | undefined) => boolean | Promise<boolean>;
  /** `throw`: a transport failure is the caller's (a request waits on it); `refuse`: it is logged and counts as no answer. */
  readonly onFailure: 'throw' | 'refuse';
  /** Keep this initialize and initialized for replay when the session expires. */
  readonly remember: boolean;
}

export type Opened =
  { readonly opened: true } | { readonly opened: false; readonly reply: Record<string, unknown> | undefined; readonly failure?: unknown };

/**
 * The bridge's side of one gateway session: the exchanges of host requests with their recoveries (re-open
 * an expired session, fresh credentials, a restarted gateway) and the backoff that paces reconnection;
 * opening a session (one `open` for every 2025 session the bridge opens itself); the GET event stream for
 * server-initiated messages and its reconnect loop (`startStream`); one-way POSTs.
 */
export class UpstreamSession {
  readonly upstream: Upstream;
  readonly backoff = new Backoff();
  /** Bumped whenever a session is established, so concurrent 404s re-initialise only once. */
  private generationCount = 0;
  private reinitRun: Promise<void> | undefined;
  private readonly privateIds = { reinit: 0, era: 0 };
  private stream: AbortController | undefined;
  private streamUnsupported = false;

  constructor(private readonly options: UpstreamSessionOptions) {
    this.upstream = options.upstream;
  }

  get generation(): number {
    return this.generationCount;
  }

  /** A re-initialisation in flight, which later messages wait for: they need its session. */
  get reopening(): Promise<void> | undefined {
    return this.reinitRun;
  }

  /** A session was established (by the host's initialize or one of the bridge's own). */
  opened(): void {
    this.generationCount++;
  }

  /** An id for a request of the bridge's own, never one a host would use. */
  privateId(purpose: 'reinit' | 'era'): string {
    return `gateway-companion-${purpose}-${++this.privateIds[purpose]}`;
  }

  private signal(): AbortSignal {
    return AbortSignal.any([this.options.stopping, AbortSignal.timeout(this.options.timeoutMs)]);
  }

  /** Catches the reply to the bridge's own request `id`; whatever else the upstream sends meanwhile goes on to the host. */
  private ownReply(id: unknown): {
    options: { answered: () => boolean; onMessage: UpstreamMessageHandler };
    reply: () => Record<string, unknown> | undefined;
  } {
    let reply: Record<string, unknown> | undefined;
    const onMessage: UpstreamMessageHandler = (m, l) => {
      const c = classify(m);
      if (c.kind !== 'response') this.options.onMessage(m, l);
      else if (c.id === id) reply = c.message;
    };
    return { options: { answered: () => reply !== undefined, onMessage }, reply: () => reply };
  }

  /** A request of the bridge's own: its reply is returned, never written to the host; a transport failure throws. */
  private async post(message: Record<string, unknown>, own = this.ownReply(message.id)): Promise<Record<string, unknown> | undefined> {
    await this.upstream.postRequest(JSON.stringify(message), { signal: this.signal(), headers: eraHeaders(message), ...own.options });
    return own.reply();
  }

  /** A request of the bridge's own whose failure is only a missing answer (undefined), logged at debug level. */
  async request(message: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    const own = this.ownReply(message.id);
    try {
      await this.post(message, own);
    } catch (error) {
      if (own.reply() === undefined)
        this.options.log.debug(`the bridge's ${String(message.method)} got no answer: ${this.describe(error)}`);
    }
    return own.reply();
  }

  private describe(error: unknown): string {
    return this.options.log.redact(error instanceof Error ? error.message : String(error));
  }

  /**
   * Opens a 2025-era session with `initialize` (which carries a bridge-private id): what was in place is dealt
   * with as `previous` says, the protocol version of an accepted reply is carried from then on, the
   * initialized notification follows, and a new generation begins. The caller adopts the era, then starts
   * the event stream. Used to re-open an expired session, to re-decide a lost upstream's era, and to open
   * the session a 2026 host cannot open itself.
   */
  async open(initialize: Record<string, unknown>, options: OpenOptions): Promise<Opened> {
    if (options.previous !== 'keep') this.stopStream();
    if (options.previous === 'end') await this.upstream.endSession(AbortSignal.timeout(1_000));
    if (options.previous === 'forget') this.upstream.forgetSession();
    let reply: Record<string, unknown> | undefined;
    if (options.onFailure === 'throw') reply = await this.post(initialize);
    else reply = await this.request(initialize);
    if (!(await options.accept(reply))) return { opened: false, reply };
    this.upstream.useProtocolVersion((reply?.result as { protocolVersion?: unknown } | undefined)?.protocolVersion);
    if (options.remember) {
      this.options.replay.initialize = initialize;
      this.options.replay.initializedLine = options.initialized;
    }
    if (options.initialized) await this.oneWay(options.initialized, false);
    this.opened();
    return { opened: true };
  }

  /** Session expired (404): replay the initialize and initialized notification, once for all waiting requests. */
  reopen(generation: number): Promise<void> {
    if (generation !== this.generationCount) return Promise.resolve();
    if (this.reinitRun) return this.reinitRun;
    const run = (async () => {
      const { initialize, initializedLine } = this.options.replay;
      if (!initialize) throw new UpstreamFailure('session_expired', 'there is no initialize to replay');
      this.options.log.warn("the gateway session expired (HTTP 404): re-initialising with the host's initialize, then retrying once");
      const result = await this.open(
        { ...initialize, id: this.privateId('reinit') },
        {
          previous: 'forget',
          initialized: initializedLine,
          onFailure: 'throw',
          remember: false,
          accept: (reply) => Boolean(reply?.result),
        },
      );
      if (!result.opened) {
        this.options.onReopenRefused();
        const reason = (result.reply?.error as { message?: unknown } | undefined)?.message;
        throw new UpstreamFailure('session_expired', `re-initialising failed${typeof reason === 'string' ? `: ${reason}` : ''}`);
      }
      this.options.log.info('re-initialised: new gateway session established');
      this.startStream();
    })();
    this.reinitRun = run;
    const clear = (): void => {
      if (this.reinitRun === run) this.reinitRun = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  /**
   * One POST of a host request (`line`, as the upstream's era needs it), with its recoveries: session
   * re-initialisation, fresh credentials, gateway restart. Each is tried once per request.
   */
  async exchange(p: Pending, line: string, retries: Retries): Promise<void> {
    await this.backoff.wait(p.controller.signal);
    const generation = this.generationCount;
    try {
      await this.upstream.postRequest(line, {
        signal: p.controller.signal,
        headers: p.headers,
        answered: () => p.done || p.held !== undefined,
        onMessage: (m, l) => {
          keepAlive(p);
          this.options.onMessage(m, l);
        },
      });
      this.backoff.succeeded();
    } catch (error) {
      if (p.done || p.held) return;
      if (error instanceof UpstreamFailure) {
        if (error.kind === 'session_expired' && !retries.reinit && this.options.replay.initialize) {
          await this.reopen(generation);
          return this.exchange(p, line, { ...retries, reinit: true });
        }
        if (
          error.kind === 'http' &&
          (error.extra.status === 401 || error.extra.status === 403) &&
          !retries.auth &&
          (await this.refreshCredentials())
        )
          return this.exchange(p, line, { ...retries, auth: true });
        if (
          error.kind === 'network' &&
          error.extra.code === 'ECONNREFUSED' &&
          !retries.recover &&
          this.options.recover &&
          (await this.options.recover().catch(() => false))
        ) {
          if (this.options.onRestarted()) throw new EraLost();
          return this.exchange(p, line, { ...retries, recover: true });
        }
        if (isConnectionFailure(error))
          this.options.log.warn(`gateway connection failed (${this.describe(error)}); next attempt after ${this.backoff.failed()} ms`);
      }
      throw error;
    }
    if (!p.done && !p.held) throw new UpstreamFailure('invalid', 'it ended its reply without a response to this request');
  }

  /** An exchange whose reply is kept from the host (in p.held) until the caller has read it. */
  async heldExchange(p: Pending, retries: Retries): Promise<{ reply?: HeldReply; failure?: unknown }> {
    p.hold = true;
    try {
      await this.exchange(p, p.line, retries);
    } catch (failure) {
      return p.held ? { reply: p.held } : { failure };
    } finally {
      p.hold = false;
    }
    return p.held
      ? { reply: p.held }
      : { failure: new UpstreamFailure('invalid', 'it ended its reply without a response to this request') };
  }

  private async refreshCredentials(): Promise<boolean> {
    const fresh = await this.options.refreshCredentials?.().catch(() => undefined);
    const current = this.upstream.credentials;
    if (!fresh || (fresh.accessId === current.accessId && fresh.secretKey === current.secretKey)) return false;
    this.options.log.addSecret(fresh.secretKey);
    this.options.log.addSecret(fresh.accessId);
    this.upstream.useCredentials(fresh);
    this.options.log.info('the gateway refused the credentials, but newer ones are stored: retrying with them');
    return true;
  }

  /** A notification or a reply to a gateway request, with backoff and (when `mayReopen`) one re-initialisation. */
  async oneWay(line: string, mayReopen: boolean, headers?: Record<string, string>): Promise<void> {
    const signal = this.signal();
    await this.backoff.wait(signal);
    const generation = this.generationCount;
    try {
      await this.upstream.postOneWay(line, signal, headers);
      this.backoff.succeeded();
    } catch (error) {
      if (error instanceof UpstreamFailure) {
        if (error.kind === 'session_expired' && mayReopen && this.options.replay.initialize) {
          await this.reopen(generation);
          return this.oneWay(line, false, headers);
        }
        if (isConnectionFailure(error)) this.backoff.failed();
      }
      throw error;
    }
  }

  /** Ends the session in place (DELETE within `timeoutMs`) and its event stream: the host starts over. */
  async end(timeoutMs: number): Promise<void> {
    this.stopStream();
    await this.upstream.endSession(AbortSignal.timeout(timeoutMs));
  }

  /**
   * Holds the GET event stream for server-initiated messages, reopened (resuming with Last-Event-ID) until
   * the session changes. The one reconnect loop of the bridge: each reopen waits `streamReconnectDelay`
   * (at least 1 s whatever the server's `retry:`, doubling with jitter up to 30 s); the count of failures
   * starts over only after a stream that delivered messages.
   */
  startStream(): void {
    if (this.stream || this.streamUnsupported || !this.upstream.inSession || !this.options.wantsStream()) return;
    const controller = new AbortController();
    this.stream = controller;
    const generation = this.generationCount;
    void (async () => {
      let lastEventId: string | undefined;
      let failures = 0;
      let delivered: boolean;
      const onMessage: UpstreamMessageHandler = (m, l) => {
        delivered = true;
        this.options.onMessage(m, l);
      };
      while (!controller.signal.aborted && generation === this.generationCount) {
        let retryMs: number | undefined;
        delivered = false;
        try {
          const r = await this.upstream.openStream(controller.signal, onMessage, lastEventId);
          if (r.outcome === 'unsupported') {
            this.streamUnsupported = true;
            this.options.log.debug('the gateway offers no GET event stream (HTTP 405)');
            break;
          }
          if (r.outcome === 'expired') break;
          lastEventId = r.lastEventId ?? lastEventId;
          retryMs = r.retryMs;
        } catch (error) {
          if (controller.signal.aborted) break;
          this.options.log.debug(`event stream failed (${this.describe(error)})`);
        }
        if (delivered) failures = 0;
        const delay = streamReconnectDelay(failures, retryMs);
        failures++;
        this.options.log.debug(`reopening the event stream in ${delay} ms`);
        await sleep(delay, undefined, { signal: controller.signal }).catch(noop);
      }
      if (this.stream === controller) this.stream = undefined;
    })();
  }

  stopStream(): void {
    this.stream?.abort();
    this.stream = undefined;
  }
}
