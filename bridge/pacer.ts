/**
 * Paces the requests a bridge sends to a gateway whose tier allows `rate` requests per second, so that a
 * burst from the host queues instead of meeting 429s. Requests go in the order they asked, none is
 * dropped; one aborted while it waits gives up its turn without holding the others. The spacing is
 * measured from when the previous request actually left (a late timer never shortens the next gap) and
 * carries a 5 % margin, because the gateway counts arrivals and the network adds jitter to them.
 * The timing rule is pure (`nextSendAt`); the clock is injected, so tests count instead of waiting.
 */

export interface PacerClock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The spacing kept above the tier's own: its arrivals may come closer than our departures. */
const MARGIN = 1.05;

/** The milliseconds between two requests at `rate` per second, margin included. */
export function pacingInterval(rate: number): number {
  return (1000 / rate) * MARGIN;
}

/** When a request may leave: at once, or one interval after the previous one left. */
export function nextSendAt(lastSentAt: number | undefined, intervalMs: number, now: number): number {
  return lastSentAt === undefined ? now : Math.max(now, lastSentAt + intervalMs);
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}

export const systemClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortError(signal!));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

const noop = () => undefined;

export class Pacer {
  readonly intervalMs: number;
  private lastSentAt: number | undefined;
  /** The queue: each turn starts when the one before it has left (or given up). */
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    readonly rate: number,
    private readonly clock: PacerClock = systemClock,
    /** Told how long a request waits for its turn, when it has to wait (the playground shows it). */
    private readonly onWait?: (waitMs: number, queued: number) => void,
  ) {
    if (!(Number.isFinite(rate) && rate > 0)) throw new RangeError(`a pacing rate must be above 0 requests per second, got ${rate}`);
    this.intervalMs = pacingInterval(rate);
  }

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.queued;
  }

  /**
   * Resolves when this request may be sent (with the milliseconds it waited); rejects when `signal`
   * aborts first. Call right before sending: the turn counts as used when it resolves.
   */
  acquire(signal?: AbortSignal): Promise<number> {
    const asked = this.clock.now();
    this.queued++;
    const turn = this.tail.then(async () => {
      if (signal?.aborted) throw abortError(signal);
      const wait = nextSendAt(this.lastSentAt, this.intervalMs, this.clock.now()) - this.clock.now();
      if (wait > 0) {
        this.onWait?.(wait, this.queued);
        await this.clock.sleep(wait, signal);
      }
      this.lastSentAt = this.clock.now();
    });
    this.tail = turn.catch(noop);
    turn.then(
      () => this.queued--,
      () => this.queued--,
    );
    if (!signal) return turn.then(() => this.clock.now() - asked);
    // An abort while earlier requests still wait ends this one's wait at once; its turn then passes.
    return new Promise<number>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      turn.then(
        () => {
          signal.removeEventListener('abort', onAbort);
          resolve(this.clock.now() - asked);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
