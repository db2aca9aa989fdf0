import { checkAddress, getCoin } from '../../../domain/index';
import * as contracts from '../../../domain/tools/security';
import { defineTool, fail, readAssetId } from '../tool-kit';

export const validateAddress = defineTool({
  ...contracts.validateAddress,
  group: 'Security',
  call: async (args, ctx) => {
    const chain = readAssetId(args.asset_id, 'asset_id');
    if (!chain.ok) return chain;
    const checked = checkAddress(chain.id.coin, args.address);
    if (!checked.ok)
      return fail('invalid_address', `Not a valid ${getCoin(chain.id.coin)?.name ?? `coin ${chain.id.coin}`} address: ${checked.message}`);
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/v1/validate',
      query: { address: args.address, asset_id: `c${chain.id.coin}` },
      signal: ctx.signal,
    });
  },
});

export const checkTokenSecurity = defineTool({
  ...contracts.checkTokenSecurity,
  group: 'Security',
  call: async (args, ctx) => {
    const id = readAssetId(args.assetId, 'assetId');
    if (!id.ok) return id;
    if (id.id.token === undefined) {
      return fail(
        'not_a_token',
        `${id.text} is a native coin; check_token_security needs a token asset id such as c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7 (c{coin}_t{contract}).`,
      );
    }
    return ctx.upstream.call(ctx.credentials, { method: 'GET', path: `/v2/coinstatus/${encodeURIComponent(id.text)}`, signal: ctx.signal });
  },
});
