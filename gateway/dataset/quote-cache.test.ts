import { describe, expect, it } from 'vitest';
import { Dataset } from './dataset';
import { tickers } from './market-data';
import { QuoteCache, TICK_MS, tickOf } from './quote-cache';

const T0 = Date.parse('2026-02-27T12:00:00Z');

describe('QuoteCache', () => {
  const ds = new Dataset({ now: () => T0 });
  const eth = ds.require('c60');

  it('serves the quote at the start of the tick, computed once per asset and tick', () => {
    const computed: number[] = [];
    const cache = new QuoteCache((asset, t) => (computed.push(t), ds.quote(asset, t)));
    const first = cache.get(eth, T0 + 250);
    expect(first).toEqual(ds.quote(eth, T0));
    expect(cache.get(eth, T0 + TICK_MS - 1)).toBe(first);
    expect(computed).toEqual([T0]);
  });

  it('expires each entry when its tick passes, so prices keep moving', () => {
    const computed: number[] = [];
    const cache = new QuoteCache((asset, t) => (computed.push(t), ds.quote(asset, t)));
    const prices = [0, 1, 2, 60, 3_600].map((s) => cache.get(eth, T0 + s * 1000).price);
    expect(computed).toEqual([0, 1, 2, 60, 3_600].map((s) => T0 + s * 1000));
    expect(new Set(prices).size).toBe(prices.length);
    // An instant of an earlier tick is computed again, not served from the newer entry.
    expect(cache.get(eth, T0)).toEqual(ds.quote(eth, T0));
    expect(computed.at(-1)).toBe(T0);
  });

  it('keeps one entry per asset, so it never outgrows the catalogue', () => {
    const cache = new QuoteCache((asset, t) => ds.quote(asset, t));
    for (let s = 0; s < 5; s++) for (const asset of ds.assets) cache.get(asset, T0 + s * 1000);
    expect(cache.size).toBe(ds.assets.length);
  });

  it('backs tickers: the same prices within a tick, new ones after it', () => {
    let now = T0 + 100;
    const live = new Dataset({ now: () => now });
    const a = tickers(live, ['c60', 'c0'], 'USD');
    now = T0 + 900;
    expect(tickers(live, ['c60', 'c0'], 'USD')).toEqual(a);
    now = T0 + 5 * TICK_MS;
    expect(tickers(live, ['c60', 'c0'], 'USD').tickers.map((t) => t.price)).not.toEqual(a.tickers.map((t) => t.price));
    expect(tickOf(T0 + 5 * TICK_MS + 999)).toBe(T0 + 5 * TICK_MS);
  });
});
