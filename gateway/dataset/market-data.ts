import type { Asset } from './catalog';
import { CATEGORIES } from './chains';
import { decodeCursor, encodeCursor, queryKey } from './cursor';
import { round, sig, type Dataset } from './dataset';
import { invalid } from './errors';
import { CHANGE_WINDOWS, FIAT_RATES, type ChangeWindow } from './prices';

export const LISTING_SORTS = ['price24h', 'mcap', 'volume'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
const TRENDING_SIZE = 40;

/** Prices of the given assets in one currency, as of the current one-second tick; ids missing from the catalogue are left out. */
export function tickers(ds: Dataset, assetIds: readonly string[], currency: string, t = ds.now()) {
  const rate = FIAT_RATES[currency];
  if (rate === undefined)
    throw invalid('unsupported_currency', `Currency ${currency} is not supported; use one of ${Object.keys(FIAT_RATES).join(', ')}.`);
  const seen = new Set<string>();
  const out = [];
  for (const id of assetIds) {
    const asset = ds.find(id);
    if (!asset || seen.has(asset.assetId)) continue;
    seen.add(asset.assetId);
    const q = ds.tickerQuotes.get(asset, t);
    out.push({
      id: asset.assetId,
      // q.price is already rounded and rounding again is a no-op, so USD skips a costly toPrecision.
      price: rate === 1 ? q.price : sig(q.price * rate),
      change_24h: q.change24h,
      market_cap: Math.round(q.marketCap * rate),
      volume_24h: Math.round(q.volume24h * rate),
      total_supply: String(q.total),
      provider: 'reference',
    });
  }
  return { currency, tickers: out };
}

function listingDoc(ds: Dataset, asset: Asset, t: number) {
  const q = ds.quote(asset, t);
  const changes = Object.fromEntries(
    (Object.keys(CHANGE_WINDOWS) as ChangeWindow[]).map((w) => [`percent_change_${w}`, round(ds.prices.change(asset, t, w))]),
  ) as Record<`percent_change_${ChangeWindow}`, number>;
  return {
    asset: { ...ds.summary(asset), network: asset.network, icon_url: asset.iconUrl, is_verified: asset.verified },
    market: {
      market_cap: q.marketCap,
      volume_24h: q.volume24h,
      circulating_supply: q.circulating,
      total_supply: q.total,
      max_supply: q.max,
    },
    price: { price: q.price, ...changes },
  };
}

function trendingSet(ds: Dataset, pool: readonly Asset[], t: number): Set<Asset> {
  const ranked = pool.map((a) => ({ a, s: ds.prices.trendingScore(a, t) })).sort((x, y) => y.s - x.s);
  return new Set(ranked.slice(0, TRENDING_SIZE).map((r) => r.a));
}

/** The REST route forwards its query parameters as given; one left out is undefined. */
export interface ListingParams {
  readonly category?: string | undefined;
  readonly sort?: ListingSort | undefined;
  readonly limit: number;
  readonly networks?: readonly number[] | undefined;
  readonly cursor?: string | undefined;
}

/**
 * Trending or categorised listings. Without a sort, "trending" (and no category) rank by current
 * attention; other categories by market cap. A cursor pins the instant of the first page.
 */
export function listings(ds: Dataset, params: ListingParams, now = ds.now()) {
  const category = params.category;
  if (category !== undefined && !CATEGORIES.some((c) => c.id === category)) {
    throw invalid(
      'unknown_category',
      `Unknown category "${category.slice(0, 60)}". Categories: ${CATEGORIES.map((c) => c.id).join(', ')}.`,
    );
  }
  const networks = params.networks && params.networks.length > 0 ? [...new Set(params.networks)].sort((a, b) => a - b) : undefined;
  const key = queryKey(['listings', category ?? null, params.sort ?? null, networks ?? null]);
  const state = params.cursor ? decodeCursor(params.cursor, key) : { offset: 0, at: now };
  const t = state.at;
  let pool = networks ? ds.assets.filter((a) => networks.includes(a.coin)) : [...ds.assets];
  const byAttention = category === undefined || category === 'trending';
  if (category === 'trending') {
    const hot = trendingSet(ds, pool, t);
    pool = pool.filter((a) => hot.has(a));
  } else if (category !== undefined) {
    pool = pool.filter((a) => a.tags.includes(category));
  }
  const key1 = (a: Asset): number => {
    switch (params.sort) {
      case 'price24h':
        return ds.prices.change(a, t, '24h');
      case 'mcap':
        return ds.prices.priceAt(a, t) * a.market.circulating;
      case 'volume':
        return ds.prices.volume24h(a, t);
      default:
        return byAttention ? ds.prices.trendingScore(a, t) : ds.prices.priceAt(a, t) * a.market.circulating;
    }
  };
  const ranked = pool.map((a) => ({ a, k: key1(a) })).sort((x, y) => y.k - x.k || (x.a.assetId < y.a.assetId ? -1 : 1));
  const page = ranked.slice(state.offset, state.offset + params.limit);
  const next = state.offset + params.limit;
  return {
    docs: page.map((r) => listingDoc(ds, r.a, t)),
    total: ranked.length,
    cursor: next < ranked.length ? encodeCursor({ offset: next, at: t }, key) : null,
  };
}

/** Categories that have assets on the given networks (all of them without a filter). */
export function listingCategories(ds: Dataset, networks?: readonly number[]) {
  const pool = networks && networks.length > 0 ? ds.assets.filter((a) => networks.includes(a.coin)) : ds.assets;
  const present = new Set(pool.flatMap((a) => a.tags));
  return {
    docs: CATEGORIES.filter((c) => (c.id === 'trending' ? pool.length > 0 : present.has(c.id))).map((c) => ({ id: c.id, name: c.name })),
  };
}
