import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { EventName, EventPayload } from '../../domain/ipc/contract';
import type { CallOutcome, CallRequest, ConnectionInfo, HistoryEntry } from '../../domain/ipc/playground-channels';
import { configDir, currentPathContext, type PathContext } from '../../platform/credentials/config-paths';
import type { Keychain } from '../../platform/credentials/keychain';
import { ServiceError } from '../services/service-error';
import { HistoryStore } from './history-store';
import { PlaygroundSession } from './session';
import { redactSecrets } from '../../domain/redact';

export interface ManagerOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly paths?: PathContext;
  readonly keychain?: Keychain;
  readonly emit?: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  readonly historyFile?: string;
  /** Called whenever a connection opens. */
  readonly onConnected?: () => void;
}

export function historyFile(paths: PathContext): string {
  return path.join(configDir(paths), 'playground', 'history.jsonl');
}

/**
 * The playground's long-lived main-process state: at most one connection (shared by every window or
 * browser tab, which all see the same traffic), and the call history. Connecting again replaces the
 * connection; the previous bridge is shut down cleanly first.
 */
export class SessionManager {
  private session: PlaygroundSession | undefined;
  /** Serialises connect and disconnect, so a second click waits for the first. */
  private transition: Promise<unknown> = Promise.resolve();
  private readonly env: NodeJS.ProcessEnv;
  private readonly paths: PathContext;
  readonly history: HistoryStore;

  constructor(private readonly options: ManagerOptions = {}) {
    this.env = options.env ?? process.env;
    this.paths = options.paths ?? currentPathContext(this.env);
    this.history = new HistoryStore(options.historyFile ?? historyFile(this.paths));
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    this.options.emit?.(event, payload);
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.transition.then(run, run);
    this.transition = next.catch(() => undefined);
    return next;
  }

  get connection(): ConnectionInfo | undefined {
    return this.session?.info;
  }

  private require(): PlaygroundSession {
    if (!this.session) throw new ServiceError('not_connected', 'Not connected: choose a profile and press Connect first.');
    return this.session;
  }

  connect(profile: string): Promise<ConnectionInfo> {
    return this.serial(async () => {
      await this.closeCurrent('reconnecting');
      const session = await PlaygroundSession.open({
        profile,
        env: this.env,
        paths: this.paths,
        ...(this.options.keychain ? { keychain: this.options.keychain } : {}),
        onTraffic: (entry) => this.emit('playground:traffic', entry),
        onRateWait: (wait) => this.emit('playground:rateWait', wait),
        onClosed: (reason) => {
          if (this.session !== session) return;
          this.session = undefined;
          this.emit('playground:connection', { state: 'disconnected', profile, reason: `The bridge stopped (${reason}).` });
        },
      });
      this.session = session;
      this.options.onConnected?.();
      this.emit('playground:connection', { state: 'connected', profile });
      return session.info;
    });
  }

  disconnect(): Promise<boolean> {
    return this.serial(() => this.closeCurrent('disconnected'));
  }

  private async closeCurrent(reason: string): Promise<boolean> {
    const session = this.session;
    if (!session) return false;
    this.session = undefined;
    await session.close();
    this.emit('playground:connection', { state: 'disconnected', profile: session.info.profile, reason });
    return true;
  }

  async ping(): Promise<number> {
    return this.require().ping();
  }

  validate(tool: string, args: Record<string, unknown>) {
    // Issue messages quote the value they refuse: redacted like everything else the page gets.
    return redactSecrets(this.require().validate(tool, args));
  }

  traffic() {
    return this.session?.trafficEntries() ?? [];
  }

  async call(request: CallRequest): Promise<CallOutcome> {
    const session = this.require();
    // What the page gets follows the same redaction rule as what is kept (domain/redact): a result or
    // error that echoes a secret-looking argument shows "[redacted]" in its place.
    const outcome = redactSecrets(
      await session.call(request, (update) => this.emit('playground:progress', redactSecrets({ callId: request.callId, ...update }))),
    );
    if (request.record === false) return outcome;
    const entry: HistoryEntry = {
      id: randomUUID(),
      tool: outcome.tool,
      arguments: request.arguments,
      profile: session.info.profile,
      startedAt: outcome.startedAt,
      durationMs: outcome.durationMs,
      status: outcome.status,
      bytes: outcome.bytes,
      ...(outcome.result ? { result: outcome.result } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
    };
    await this.history.add(entry);
    this.emit('playground:historyChanged', { count: await this.history.count() });
    return { ...outcome, historyId: entry.id };
  }

  cancel(callId: string): boolean {
    return this.session?.cancel(callId) ?? false;
  }

  close(): Promise<boolean> {
    return this.disconnect();
  }
}

let shared: SessionManager | undefined;
let currentEmit: ManagerOptions['emit'];

/**
 * The process's one manager; both hosts create their services once per process, and events go to the latest
 * host's emitter. `keychain` is the app's (with its session fallback), so a secret entered without a keychain reaches the bridge.
 */
export function sharedSessionManager(emit: ManagerOptions['emit'], keychain?: Keychain): SessionManager {
  currentEmit = emit;
  shared ??= new SessionManager({ emit: (event, payload) => currentEmit?.(event, payload), ...(keychain ? { keychain } : {}) });
  return shared;
}
