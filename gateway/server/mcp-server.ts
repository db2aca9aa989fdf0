import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { APP_VERSION } from '../../domain/app-info';
import { TOOL_GROUP_META_KEY } from '../../domain/tool-groups';
import { TOOLS } from './tools/index';
import { INVALID_PARAMS, runTool, sdkErrorAsJson, unknownToolMessage, type ToolResult } from './tool-results';
import type { UpstreamClient } from './upstream-client';

export const SERVER_NAME = 'gateway-companion-reference-gateway';
export const SERVER_TITLE = 'Gateway Companion reference gateway';

export const INSTRUCTIONS = [
  'Live blockchain data through 13 read-only tools, in four groups:',
  'token information (search_assets, get_asset_details, get_coin_status),',
  'swap and bridge (get_swap_domains, get_swap_providers, get_provider_details, get_swap_quote, get_swap_route_step),',
  'market data (get_token_prices, get_trending_tokens, get_listing_categories) and security (validate_address, check_token_security).',
  'Assets are identified by SLIP-44 asset ids: c60 is ETH, c60_t0x… a token on Ethereum (0 Bitcoin, 714 BNB Smart Chain, 501 Solana, 137 Polygon, 43114 Avalanche, 42161 Arbitrum, 10 Optimism, 8453 Base).',
  'Failed calls return isError with a JSON {"code","message"} text; an unknown tool is the JSON-RPC error -32602.',
].join(' ');

/** A JSON-RPC error the SDK's protocol layer sends as is (its code and a message without the "MCP error" prefix). */
function jsonRpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The v1 McpServer turns every failure of tools/call into a tool result, unknown tools included. The
 * spec answers an unknown tool with -32602, so that case is thrown back out as the JSON-RPC error; the
 * rest are re-shaped as this gateway's JSON {code, message} tool errors.
 */
function toolErrorOrThrow(message: string): ToolResult {
  const unknown = /^(?:MCP error -?\d+: )?Tool (.*) not found$/.exec(message);
  if (unknown) throw jsonRpcError(INVALID_PARAMS, unknownToolMessage(unknown[1] ?? ''));
  return sdkErrorAsJson(message);
}

/** One MCP server per session (the 2025 era), with the 13 tools calling the upstream with the session's request credentials. */
export function createMcpServer(upstream: UpstreamClient): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: SERVER_TITLE, version: APP_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: z.strictObject(tool.input),
        outputSchema: tool.output,
        annotations: { title: tool.title, readOnlyHint: true, openWorldHint: true },
        _meta: { [TOOL_GROUP_META_KEY]: tool.group },
      },
      (args: unknown, extra) => runTool(tool, upstream, args, extra.authInfo, extra.signal),
    );
  }
  // The SDK's private error formatter is the only hook for unknown tools and schema failures.
  (server as unknown as { createToolError: (message: string) => ToolResult }).createToolError = toolErrorOrThrow;
  return server;
}
