import { COINS, formatAssetId, getCoin } from '../../domain/index';
import { CHAIN_FACTS } from './chains';
import { KNOWN_TOKENS } from './known-tokens';
import { generateLongTail, type GeneratedToken } from './long-tail';
import { MARKETS, type Market } from './markets';
import { hashString } from './random';

export interface Asset {
  readonly assetId: string;
  readonly coin: number;
  readonly contract?: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** `coin` for native coins, else the chain's token standard (ERC20, BEP20, SPL, …). */
  readonly type: string;
  /** The chain's display name. */
  readonly network: string;
  /** Price walk key: assets sharing a market share a price (USDC on every chain). */
  readonly marketKey: string;
  readonly market: Market;
  readonly tags: readonly string[];
  readonly verified: boolean;
  /** Generated long-tail token, not a real one. */
  readonly fictional: boolean;
  readonly risk?: GeneratedToken['risk'];
  readonly iconUrl: string;
  readonly explorerUrl: string;
}

const LONG_TAIL_COUNT = 180;

// A tiny SVG badge, so icons render offline without fetching anything.
function icon(symbol: string): string {
  const letters = symbol.replace(/[^A-Za-z0-9]/g, '').slice(0, 4) || '?';
  const hue = hashString(symbol) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hue},55%,45%)"/><text x="32" y="38" font-family="sans-serif" font-size="${letters.length > 3 ? 14 : 18}" fill="#fff" text-anchor="middle">${letters}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function nativeAssets(): Asset[] {
  return COINS.map((coin) => {
    const facts = CHAIN_FACTS[coin.id];
    const marketKey = coin.symbol;
    const market = MARKETS[marketKey];
    if (!facts || !market) throw new Error(`dataset: no chain facts or market for coin ${coin.id}`);
    return {
      assetId: formatAssetId({ coin: coin.id }),
      coin: coin.id,
      name: coin.name,
      symbol: coin.symbol,
      decimals: coin.decimals,
      type: 'coin',
      network: coin.name,
      marketKey,
      market,
      tags: [facts.layer, ...(facts.ecosystem ? [facts.ecosystem] : [])],
      verified: true,
      fictional: false,
      iconUrl: icon(coin.symbol),
      explorerUrl: facts.explorer.home,
    };
  });
}

function tokenAsset(
  t: { coin: number; contract: string; symbol: string; name: string; decimals: number; tags: readonly string[] },
  marketKey: string,
  market: Market,
  extra: Pick<Asset, 'verified' | 'fictional' | 'risk'>,
): Asset {
  const coin = getCoin(t.coin);
  const facts = CHAIN_FACTS[t.coin];
  if (!coin || !facts?.tokenType) throw new Error(`dataset: coin ${t.coin} has no token standard`);
  const tags = [...new Set([...t.tags, ...(facts.ecosystem ? [facts.ecosystem] : [])])];
  return {
    assetId: formatAssetId({ coin: t.coin, token: t.contract }),
    coin: t.coin,
    contract: t.contract,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    type: facts.tokenType,
    network: coin.name,
    marketKey,
    market,
    tags,
    ...extra,
    iconUrl: icon(t.symbol),
    explorerUrl: facts.explorer.token ? `${facts.explorer.token}${t.contract}` : facts.explorer.home,
  };
}

/** Every asset of the offline dataset, natives first, then well-known tokens, then the long tail. */
export function buildCatalog(seed: number): Asset[] {
  const known = KNOWN_TOKENS.map((t) => {
    const market = MARKETS[t.market];
    if (!market) throw new Error(`dataset: unknown market ${t.market} for ${t.symbol}`);
    return tokenAsset(t, t.market, market, { verified: true, fictional: false });
  });
  const tail = generateLongTail(seed, LONG_TAIL_COUNT).map((t) => {
    const assetId = formatAssetId({ coin: t.coin, token: t.contract });
    return tokenAsset(t, assetId, t.market, { verified: false, fictional: true, ...(t.risk ? { risk: t.risk } : {}) });
  });
  return [...nativeAssets(), ...known, ...tail];
}
