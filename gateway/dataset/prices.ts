import type { PriceCurrency } from '../../domain/tools/market';
import type { Asset } from './catalog';
import { hashString, mixPair, unitAfter } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Noise layers from minutes to months. A layer of period T moves about vol·√(T/day), like a random walk.
const LAYERS = [5 * MINUTE, HOUR, 6 * HOUR, DAY, 7 * DAY, 30 * DAY, 120 * DAY].map((period, index) => ({
  period,
  index,
  weight: 0.7 * Math.sqrt(period / DAY),
}));

export const CHANGE_WINDOWS = { '1h': HOUR, '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '60d': 60 * DAY, '90d': 90 * DAY } as const;
export type ChangeWindow = keyof typeof CHANGE_WINDOWS;

/** Exchange rates from USD, one per currency of the get_token_prices contract; fixed, since the dataset models crypto markets, not FX. */
export const FIAT_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 151.5,
  CHF: 0.88,
  CAD: 1.37,
  AUD: 1.52,
  INR: 83.4,
  BRL: 5.05,
  KRW: 1_345,
  CNY: 7.2,
  TRY: 32.5,
} satisfies Record<PriceCurrency, number>;

/**
 * Deterministic prices: for a given seed and instant every process computes the same price, and
 * prices move smoothly as the clock advances. Log-price is a sum of smooth value-noise layers,
 * so any instant (now, an hour ago, 90 days ago) costs the same few hashes.
 */
export class PriceModel {
  // Hash keys per asset, computed once: the hot paths evaluate thousands of prices per listing.
  private readonly keys = new WeakMap<Asset, { market: number; copy: number; volume: number; hype: number }>();

  constructor(private readonly seed: number) {}

  private keysOf(asset: Asset) {
    let k = this.keys.get(asset);
    if (!k) {
      const h = (name: string) => hashString(`${this.seed}:${name}`);
      k = { market: h(asset.marketKey), copy: h(asset.assetId), volume: h(`${asset.assetId}:volume`), hype: h(`${asset.assetId}:hype`) };
      this.keys.set(asset, k);
    }
    return k;
  }

  /** Smooth noise in [-1, 1] for one layer. */
  private noise(key: number, layer: number, period: number, t: number): number {
    const x = t / period;
    const i = Math.floor(x);
    const f = x - i;
    const pair = mixPair(key, layer);
    const a = unitAfter(pair, i) * 2 - 1;
    const b = unitAfter(pair, i + 1) * 2 - 1;
    return a + (b - a) * f * f * (3 - 2 * f);
  }

  priceAt(asset: Asset, t: number): number {
    const { market } = asset;
    const keys = this.keysOf(asset);
    let log = 0;
    if (market.pegged) {
      // Stablecoins hover around the peg: a few basis points, never a walk.
      log = 0.0012 * this.noise(keys.market, 0, HOUR, t) + 0.0006 * this.noise(keys.market, 1, 5 * MINUTE, t);
    } else {
      for (const layer of LAYERS) log += market.vol * layer.weight * this.noise(keys.market, layer.index, layer.period, t);
    }
    // Copies of one market on different chains trade a hair apart.
    if (asset.assetId !== asset.marketKey) log += 0.0004 * this.noise(keys.copy, 9, HOUR, t);
    return market.price * Math.exp(log);
  }

  /** Percent change over a window ending at t. */
  change(asset: Asset, t: number, window: ChangeWindow): number {
    const before = this.priceAt(asset, t - CHANGE_WINDOWS[window]);
    return (this.priceAt(asset, t) / before - 1) * 100;
  }

  /** 24 h traded volume in USD: the market's level, busier on days with big moves. */
  volume24h(asset: Asset, t: number, change24h = this.change(asset, t, '24h')): number {
    const key = this.keysOf(asset).volume;
    return (
      asset.market.volume24h *
      Math.exp(0.35 * this.noise(key, 0, 6 * HOUR, t) + 0.15 * this.noise(key, 1, HOUR, t)) *
      (1 + Math.abs(change24h) / 20)
    );
  }

  /**
   * How much attention an asset gets right now: volume against its usual level, momentum, and a
   * churn term so the trending list reshuffles through the day.
   */
  trendingScore(asset: Asset, t: number): number {
    const now = this.priceAt(asset, t);
    const change24h = (now / this.priceAt(asset, t - DAY) - 1) * 100;
    const change1h = (now / this.priceAt(asset, t - HOUR) - 1) * 100;
    const relativeVolume = this.volume24h(asset, t, change24h) / asset.market.volume24h;
    const momentum = Math.abs(change24h) / 10 + Math.max(0, change1h) / 2;
    const churn = 1 + this.noise(this.keysOf(asset).hype, 0, 3 * HOUR, t);
    return relativeVolume * (1 + momentum) * churn * (asset.fictional ? 1.2 : 1);
  }
}
