/** Swap and bridge: get_swap_domains, get_swap_providers, get_provider_details, get_swap_quote, get_swap_route_step. */
import { z } from 'zod';
import { defineContract } from './contract';

/** The chains (swap domains) the router trades on, with their aliases ("bsc" is "smartchain"). */
export const SWAP_DOMAIN_IDS = [
  'ethereum',
  'smartchain',
  'bsc',
  'polygon',
  'arbitrum',
  'optimism',
  'base',
  'avalanche',
  'solana',
  'bitcoin',
  'tron',
  'ton',
] as const;
export type SwapDomainId = (typeof SWAP_DOMAIN_IDS)[number];
/** Stands for an EVM chain's native coin where a token contract is expected. */
export const NATIVE_SENTINEL = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

const domainArg = (side: string) =>
  z.enum(SWAP_DOMAIN_IDS).describe(`The ${side} chain (swap domain); see get_swap_domains. "bsc" is an alias of "smartchain".`);
const providerRef = z.looseObject({ id: z.string(), name: z.string(), rank: z.number().int() });

export const getSwapDomains = defineContract({
  name: 'get_swap_domains',
  title: 'Swap domains',
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
});

export const getSwapProviders = defineContract({
  name: 'get_swap_providers',
  title: 'Swap and bridge providers',
  description: 'List every swap (DEX aggregator) and bridge provider the router can use, with its rank (1 is preferred).',
  input: {},
  output: z.looseObject({ dex: z.array(providerRef), bridge: z.array(providerRef) }),
});

export const getProviderDetails = defineContract({
  name: 'get_provider_details',
  title: 'Provider details',
  description:
    'Details of one swap or bridge provider: its kind, rank, fee and the domains it serves. Give the provider id from get_swap_providers (e.g. "1inch", "stargate").',
  input: {
    id: z.string().min(1).max(64).describe('Provider id, e.g. "1inch", "jupiter", "stargate".'),
    type: z.enum(['dex', 'bridge']).optional().describe('The provider kind, if known; otherwise it is looked up.'),
  },
  output: providerRef.extend({ type: z.enum(['dex', 'bridge']), domains: z.array(z.string()) }),
});

const assetAmount = z.looseObject({ asset: z.string(), address: z.string(), amount: z.string() });

export const getSwapQuote = defineContract({
  name: 'get_swap_quote',
  title: 'Swap or bridge quote',
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
});

const evmTx = z.looseObject({ to: z.string(), value: z.string(), data: z.string(), gasLimit: z.string() });

export const getSwapRouteStep = defineContract({
  name: 'get_swap_route_step',
  title: 'Route step transaction',
  description:
    'The transaction to sign for one step of a quoted route: an EVM transaction (to, value, data, gasLimit) plus any token approval needed first, or base64 transaction data on other chains. Steps expire with their quote; an expired or unknown step id is an error.',
  input: { stepId: z.string().min(1).max(128).describe('A step `id` from get_swap_quote.') },
  output: z.looseObject({
    stepId: z.string(),
    transaction: z.looseObject({ domainId: z.string(), type: z.string(), evmTx: evmTx.optional(), data: z.string().optional() }),
    approve: evmTx.nullable(),
    revokeApproval: evmTx.nullable(),
  }),
});
