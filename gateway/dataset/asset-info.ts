import { getCoin } from '../../domain/index';
import type { Asset } from './catalog';
import { decodeCursor, encodeCursor, queryKey } from './cursor';
import type { Dataset } from './dataset';

/** The REST route forwards its query parameters as given; one left out is undefined. */
export interface SearchParams {
  readonly query: string;
  readonly networks?: readonly number[] | undefined;
  readonly limit: number;
}

function searchDoc(ds: Dataset, asset: Asset, t: number) {
  const q = ds.quote(asset, t);
  return {
    ...ds.summary(asset),
    verifiers: ds.verifiers(asset),
    icon_url: asset.iconUrl,
    market_cap: q.marketCap,
    volume_24h: q.volume24h,
    price: q.price,
    tags: [...asset.tags],
  };
}

/** How well an asset matches a free-text query; 0 is no match. */
function score(asset: Asset, q: string): number {
  const symbol = asset.symbol.toLowerCase();
  const name = asset.name.toLowerCase();
  let s = 0;
  if (symbol === q) s = 100;
  else if (name === q) s = 90;
  else if (symbol.startsWith(q)) s = 60;
  else if (name.split(/[\s()]+/).some((w) => w.startsWith(q))) s = 50;
  else if (name.includes(q)) s = 30;
  // Verified tokens, even partial matches, before unverified look-alikes with the exact symbol.
  return s > 0 && asset.verified ? s + 50 : s;
}

/** Search by name, symbol, contract or asset id; best match first, then by market cap. */
export function searchAssets(ds: Dataset, params: SearchParams, t = ds.now()) {
  const q = params.query.trim().toLowerCase();
  const networks = params.networks && params.networks.length > 0 ? new Set(params.networks) : undefined;
  const pool = networks ? ds.assets.filter((a) => networks.has(a.coin)) : ds.assets;
  const exact = ds.find(params.query.trim());
  const matches = pool
    .map((asset) => ({
      asset,
      score: asset === exact || asset.contract?.toLowerCase() === q ? 200 : score(asset, q),
      cap: asset.market.price * asset.market.circulating,
    }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || b.cap - a.cap);
  return { total: matches.length, docs: matches.slice(0, params.limit).map((m) => searchDoc(ds, m.asset, t)) };
}

/** The full record of one asset. */
export function assetDetails(ds: Dataset, asset: Asset, t = ds.now()) {
  const coin = getCoin(asset.coin);
  return {
    ...searchDoc(ds, asset, t),
    coin: asset.coin,
    network: asset.network,
    ...(asset.contract ? { contract: asset.contract } : {}),
    status: 'active',
    is_verified: asset.verified,
    explorer: asset.explorerUrl,
    description: asset.contract
      ? `${asset.name} (${asset.symbol}), a ${asset.type} token on ${asset.network}${asset.fictional ? '. A fictional token of the offline dataset.' : '.'}`
      : `${asset.name} (${asset.symbol}), the native coin of ${coin?.name ?? asset.network}.`,
  };
}

/** A page of the assets on one chain, the native coin first. */
export function assetsOfCoin(ds: Dataset, coin: number, limit: number, cursor: string | undefined, t = ds.now()) {
  const key = queryKey(['coin', coin]);
  const state = cursor ? decodeCursor(cursor, key) : { offset: 0, at: t };
  const all = ds.onCoin(coin);
  const docs = all.slice(state.offset, state.offset + limit).map((a) => assetDetails(ds, a, state.at));
  const next = state.offset + limit;
  return { total: all.length, docs, cursor: next < all.length ? encodeCursor({ offset: next, at: state.at }, key) : null };
}
