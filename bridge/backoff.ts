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
