import type { Asset } from './catalog';

/** How often ticker prices move: once a second, like an exchange feed. */
export const TICK_MS = 1_000;

/** The start of the tick that contains instant t. */
export const tickOf = (t: number, tickMs = TICK_MS): number => Math.floor(t / tickMs) * tickMs;

/**
 * Ticker quotes per asset, computed once per tick at the tick's start. A 50-asset price request
 * otherwise evaluates about 1,700 noise hashes (two instants per asset), which made it the largest
 * single cost of the upstream. Quotes at the tick's start are still a pure function of the seed and
 * the clock, so every process agrees on them. One entry per asset: an entry serves only its own
 * tick and the next tick replaces it, so the cache never outgrows the catalogue.
 */
export class QuoteCache<Q> {
  private readonly entries = new Map<Asset, { readonly tick: number; readonly quote: Q }>();

  constructor(
    private readonly compute: (asset: Asset, t: number) => Q,
    readonly tickMs = TICK_MS,
  ) {}

  get(asset: Asset, t: number): Q {
    const tick = tickOf(t, this.tickMs);
    const entry = this.entries.get(asset);
    if (entry !== undefined && entry.tick === tick) return entry.quote;
    const quote = this.compute(asset, tick);
    this.entries.set(asset, { tick, quote });
    return quote;
  }

  get size(): number {
    return this.entries.size;
  }
}
