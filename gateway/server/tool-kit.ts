import type { z } from 'zod';
import type { ToolContract } from '../../domain/tools/contract';
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

/** A tool of this gateway: its contract (domain/tools), how it labels its group, and what it does. */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> extends ToolContract<Shape> {
  readonly group: SpecToolGroup;
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
