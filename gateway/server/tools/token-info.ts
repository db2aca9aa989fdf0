import * as contracts from '../../../domain/tools/token-info';
import { defineTool, fail, readAssetId, readCoins } from '../tool-kit';

export const searchAssets = defineTool({
  ...contracts.searchAssets,
  group: 'Token information',
  call: async (args, ctx) => {
    const networks = readCoins(args.networks, 'networks');
    if (!networks.ok) return networks;
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/v1/search/assets',
      query: { query: args.query, networks: networks.value, limit: args.limit },
      signal: ctx.signal,
    });
  },
});

export const getAssetDetails = defineTool({
  ...contracts.getAssetDetails,
  group: 'Token information',
  call: async (args, ctx) => {
    if (args.assetId === undefined && args.coin === undefined)
      return fail('missing_argument', 'Give assetId (e.g. "c60_t0x…") or coin (a SLIP-44 number, e.g. 60).');
    if (args.assetId !== undefined) {
      const id = readAssetId(args.assetId, 'assetId');
      if (!id.ok) return id;
      const coin = readCoins(args.coin === undefined ? undefined : [args.coin], 'coin');
      if (!coin.ok) return coin;
      const result = await ctx.upstream.call(ctx.credentials, {
        method: 'GET',
        path: '/v1/assets',
        query: { assetId: id.text, coin: coin.value },
        signal: ctx.signal,
      });
      return result.ok ? { ok: true, data: { total: 1, docs: [result.data], cursor: null } } : result;
    }
    const coin = readCoins([args.coin as number], 'coin');
    if (!coin.ok) return coin;
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/v1/assets',
      query: { coin: coin.value, limit: args.limit, cursor: args.cursor },
      signal: ctx.signal,
    });
  },
});

export const getCoinStatus = defineTool({
  ...contracts.getCoinStatus,
  group: 'Token information',
  call: async (args, ctx) => {
    const id = readAssetId(args.assetId, 'assetId');
    if (!id.ok) return id;
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: `/v1/coinstatus/${encodeURIComponent(id.text)}`,
      query: { include_security_info: args.include_security_info },
      signal: ctx.signal,
    });
  },
});
