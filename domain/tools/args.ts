/** Argument and result pieces several tools share: bounds here become JSON Schema bounds clients can see. */
import { z } from 'zod';

export const assetIdArg = (what: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .describe(
      `${what}: an asset id, "c{coin}" for a native coin (c60 is ETH) or "c{coin}_t{contract}" for a token (c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7 is USDT on Ethereum).`,
    );
export const coinArg = z.number().int().min(0).max(4_294_967_295);
export const networksArg = z
  .array(coinArg)
  .min(1)
  .max(50)
  .optional()
  .describe(
    'Restrict to these chains, as SLIP-44 coin ids: 0 Bitcoin, 60 Ethereum, 714 BNB Smart Chain, 501 Solana, 137 Polygon, 43114 Avalanche, 42161 Arbitrum, 10 Optimism, 8453 Base (Wallet Core ids such as 20000714 are accepted).',
  );
export const limitArg = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`How many results to return, 1 to ${max}.`);
export const cursorArg = z.string().min(1).max(400).optional().describe('The `cursor` from the previous page, to get the next one.');

export const assetSummary = z.looseObject({
  asset_id: z.string(),
  name: z.string(),
  symbol: z.string(),
  type: z.string(),
  decimals: z.number().int(),
});
