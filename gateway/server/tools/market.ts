import * as contracts from '../../../domain/tools/market';
import { defineTool, readAssetId, readCoins } from '../tool-kit';

export const getTokenPrices = defineTool({
  ...contracts.getTokenPrices,
  group: 'Market data',
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

export const getTrendingTokens = defineTool({
  ...contracts.getTrendingTokens,
  group: 'Market data',
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
  ...contracts.getListingCategories,
  group: 'Market data',
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
