import { checkAddress, checkContract, getCoin } from '../../../domain/index';
import * as contracts from '../../../domain/tools/swap';
import { findDomain } from '../../dataset/swap/domains';
import { defineTool, fail, readAssetId, type ToolOutcome } from '../tool-kit';
import { toolError } from '../tool-error';

export const getSwapDomains = defineTool({
  ...contracts.getSwapDomains,
  group: 'Swap & bridge',
  call: (args, ctx) =>
    ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/amber-api/v1/domains',
      query: { ton: args.ton || undefined },
      signal: ctx.signal,
    }),
});

export const getSwapProviders = defineTool({
  ...contracts.getSwapProviders,
  group: 'Swap & bridge',
  call: (_args, ctx) => ctx.upstream.call(ctx.credentials, { method: 'GET', path: '/amber-api/v1/providers', signal: ctx.signal }),
});

export const getProviderDetails = defineTool({
  ...contracts.getProviderDetails,
  group: 'Swap & bridge',
  call: async (args, ctx) => {
    const id = args.id.trim().toLowerCase();
    let kind = args.type;
    if (kind === undefined) {
      const list = await ctx.upstream.call(ctx.credentials, { method: 'GET', path: '/amber-api/v1/providers', signal: ctx.signal });
      if (!list.ok) return list;
      const has = (k: string) => Array.isArray(list.data[k]) && (list.data[k] as Array<{ id?: unknown }>).some((p) => p.id === id);
      kind = has('dex') ? 'dex' : has('bridge') ? 'bridge' : undefined;
      if (kind === undefined)
        return fail('unknown_provider', `No provider "${args.id.slice(0, 64)}". Call get_swap_providers for the provider ids.`);
    }
    return ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: `/amber-api/v1/providers/${kind}/${encodeURIComponent(id)}`,
      signal: ctx.signal,
    });
  },
});

/** An asset for a domain: an asset id on its chain, a token contract on it, or the EVM native sentinel. */
function readSwapAsset(
  value: string,
  domainId: string,
  argument: string,
): { ok: true; value: string } | Extract<ToolOutcome, { ok: false }> {
  const domain = findDomain(domainId);
  if (!domain) return { ok: false, error: toolError('unknown_domain', `Unknown domain "${domainId}".`) };
  if (/^c\d/.test(value)) {
    const id = readAssetId(value, argument);
    if (!id.ok) return id;
    if (id.id.coin !== domain.coin) {
      return {
        ok: false,
        error: toolError(
          'asset_domain_mismatch',
          `${argument} ${id.text} is on ${getCoin(id.id.coin)?.name ?? `coin ${id.id.coin}`}, but its domain is ${domain.name} (c${domain.coin}).`,
        ),
      };
    }
    return { ok: true, value: id.text };
  }
  if (domain.type === 'EVM' && value.toLowerCase() === contracts.NATIVE_SENTINEL.toLowerCase())
    return { ok: true, value: contracts.NATIVE_SENTINEL };
  const contract = checkContract(domain.coin, value);
  if (!contract.ok)
    return {
      ok: false,
      error: toolError(
        'invalid_asset',
        `${argument} must be an asset id (e.g. c${domain.coin}) or a ${domain.name} token contract: ${contract.message}`,
      ),
    };
  return { ok: true, value: contract.value };
}

function readAddress(value: string, domainId: string, argument: string): { ok: true; value: string } | Extract<ToolOutcome, { ok: false }> {
  const domain = findDomain(domainId);
  const checked = domain ? checkAddress(domain.coin, value) : undefined;
  if (!domain || !checked) return { ok: false, error: toolError('unknown_domain', `Unknown domain "${domainId}".`) };
  return checked.ok
    ? { ok: true, value: checked.value }
    : { ok: false, error: toolError('invalid_address', `${argument} is not a valid ${domain.name} address: ${checked.message}`) };
}

export const getSwapQuote = defineTool({
  ...contracts.getSwapQuote,
  group: 'Swap & bridge',
  call: async (args, ctx) => {
    if (BigInt(args.amount) === 0n) return fail('invalid_amount', 'amount must be greater than 0.');
    const fromAsset = readSwapAsset(args.fromAsset, args.fromDomain, 'fromAsset');
    if (!fromAsset.ok) return fromAsset;
    const toAsset = readSwapAsset(args.toAsset, args.toDomain, 'toAsset');
    if (!toAsset.ok) return toAsset;
    const fromAddress = readAddress(args.fromAddress, args.fromDomain, 'fromAddress');
    if (!fromAddress.ok) return fromAddress;
    const toAddress = args.toAddress === undefined ? undefined : readAddress(args.toAddress, args.toDomain, 'toAddress');
    if (toAddress && !toAddress.ok) return toAddress;
    const body = {
      fromDomain: args.fromDomain,
      fromAsset: fromAsset.value,
      fromAddress: fromAddress.value,
      amount: args.amount.replace(/^0+(?=\d)/, ''),
      toDomain: args.toDomain,
      toAsset: toAsset.value,
      ...(toAddress ? { toAddress: toAddress.value } : {}),
      slippage: String(Math.round(args.slippage * 100) / 100),
      sortBy: args.sortBy,
    };
    return ctx.upstream.call(ctx.credentials, { method: 'POST', path: '/amber-api/v1/route', body, signal: ctx.signal });
  },
});

export const getSwapRouteStep = defineTool({
  ...contracts.getSwapRouteStep,
  group: 'Swap & bridge',
  call: (args, ctx) =>
    ctx.upstream.call(ctx.credentials, {
      method: 'POST',
      path: '/amber-api/v1/route/step',
      body: { stepId: args.stepId.trim() },
      signal: ctx.signal,
    }),
});
