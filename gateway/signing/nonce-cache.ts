/**
 * Remembers nonces until their signed date has left the acceptance window, after which a replay
 * is rejected by the date check anyway. Keys are per account so accounts cannot collide.
 */
export class NonceCache {
  private readonly seen = new Map<string, number>();
  private nextSweep = 0;

  constructor(private readonly sweepEveryMs = 10_000) {}

  /** Records the nonce; false when it was already seen and has not expired. */
  remember(accessId: string, nonce: string, expiresAt: number, now: number): boolean {
    this.sweep(now);
    const key = `${accessId}\n${nonce}`;
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.set(key, expiresAt);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.sweepEveryMs;
    for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key);
  }
}
