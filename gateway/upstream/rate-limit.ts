export interface RateLimit {
  /** Sustained requests per second per account. */
  readonly perSecond: number;
  /** Requests allowed at once after a quiet spell; defaults to perSecond. */
  readonly burst?: number;
}

/** Generous enough that the benchmark and the UI never meet it; the free tier is { perSecond: 1 }. */
export const DEMO_RATE_LIMIT: RateLimit = { perSecond: 10_000, burst: 10_000 };

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/** A token bucket per account. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly rate: number;
  private readonly burst: number;

  constructor(
    limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit.perSecond > 0) || (limit.burst !== undefined && !(limit.burst >= 1))) {
      throw new RangeError(`rate limit must have perSecond > 0 and burst >= 1, got ${JSON.stringify(limit)}`);
    }
    this.rate = limit.perSecond / 1000;
    this.burst = limit.burst ?? Math.max(1, limit.perSecond);
  }

  take(key: string): Admission {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate / 1000)) };
  }
}
