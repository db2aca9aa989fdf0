import { setTimeout as sleep } from 'node:timers/promises';
import { eraHeaders } from './era-headers';
import { idKey, isId, type Classified, type JsonRpcId } from './jsonrpc';

/** A host request in flight: what it was, its deadline, and what became of it. */
export interface Pending {
  readonly id: JsonRpcId;
  readonly key: string;
  readonly method: string;
  /** The request as the host sent it: parsed, and its line (forwarded unchanged when no translation applies). */
  readonly message: Record<string, unknown>;
  readonly line: string;
  readonly startedAt: number;
  readonly time: string;
  /** Aborts the exchange: on timeout, cancellation and shutdown. */
  readonly controller: AbortController;
  readonly tool?: string;
  readonly args?: unknown;
  /** The 2026 era's per-request headers, derived from the message as sent upstream (undefined in the 2025 era). */
  headers?: Record<string, string> | undefined;
  timer?: NodeJS.Timeout;
  /** The overall limit (`--max-call-time`), which progress does not restart. */
  deadline?: NodeJS.Timeout;
  /** While the upstream's era is being decided, its reply is held here instead of going to the host. */
  hold?: boolean;
  held?: HeldReply;
  /** Answered, failed or cancelled: nothing more is ever written for it. */
  done: boolean;
  cancelled?: boolean;
}

export interface HeldReply {
  readonly message: Record<string, unknown>;
  readonly line: string;
}

/**
 * The most host requests in flight at once. A host past it gets an error for each new request (naming the
 * limit) until some are answered: the table, its timers and the exchanges they hold cannot grow without end.
 */
export const MAX_IN_FLIGHT = 1_024;

/** The request as a log line names it. */
export function describe(p: Pending): string {
  return p.tool !== undefined ? `tools/call "${p.tool}"` : p.method;
}

/** Progress and other traffic for a request restart its deadline. */
export function keepAlive(p: Pending): void {
  p.timer?.refresh();
}

/**
 * The host's requests in flight, by id: each gets a deadline when it enters, leaves exactly once (answered,
 * failed or cancelled), and shutdown can wait for the table to empty. The one place that holds requests,
 * so it is where their number is bounded.
 */
export class PendingTable {
  private readonly entries = new Map<string, Pending>();
  private drained: (() => void) | undefined;

  /** `onTimeout` runs when a request's deadline passes before it left the table: `idle` (no traffic for the timeout) or `overall` (the max call time). */
  constructor(private readonly onTimeout: (p: Pending, kind: 'idle' | 'overall') => void) {}

  get size(): number {
    return this.entries.size;
  }

  /** True when no further request may enter (MAX_IN_FLIGHT are in flight). */
  get full(): boolean {
    return this.entries.size >= MAX_IN_FLIGHT;
  }

  /** True while a request with this id is in flight: ids must be unique among them. */
  has(id: JsonRpcId): boolean {
    return this.entries.has(idKey(id));
  }

  /** The request in flight with this id, if it is still waiting for its answer. */
  get(id: JsonRpcId): Pending | undefined {
    const p = this.entries.get(idKey(id));
    return p && !p.done ? p : undefined;
  }

  /** Enters a host request with its deadline (restarted by `keepAlive` while the gateway shows progress). */
  add(request: Extract<Classified, { kind: 'request' }>, line: string, timeoutMs: number, maxCallMs?: number): Pending {
    const params = request.message.params as { name?: unknown; arguments?: unknown } | undefined;
    const tool = request.method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
    const p: Pending = {
      id: request.id,
      key: idKey(request.id),
      method: request.method,
      message: request.message,
      line,
      startedAt: performance.now(),
      time: new Date().toISOString(),
      controller: new AbortController(),
      done: false,
      headers: eraHeaders(request.message),
      ...(tool !== undefined ? { tool, args: params?.arguments } : {}),
    };
    this.entries.set(p.key, p);
    p.timer = setTimeout(() => {
      if (!p.done) this.onTimeout(p, 'idle');
    }, timeoutMs);
    if (maxCallMs !== undefined)
      p.deadline = setTimeout(() => {
        if (!p.done) this.onTimeout(p, 'overall');
      }, maxCallMs);
    return p;
  }

  /** The request leaves the table: nothing more is written for it. */
  finish(p: Pending): void {
    p.done = true;
    if (p.timer) clearTimeout(p.timer);
    if (p.deadline) clearTimeout(p.deadline);
    this.entries.delete(p.key);
    if (this.entries.size === 0) this.drained?.();
  }

  /**
   * The host gave up on a request (`notifications/cancelled`): it leaves the table unanswered, as the spec
   * says. Returns it so the caller can record it and, once the gateway has the cancellation, abort it.
   */
  cancel(params: unknown): Pending | undefined {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (!isId(requestId)) return undefined;
    const p = this.get(requestId);
    if (!p) return undefined;
    p.cancelled = true;
    this.finish(p);
    return p;
  }

  /** Waits until the table is empty or `ms` have passed, whichever comes first. */
  async drain(ms: number): Promise<void> {
    if (this.entries.size === 0 || ms <= 0) return;
    await Promise.race([new Promise<void>((resolve) => (this.drained = resolve)), sleep(ms)]);
  }

  /** A snapshot of the requests still in flight. */
  inFlight(): Pending[] {
    return [...this.entries.values()];
  }
}
