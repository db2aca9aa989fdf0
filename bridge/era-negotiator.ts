import type { DiscoverResult } from '@modelcontextprotocol/client';
import { isHeaderToken } from '../domain/header-token';
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
import type { Logger } from './logger';
import type { HeldReply, Pending } from './pending-table';
import { isRefusal } from './upstream-failure';
import type { SessionReplay, UpstreamSession } from './upstream-session';

const noop = (): void => {};

/** The longest protocol version carried in a header. */
const MAX_VERSION = 64;

/** The era the upstream speaks, once decided: a translator while it differs from the host's. */
type Decided = { readonly phase: 'decided'; readonly era: Era; readonly translator: EraTranslator | undefined };
/** A translating bridge lost its upstream (session gone, gateway restarted): its era is decided again before the next request. */
type Lost = { readonly phase: 'lost'; readonly era: Era; readonly translator: EraTranslator };
type Settled = { readonly phase: 'unknown' } | Decided | Lost;
/**
 * The state of era detection, one value: nothing known yet, decided, lost (decide again), or a decision in
 * flight (which later requests wait for; until it ends, what was known before still translates).
 */
export type EraState = Settled | { readonly phase: 'deciding'; readonly run: Promise<void>; readonly before: Settled };

/** What the negotiator needs from the core: exchanges for a host request, and writing its answer. */
export interface EraPeer {
  /** An exchange whose reply is kept from the host until the negotiator has read it. */
  heldExchange(p: Pending, mayReopen: boolean): Promise<{ reply?: HeldReply; failure?: unknown }>;
  /** Writes the response to a host request; `local` when the bridge made it in the host's era itself. */
  answer(p: Pending, line: string, message: Record<string, unknown>, local: boolean): void;
}

/**
 * Decides which MCP era (2025 sessions or 2026-07-28 stateless) the upstream speaks, from the host's first
 * messages, and holds the translator while host and upstream differ. A 2025 host's initialize goes upstream
 * as sent, and only its refusal leads to server/discover; a 2026 host's first request leads with
 * server/discover, and a 2025 handshake in the host's name if that is not answered.
 */
export class EraNegotiator {
  private state: EraState = { phase: 'unknown' };

  constructor(
    private readonly peer: EraPeer,
    private readonly replay: SessionReplay,
    private readonly log: Logger,
  ) {}

  private get settled(): Settled {
    return this.state.phase === 'deciding' ? this.state.before : this.state;
  }

  /** Translates between host and upstream while their eras differ; undefined while forwarding unchanged. */
  get translator(): EraTranslator | undefined {
    const s = this.settled;
    return s.phase === 'unknown' ? undefined : s.translator;
  }

  /** A decision in flight, which messages that need the upstream's era wait for. */
  get deciding(): Promise<void> | undefined {
    return this.state.phase === 'deciding' ? this.state.run : undefined;
  }

  /** True until the era is decided (and again after a loss): the next host request decides it first. */
  get undecided(): boolean {
    return this.state.phase !== 'decided';
  }

  /** The translated upstream is gone (an embedded gateway restarted, a session could not be re-opened). */
  markLost(): void {
    const s = this.settled;
    if (s.phase !== 'unknown' && s.translator) this.settle({ phase: 'lost', era: s.era, translator: s.translator });
  }

  /** Records what is known; a decision in flight stays in flight (later requests still wait for it to end). */
  private settle(next: Settled): void {
    this.state = this.state.phase === 'deciding' ? { ...this.state, before: next } : next;
  }

  private adopt(era: Era, translator: EraTranslator | undefined, why: string): void {
    this.settle({ phase: 'decided', era, translator });
    if (translator)
      this.log.info(
        `the upstream speaks ${translator.upstreamVersion} (${why}) and the host ${translator.hostEra === 'legacy' ? 'the 2025 era' : MODERN_VERSION}: translating between them`,
      );
    else
      this.log.debug(
        `the upstream speaks the host's era, ${era === 'modern' ? MODERN_VERSION : '2025 (initialize and sessions)'} (${why}): forwarding unchanged`,
      );
  }

  /**
   * A 2025-era host's initialize goes upstream as sent. Only when the upstream refuses it does the bridge
   * ask, with server/discover in the host's name, whether it speaks 2026-07-28; then the bridge answers
   * the initialize itself and translates from there on.
   */
  async handshake(p: Pending, session: UpstreamSession): Promise<void> {
    const current = this.settled;
    if (current.phase === 'decided' && current.translator?.hostEra === 'legacy') {
      const out = current.translator.outbound(p.message);
      if (out.kind === 'answer') return this.peer.answer(p, JSON.stringify(out.reply), out.reply, true);
    }
    this.settle({ phase: 'unknown' });
    const held = await this.peer.heldExchange(p, false);
    if (p.done) return;
    const reply = held.reply?.message;
    if (!(reply && 'result' in reply) && (reply || isRefusal(held.failure))) {
      const discover = await this.probeDiscover(session, identityFromInitialize(p.message));
      if (discover) {
        const t = new LegacyHostTranslator(p.message, discover, await legacyVersions());
        this.adopt('modern', t, 'it refused initialize and answered server/discover');
        const synthesized = { jsonrpc: '2.0', id: p.id, result: t.initializeResult() };
        return this.peer.answer(p, JSON.stringify(synthesized), synthesized, true);
      }
    }
    if (!held.reply) throw held.failure;
    if ('result' in held.reply.message) this.adopt('legacy', undefined, 'it accepted initialize');
    this.peer.answer(p, held.reply.line, held.reply.message, false);
  }

  /** Decides the upstream's era before a host request that needs it: once per run, and again after a loss. */
  async ready(p: Pending, session: UpstreamSession): Promise<void> {
    for (let run = this.deciding; run; run = this.deciding) await run.catch(noop);
    const before = this.state;
    if (before.phase === 'deciding' || before.phase === 'decided') return;
    let run: Promise<void>;
    if (messageEra(p.message) === 'modern') run = this.detectForModernHost(p, session);
    else if (before.phase === 'lost' && this.replay.initialize && before.translator.hostEra === 'legacy')
      run = this.detectForLegacyHost(session, this.replay.initialize);
    else return;
    this.state = { phase: 'deciding', run, before: this.settled };
    try {
      await run;
    } finally {
      if (this.state.phase === 'deciding' && this.state.run === run) this.state = this.state.before;
    }
  }

  /**
   * A 2026 host's first request decides the era: its own server/discover goes upstream as sent (any other
   * request waits for one the bridge sends). An upstream that does not answer in the 2026 era gets a 2025
   * handshake in the host's name, and from then on the bridge translates.
   */
  private async detectForModernHost(p: Pending, session: UpstreamSession): Promise<void> {
    const identity = identityFromEnvelope(p.message);
    if (p.method === 'server/discover') {
      const held = await this.peer.heldExchange(p, true);
      if (p.done) return;
      const reply = held.reply?.message;
      if (speaksModern(reply)) this.adopt('modern', undefined, 'it answered server/discover');
      // On success the caller answers the discover from the translator.
      else if ((reply || isRefusal(held.failure)) && (await this.openLegacySession(session, identity))) return;
      if (!held.reply) throw held.failure;
      return this.peer.answer(p, held.reply.line, held.reply.message, false);
    }
    const reply = await session.request(discoverRequest(session.privateId('era'), identity));
    if (speaksModern(reply)) return this.adopt('modern', undefined, 'it answered server/discover');
    await this.openLegacySession(session, identity);
  }

  /** A 2025 host whose translated upstream was lost: its initialize again, and server/discover if that is refused. */
  private async detectForLegacyHost(session: UpstreamSession, initialize: Record<string, unknown>): Promise<void> {
    const result = await session.open(
      { ...initialize, id: session.privateId('era') },
      {
        previous: 'keep',
        initialized: this.replay.initializedLine,
        onFailure: 'refuse',
        remember: false,
        accept: (reply) => isVersion((reply?.result as { protocolVersion?: unknown } | undefined)?.protocolVersion),
      },
    );
    if (result.opened) {
      this.adopt('legacy', undefined, 'it accepts initialize again');
      session.startStream();
      return;
    }
    const discover = await this.probeDiscover(session, identityFromInitialize(initialize));
    if (discover)
      this.adopt('modern', new LegacyHostTranslator(initialize, discover, await legacyVersions()), 'it answered server/discover again');
  }

  /** For a 2026 host in front of a 2025-era upstream: the session the host cannot open itself, opened in its name. */
  private async openLegacySession(session: UpstreamSession, identity: HostIdentity): Promise<boolean> {
    prepareTranslation();
    let accepted: Awaited<ReturnType<typeof readInitializeResult>>;
    const result = await session.open(initializeRequest(session.privateId('era'), identity), {
      previous: 'end',
      // Replayed when the session expires, as a 2025 host's own would be.
      initialized: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      onFailure: 'refuse',
      remember: true,
      accept: async (reply) => {
        accepted = await readInitializeResult(reply);
        return accepted !== undefined && isVersion(accepted.protocolVersion);
      },
    });
    if (!result.opened || !accepted) {
      this.log.debug('the upstream answered neither server/discover nor initialize: forwarding unchanged');
      return false;
    }
    this.adopt('legacy', new ModernHostTranslator(accepted), `it does not answer server/discover but accepted initialize`);
    session.startStream();
    return true;
  }

  private async probeDiscover(session: UpstreamSession, identity: HostIdentity): Promise<DiscoverResult | undefined> {
    prepareTranslation();
    return readDiscoverResult(await session.request(discoverRequest(session.privateId('era'), identity)));
  }
}

function isVersion(version: unknown): version is string {
  return typeof version === 'string' && isHeaderToken(version, MAX_VERSION);
}
