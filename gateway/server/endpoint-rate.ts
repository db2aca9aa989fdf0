/**
 * Emulates a gateway tier's rate limit at the MCP endpoint (`companion gateway --rate N`): every request of
 * one access id past N per second gets 429 with Retry-After, as the public gateway's free tier answers
 * (1 request/second). A token bucket per access id holding at most N tokens (no burst beyond the rate).
 * The table of access ids is bounded: strangers sending made-up ids cannot grow it without end; past the
 * bound the id seen least recently is forgotten (it starts again with a full bucket). `EmulatedTier` holds the
 * rate a running gateway emulates, which its owner may change while it serves (the app's setting for the
 * embedded gateway) without dropping a session.
 */
import { RateLimiter } from '../upstream/rate-limit';
import { JSONRPC, type Rejection } from './request-guards';

/** Access ids whose buckets are remembered at once. */
const MAX_KEYS = 4096;

export interface EndpointRate {
  /** Undefined when the request may pass; otherwise the 429 to answer. */
  admit(accessId: string): Rejection | undefined;
}

export function createEndpointRate(perSecond: number, now: () => number = Date.now, onRefused?: () => void): EndpointRate {
  if (!(Number.isFinite(perSecond) && perSecond > 0)) throw new RangeError(`--rate must be above 0 requests per second, got ${perSecond}`);
  // One limiter per access id keeps RateLimiter's table at one entry; the map here is the bounded one.
  const limiters = new Map<string, RateLimiter>();
  const limit = { perSecond, burst: Math.max(1, Math.floor(perSecond)) };
  return {
    admit(accessId) {
      let limiter = limiters.get(accessId);
      if (limiter) limiters.delete(accessId);
      else limiter = new RateLimiter(limit, now);
      limiters.set(accessId, limiter);
      if (limiters.size > MAX_KEYS) limiters.delete(limiters.keys().next().value as string);
      const admission = limiter.take(accessId);
      if (admission.ok) return undefined;
      onRefused?.();
      return {
        status: 429,
        code: JSONRPC.serverError,
        message: `Too many requests: this gateway allows ${perSecond} request${perSecond === 1 ? '' : 's'} per second per account; retry after ${admission.retryAfterSeconds} s.`,
        headers: { 'retry-after': String(admission.retryAfterSeconds) },
      };
    },
  };
}

/** The tier a gateway emulates now (none: every request passes); changed in place while the gateway serves. */
export class EmulatedTier {
  private limit: EndpointRate | undefined;
  private perSecond: number | undefined;

  constructor(
    perSecond: number | undefined,
    private readonly onRefused?: () => void,
    private readonly now: () => number = Date.now,
  ) {
    this.set(perSecond);
  }

  /** Requests per second per access id, or undefined when off. */
  get rate(): number | undefined {
    return this.perSecond;
  }

  /** Emulates `perSecond` from now on (undefined: off). A new rate starts every account with a full bucket. */
  set(perSecond: number | undefined): void {
    if (perSecond === this.perSecond) return;
    this.limit = perSecond === undefined ? undefined : createEndpointRate(perSecond, this.now, this.onRefused);
    this.perSecond = perSecond;
  }

  admit(accessId: string): Rejection | undefined {
    return this.limit?.admit(accessId);
  }
}
