import { formatAssetId, normalizeCoinId } from '../../domain/index';
import { parseAssetIdCached as parseAssetId } from '../common/asset-ids';
import { buildCatalog, type Asset } from './catalog';
import { invalid, notFound } from './errors';
import { CHANGE_WINDOWS, PriceModel } from './prices';
import { QuoteCache } from './quote-cache';

/** The default seed: every installation sees the same market. */
export const DEFAULT_SEED = 20_260_227;

/** Rounds to significant digits, so prices read like quotes rather than float noise. */
export function sig(value: number, digits = 8): number {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : 0;
}

export const round = (value: number, decimals = 4): number => Math.round(value * 10 ** decimals) / 10 ** decimals;

export interface DatasetOptions {
  readonly seed?: number;
  /** The clock prices follow; tests pin it. */
  readonly now?: () => number;
}

/** The offline market: the asset catalogue, its indexes and the price model. */
export class Dataset {
  readonly assets: readonly Asset[];
  readonly prices: PriceModel;
  readonly now: () => number;
  private readonly byId = new Map<string, Asset>();
  private readonly byCoin = new Map<number, Asset[]>();

  constructor(options: DatasetOptions = {}) {
    const seed = options.seed ?? DEFAULT_SEED;
    this.now = options.now ?? Date.now;
    this.assets = buildCatalog(seed);
    this.prices = new PriceModel(seed);
    for (const asset of this.assets) {
      if (this.byId.has(asset.assetId)) throw new Error(`dataset: duplicate asset ${asset.assetId}`);
      this.byId.set(asset.assetId, asset);
      const list = this.byCoin.get(asset.coin) ?? [];
      list.push(asset);
      this.byCoin.set(asset.coin, list);
    }
  }

  /** Looks an asset up by an id in any accepted spelling (aliases, any EVM case). */
  find(assetId: string): Asset | undefined {
    // Ids in their canonical spelling (as every answer writes them) need no parsing.
    const exact = this.byId.get(assetId);
    if (exact) return exact;
    const parsed = parseAssetId(assetId);
    return parsed.ok ? this.byId.get(formatAssetId(parsed.value)) : undefined;
  }

  /** Like find, but a malformed id is an `invalid` error and a missing one `not_found`. */
  require(assetId: string): Asset {
    const parsed = parseAssetId(assetId);
    if (!parsed.ok) throw invalid('invalid_asset_id', `"${assetId.slice(0, 120)}" is not a valid asset id: ${parsed.message}`);
    const id = formatAssetId(parsed.value);
    const asset = this.byId.get(id);
    if (!asset) throw notFound('unknown_asset', `No asset ${id} in the catalogue. Use search_assets to find asset ids.`);
    return asset;
  }

  onCoin(coin: number): readonly Asset[] {
    return this.byCoin.get(normalizeCoinId(coin) ?? coin) ?? [];
  }

  native(coin: number): Asset | undefined {
    return this.byId.get(`c${coin}`);
  }

  /** The live figures every listing shows, at instant t. */
  quote(asset: Asset, t: number) {
    const price = this.prices.priceAt(asset, t);
    const change24h = (price / this.prices.priceAt(asset, t - CHANGE_WINDOWS['24h']) - 1) * 100;
    const circulating = asset.market.circulating;
    return {
      price: sig(price),
      change24h: round(change24h),
      marketCap: Math.round(price * circulating),
      volume24h: Math.round(this.prices.volume24h(asset, t, change24h)),
      circulating: Math.round(circulating),
      total: Math.round(asset.market.max ?? circulating),
      max: asset.market.max === undefined ? null : Math.round(asset.market.max),
    };
  }

  /** The quotes `tickers` serves: `quote` at the start of each one-second tick, computed once per tick. */
  readonly tickerQuotes = new QuoteCache((asset: Asset, t: number) => this.quote(asset, t));

  /** The short asset record search results and listings embed. */
  summary(asset: Asset) {
    return {
      asset_id: asset.assetId,
      name: asset.name,
      symbol: asset.symbol,
      type: asset.type,
      decimals: asset.decimals,
    };
  }

  /** Who vouches for an asset; fictional tokens have no verifier. */
  verifiers(asset: Asset): string[] {
    if (!asset.verified) return [];
    return asset.type === 'coin' || asset.tags.includes('stablecoins')
      ? ['trustwallet', 'coingecko', 'coinmarketcap']
      : ['trustwallet', 'coingecko'];
  }
}
