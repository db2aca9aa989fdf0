/** Token information: search_assets, get_asset_details, get_coin_status. */
import { z } from 'zod';
import { assetIdArg, assetSummary, coinArg, cursorArg, limitArg, networksArg } from './args';
import { defineContract } from './contract';

const assetDoc = assetSummary.extend({
  verifiers: z.array(z.string()),
  icon_url: z.string(),
  market_cap: z.number().optional(),
  volume_24h: z.number().optional(),
  price: z.number().optional(),
  tags: z.array(z.string()),
});

export const searchAssets = defineContract({
  name: 'search_assets',
  title: 'Search assets',
  description:
    'Search tokens and coins by name, symbol, contract address or asset id across the supported blockchains. Returns the best matches first with their asset ids, verification status and market figures. Use `networks` to search only some chains.',
  input: {
    query: z
      .string()
      .min(1)
      .max(200)
      .describe('What to look for: a name ("Uniswap"), a symbol ("USDC"), a contract address or an asset id ("c60").'),
    networks: networksArg,
    limit: limitArg(100, 20),
  },
  output: z.looseObject({ total: z.number().int(), docs: z.array(assetDoc) }),
});

export const getAssetDetails = defineContract({
  name: 'get_asset_details',
  title: 'Asset details',
  description:
    'Details of one asset by asset id, or a page of the assets on one chain by SLIP-44 coin number (native coin first). Give `assetId` or `coin`. The result is always a page: `docs` holds one asset for an asset id.',
  input: {
    assetId: assetIdArg('The asset').optional(),
    coin: coinArg.optional().describe('A SLIP-44 coin number, e.g. 60 for Ethereum, to list the assets on that chain.'),
    limit: limitArg(100, 20),
    cursor: cursorArg,
  },
  output: z.looseObject({
    total: z.number().int(),
    docs: z.array(assetDoc.extend({ coin: z.number().int(), network: z.string() })),
    cursor: z.string().nullable(),
  }),
});

export const getCoinStatus = defineContract({
  name: 'get_coin_status',
  title: 'Coin status',
  description:
    'What the wallet offers for an asset: feature flags (buy, sell, swap, cross-chain swap, staking, dapps), notices, staking info for stakeable coins, and, with include_security_info, a summary of the contract security scan.',
  input: {
    assetId: assetIdArg('The asset'),
    include_security_info: z.boolean().default(false).describe('Also return the security scan summary (contract risks, honeypot taxes).'),
  },
  output: z.looseObject({
    asset: assetSummary,
    isBuyCryptoEnabled: z.boolean(),
    isSellCryptoEnabled: z.boolean(),
    isSwapEnabled: z.boolean(),
    isSwapCrossChainEnabled: z.boolean(),
    isStakeEnabled: z.boolean(),
    isDappsEnabled: z.boolean(),
    messages: z.array(z.string()),
    staking: z.looseObject({ apr: z.number() }).nullable(),
    security_info: z.looseObject({ is_scanned: z.boolean() }).optional(),
  }),
});
