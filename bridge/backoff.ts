import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces reconnection after connection-level failures: after the nth failure in a row, requests wait
 * base·2^(n-1) ms (capped) before trying the gateway again, instead of failing fast or hammering it.
 * Any success resets it.
 */
export class Backoff {
  private failures = 0;
  private until = 0;

  constructor(
    private readonly baseMs = 250,
    private readonly maxMs = 5_000,
  ) {}

  /** Waits out the current pause; rejects if the signal aborts first. */
  async wait(signal: AbortSignal): Promise<void> {
    const remaining = this.until - Date.now();
    if (remaining > 0) await sleep(remaining, undefined, { signal });
  }

  /** Records a failure and returns the pause before the next attempt. */
  failed(): number {
    this.failures++;
    const delay = Math.min(this.maxMs, this.baseMs * 2 ** (this.failures - 1));
    this.until = Date.now() + delay;
    return delay;
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}

/** The event stream is never reopened sooner than this, whatever the server's `retry:` says. */
export const STREAM_RECONNECT_FLOOR_MS = 1_000;
/** Nor later than this after failures in a row. */
export const STREAM_RECONNECT_CAP_MS = 30_000;

/**
 * The pause before reopening the event stream after `failures` streams in a row that ended, failed or
 * delivered nothing: the server's `retry:` (or the floor), never below the floor, doubled per failure up to
 * the cap, with jitter (between half and all of it, but not below the floor) so that many bridges a
 * gateway dropped at once do not come back at once. A gateway that says `retry: 0` and closes cannot make
 * the bridge reconnect in a loop with its credentials.
 */
export function streamReconnectDelay(failures: number, retryMs: number | undefined, random: () => number = Math.random): number {
  const base = Math.max(STREAM_RECONNECT_FLOOR_MS, retryMs ?? STREAM_RECONNECT_FLOOR_MS);
  const ceiling = Math.min(STREAM_RECONNECT_CAP_MS, base * 2 ** Math.min(failures, 16));
  return Math.round(Math.max(STREAM_RECONNECT_FLOOR_MS, ceiling * (0.5 + random() / 2)));
}
