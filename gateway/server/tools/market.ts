import { z } from 'zod';
import { FIAT_RATES } from '../../dataset/prices';
import { assetSummary, cursorArg, defineTool, limitArg, networksArg, readAssetId, readCoins } from '../tool-kit';

export const MAX_PRICE_ASSETS = 50;
const CURRENCIES = Object.keys(FIAT_RATES) as [string, ...string[]];

export const getTokenPrices = defineTool({
  name: 'get_token_prices',
  title: 'Token prices',
  group: 'Market data',
  description: `Current market prices of up to ${MAX_PRICE_ASSETS} assets per call, with 24 h change, market cap, 24 h volume and total supply. Asset ids the market has no price for are listed in \`unknown\`.`,
  input: {
    assets: z
      .array(z.string().min(1).max(200))
      .min(1, { error: 'give at least one asset id' })
      .max(MAX_PRICE_ASSETS, {
        error: `get_token_prices takes at most ${MAX_PRICE_ASSETS} asset ids per call; split the list into several calls`,
      })
      .describe(`1 to ${MAX_PRICE_ASSETS} asset ids, e.g. ["c0", "c60", "c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"].`),
    currency: z.enum(CURRENCIES).default('USD').describe('Fiat currency of the prices.'),
  },
  output: z.looseObject({
    currency: z.string(),
    tickers: z.array(
      z.looseObject({
        id: z.string(),
        price: z.number(),
        change_24h: z.number(),
        market_cap: z.number(),
        volume_24h: z.number(),
        total_supply: z.string(),
        provider: z.string(),
      }),
    ),
    unknown: z.array(z.string()),
  }),
  call: async (args, ctx) => {
    const unique = new Set<string>();
    for (const [i, raw] of args.assets.entries()) {
      const id = readAssetId(raw, `assets[${i}]`);
      if (!id.ok) return id;
      unique.add(id.text);
    }
    const ids = [...unique];
    const result = await ctx.upstream.call(ctx.credentials, {
      method: 'POST',
      path: '/v2/market/tickers',
      body: { assets: ids, currency: args.currency },
      signal: ctx.signal,
    });
    if (!result.ok) return result;
    const priced = new Set(Array.isArray(result.data.tickers) ? (result.data.tickers as Array<{ id?: unknown }>).map((t) => t.id) : []);
    return { ok: true, data: { ...result.data, unknown: ids.filter((id) => !priced.has(id)) } };
  },
});

const listingDoc = z.looseObject({
  asset: assetSummary.extend({ network: z.string(), icon_url: z.string(), is_verified: z.boolean() }),
  market: z.looseObject({
    market_cap: z.number(),
    volume_24h: z.number(),
    circulating_supply: z.number(),
    total_supply: z.number(),
    max_supply: z.number().nullable(),
  }),
  price: z.looseObject({
    price: z.number(),
    percent_change_1h: z.number(),
    percent_change_24h: z.number(),
    percent_change_7d: z.number(),
    percent_change_30d: z.number(),
    percent_change_60d: z.number(),
    percent_change_90d: z.number(),
  }),
});

export const getTrendingTokens = defineTool({
  name: 'get_trending_tokens',
  title: 'Trending tokens',
  group: 'Market data',
  description:
    'Trending or categorised token listings with market data and price changes over 1 h, 24 h, 7 d, 30 d, 60 d and 90 d. Filter by `category` (ids from get_listing_categories, e.g. "memes", "ai", "defi-2") and `networks`; sort by 24 h change, market cap or volume. Pages with `cursor`.',
  input: {
    category: z
      .string()
      .min(1)
      .max(60)
      .optional()
      .describe('A listing category id from get_listing_categories, e.g. "trending", "memes", "ai", "layer_2".'),
    sort: z
      .enum(['price24h', 'mcap', 'volume'])
      .optional()
      .describe('Order by 24 h price change, market cap or 24 h volume; by default trending order (market cap for other categories).'),
    limit: limitArg(100, 20),
    networks: networksArg,
    cursor: cursorArg,
  },
  output: z.looseObject({ docs: z.array(listingDoc), total: z.number().int(), cursor: z.string().nullable() }),
  call: async (args, ctx) => {
    const networks = readCoins(args.networks, 'networks');
    if (!networks.ok) return networks;
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/v1/assets/listings',
      query: { category: args.category, sort: args.sort, limit: args.limit, networks: networks.value, cursor: args.cursor },
      signal: ctx.signal,
    });
  },
});

export const getListingCategories = defineTool({
  name: 'get_listing_categories',
  title: 'Listing categories',
  group: 'Market data',
  description:
    'The listing categories get_trending_tokens accepts (e.g. Trending, AI, Memes, DeFi, Layer 2, NFT), optionally only those with assets on some chains.',
  input: { networks: networksArg },
  output: z.looseObject({ docs: z.array(z.looseObject({ id: z.string(), name: z.string() })) }),
  call: async (args, ctx) => {
    const networks = readCoins(args.networks, 'networks');
    if (!networks.ok) return networks;
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/v1/assets/listing-categories',
      query: { networks: networks.value },
      signal: ctx.signal,
    });
  },
});
