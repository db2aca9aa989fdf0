/** Market data: get_token_prices, get_trending_tokens, get_listing_categories. */
import { z } from 'zod';
import { assetSummary, cursorArg, limitArg, networksArg } from './args';
import { defineContract } from './contract';

const MAX_PRICE_ASSETS = 50;
/** The fiat currencies prices can be quoted in. */
export const PRICE_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'INR', 'BRL', 'KRW', 'CNY', 'TRY'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

export const getTokenPrices = defineContract({
  name: 'get_token_prices',
  title: 'Token prices',
  description: `Current market prices of up to ${MAX_PRICE_ASSETS} assets per call, with 24 h change, market cap, 24 h volume and total supply. Asset ids the market has no price for are listed in \`unknown\`.`,
  input: {
    assets: z
      .array(z.string().min(1).max(200))
      .min(1, { error: 'give at least one asset id' })
      .max(MAX_PRICE_ASSETS, {
        error: `get_token_prices takes at most ${MAX_PRICE_ASSETS} asset ids per call; split the list into several calls`,
      })
      .describe(`1 to ${MAX_PRICE_ASSETS} asset ids, e.g. ["c0", "c60", "c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"].`),
    currency: z.enum(PRICE_CURRENCIES).default('USD').describe('Fiat currency of the prices.'),
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

export const getTrendingTokens = defineContract({
  name: 'get_trending_tokens',
  title: 'Trending tokens',
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
});

export const getListingCategories = defineContract({
  name: 'get_listing_categories',
  title: 'Listing categories',
  description:
    'The listing categories get_trending_tokens accepts (e.g. Trending, AI, Memes, DeFi, Layer 2, NFT), optionally only those with assets on some chains.',
  input: { networks: networksArg },
  output: z.looseObject({ docs: z.array(z.looseObject({ id: z.string(), name: z.string() })) }),
});
