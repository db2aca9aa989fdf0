import * as contracts from '../../../domain/tools/market';
import { defineTool, readAssetId, readCoins, type ToolContext, type ToolOutcome } from '../tool-kit';

/** The listing endpoints: a GET whose optional `networks` filter is checked as coin ids first. */
async function listingsCall(
  ctx: ToolContext,
  path: string,
  networks: readonly number[] | undefined,
  query: Readonly<Record<string, string | number | boolean | undefined>>,
): Promise<ToolOutcome> {
  const coins = readCoins(networks, 'networks');
  if (!coins.ok) return coins;
  return ctx.upstream.call(ctx.credentials, { method: 'GET', path, query: { ...query, networks: coins.value }, signal: ctx.signal });
}

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
  call: (args, ctx) =>
    listingsCall(ctx, '/v1/assets/listings', args.networks, {
      category: args.category,
      sort: args.sort,
      limit: args.limit,
      cursor: args.cursor,
    }),
});

export const getListingCategories = defineTool({
  ...contracts.getListingCategories,
  group: 'Market data',
  call: (args, ctx) => listingsCall(ctx, '/v1/assets/listing-categories', args.networks, {}),
});
