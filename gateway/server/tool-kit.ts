import { z } from 'zod';
import { formatAssetId, normalizeCoinId, type AssetId } from '../../domain/index';
import type { SpecToolGroup } from '../../domain/tool-groups';
import { parseAssetIdCached as parseAssetId } from '../common/asset-ids';
import { toolError, type ToolError } from './tool-error';
import type { Credentials, UpstreamClient, UpstreamResult } from './upstream-client';

export interface ToolContext {
  readonly upstream: UpstreamClient;
  readonly credentials: Credentials;
  readonly signal: AbortSignal;
}

export type ToolOutcome = UpstreamResult;

export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly group: SpecToolGroup;
  readonly description: string;
  readonly input: Shape;
  readonly output: z.ZodObject;
  readonly call: (args: z.infer<z.ZodObject<Shape>>, ctx: ToolContext) => Promise<ToolOutcome>;
}

/** Keeps each tool's argument type tied to its own input shape inside a mixed list. */
export function defineTool<Shape extends z.ZodRawShape>(tool: ToolDefinition<Shape>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

export const fail = (code: string, message: string): ToolOutcome => ({ ok: false, error: toolError(code, message) });

/** Parses an asset id with the shared identifier module; the error names the argument. */
export function readAssetId(value: string, argument: string): { ok: true; id: AssetId; text: string } | { ok: false; error: ToolError } {
  const parsed = parseAssetId(value);
  if (!parsed.ok)
    return {
      ok: false,
      error: toolError('invalid_asset_id', `${argument} "${value.slice(0, 80)}" is not a valid asset id: ${parsed.message}`),
    };
  return { ok: true, id: parsed.value, text: formatAssetId(parsed.value) };
}

/** Coin ids with Wallet Core aliases normalised, or an error naming the unknown one. */
export function readCoins(
  coins: readonly number[] | undefined,
  argument: string,
): { ok: true; value: string | undefined } | { ok: false; error: ToolError } {
  if (coins === undefined) return { ok: true, value: undefined };
  const out: number[] = [];
  for (const c of coins) {
    const id = normalizeCoinId(c);
    if (id === undefined)
      return {
        ok: false,
        error: toolError(
          'unknown_network',
          `${argument}: ${c} is not a coin id the gateway serves (e.g. 0 Bitcoin, 60 Ethereum, 501 Solana, 714 BNB Smart Chain).`,
        ),
      };
    if (!out.includes(id)) out.push(id);
  }
  return { ok: true, value: out.join(',') };
}

// Shared argument schemas: bounds here become JSON Schema bounds clients can see.
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
