import { z } from 'zod';
import { checkAddress, checkContract, getCoin } from '../../../domain/index';
import { DOMAINS, findDomain } from '../../dataset/swap/domains';
import { NATIVE_SENTINEL } from '../../dataset/swap/quotes';
import { defineTool, fail, readAssetId, type ToolOutcome } from '../tool-kit';
import { toolError } from '../tool-error';

const DOMAIN_IDS = DOMAINS.flatMap((d) => [d.id, ...(d.aliases ?? [])]) as [string, ...string[]];
const domainArg = (side: string) =>
  z.enum(DOMAIN_IDS).describe(`The ${side} chain (swap domain); see get_swap_domains. "bsc" is an alias of "smartchain".`);
const providerRef = z.looseObject({ id: z.string(), name: z.string(), rank: z.number().int() });

export const getSwapDomains = defineTool({
  name: 'get_swap_domains',
  title: 'Swap domains',
  group: 'Swap & bridge',
  description:
    'List the blockchains (domains) the swap router trades on, with their type, EVM chain id, finality time and the DEX providers available on each.',
  input: { ton: z.boolean().default(false).describe('Also list TON.') },
  output: z.looseObject({
    domains: z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        chainId: z.string().nullable(),
        finalityTime: z.number(),
        dex: z.array(z.string()),
      }),
    ),
  }),
  call: (args, ctx) =>
    ctx.upstream.call(ctx.credentials, {
      method: 'GET',
      path: '/amber-api/v1/domains',
      query: { ton: args.ton || undefined },
      signal: ctx.signal,
    }),
});

export const getSwapProviders = defineTool({
  name: 'get_swap_providers',
  title: 'Swap and bridge providers',
  group: 'Swap & bridge',
  description: 'List every swap (DEX aggregator) and bridge provider the router can use, with its rank (1 is preferred).',
  input: {},
  output: z.looseObject({ dex: z.array(providerRef), bridge: z.array(providerRef) }),
  call: (_args, ctx) => ctx.upstream.call(ctx.credentials, { method: 'GET', path: '/amber-api/v1/providers', signal: ctx.signal }),
});

export const getProviderDetails = defineTool({
  name: 'get_provider_details',
  title: 'Provider details',
  group: 'Swap & bridge',
  description:
    'Details of one swap or bridge provider: its kind, rank, fee and the domains it serves. Give the provider id from get_swap_providers (e.g. "1inch", "stargate").',
  input: {
    id: z.string().min(1).max(64).describe('Provider id, e.g. "1inch", "jupiter", "stargate".'),
    type: z.enum(['dex', 'bridge']).optional().describe('The provider kind, if known; otherwise it is looked up.'),
  },
  output: providerRef.extend({ type: z.enum(['dex', 'bridge']), domains: z.array(z.string()) }),
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
  if (domain.type === 'EVM' && value.toLowerCase() === NATIVE_SENTINEL.toLowerCase()) return { ok: true, value: NATIVE_SENTINEL };
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

const assetAmount = z.looseObject({ asset: z.string(), address: z.string(), amount: z.string() });

export const getSwapQuote = defineTool({
  name: 'get_swap_quote',
  title: 'Swap or bridge quote',
  group: 'Swap & bridge',
  description:
    'Find the best routes to swap one token for another, on one chain or across chains (bridging). Routes come best first (by received amount, or by fees with sortBy "fee"), each with its steps, amounts in smallest units, minimum received after slippage, price impact, provider and network fee. Quotes expire after a few minutes; get each step\'s transaction with get_swap_route_step.',
  input: {
    fromDomain: domainArg('source'),
    fromAsset: z
      .string()
      .min(1)
      .max(200)
      .describe(
        `What to sell: an asset id on fromDomain (c60 for ETH, c60_t0x… for a token), a token contract on it, or ${NATIVE_SENTINEL} for an EVM chain's native coin.`,
      ),
    fromAddress: z.string().min(1).max(200).describe('The wallet address that sells, on fromDomain.'),
    amount: z
      .string()
      .regex(/^[0-9]{1,40}$/, {
        error: 'amount must be a whole number of the smallest unit, as a string: "1000000" is 1 USDC (6 decimals)',
      })
      .describe(
        'How much to sell, in the token\'s smallest unit, as a string of digits: "1000000" is 1 USDC (6 decimals), "1000000000000000000" is 1 ETH.',
      ),
    toDomain: domainArg('destination'),
    toAsset: z.string().min(1).max(200).describe('What to buy, on toDomain: an asset id, a token contract, or the EVM native sentinel.'),
    toAddress: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('The receiving address on toDomain; defaults to fromAddress when both chains use the same address format.'),
    slippage: z.number().gt(0).max(50).default(1).describe('Accepted slippage in percent, above 0 and at most 50.'),
    sortBy: z.enum(['outcome', 'fee']).default('outcome').describe('Rank routes by amount received ("outcome") or by total fees ("fee").'),
  },
  output: z.looseObject({
    routes: z.array(
      z.looseObject({
        id: z.string(),
        expirationDate: z.string(),
        steps: z.array(
          z.looseObject({
            id: z.string(),
            type: z.string(),
            from: assetAmount,
            to: assetAmount.extend({ minAmountOut: z.string() }),
            priceImpact: z.number(),
            provider: z.looseObject({ id: z.string(), name: z.string() }),
            networkFee: z.looseObject({ amount: z.string(), asset: z.string() }),
          }),
        ),
        warnings: z.array(z.string()),
      }),
    ),
    config: z.looseObject({ refreshInterval: z.number() }).optional(),
  }),
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

const evmTx = z.looseObject({ to: z.string(), value: z.string(), data: z.string(), gasLimit: z.string() });

export const getSwapRouteStep = defineTool({
  name: 'get_swap_route_step',
  title: 'Route step transaction',
  group: 'Swap & bridge',
  description:
    'The transaction to sign for one step of a quoted route: an EVM transaction (to, value, data, gasLimit) plus any token approval needed first, or base64 transaction data on other chains. Steps expire with their quote; an expired or unknown step id is an error.',
  input: { stepId: z.string().min(1).max(128).describe('A step `id` from get_swap_quote.') },
  output: z.looseObject({
    stepId: z.string(),
    transaction: z.looseObject({ domainId: z.string(), type: z.string(), evmTx: evmTx.optional(), data: z.string().optional() }),
    approve: evmTx.nullable(),
    revokeApproval: evmTx.nullable(),
  }),
  call: (args, ctx) =>
    ctx.upstream.call(ctx.credentials, {
      method: 'POST',
      path: '/amber-api/v1/route/step',
      body: { stepId: args.stepId.trim() },
      signal: ctx.signal,
    }),
});
