import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { APP_VERSION } from '../../domain/app-info';
import { TOOL_GROUP_META_KEY } from '../../domain/tool-groups';
import { TOOLS } from './tools/index';
import type { ToolDefinition } from './tool-kit';
import type { ToolError } from './tool-error';
import type { UpstreamClient } from './upstream-client';

export const SERVER_NAME = 'gateway-companion-reference-gateway';

const INSTRUCTIONS = [
  'Live blockchain data through 13 read-only tools, in four groups:',
  'token information (search_assets, get_asset_details, get_coin_status),',
  'swap and bridge (get_swap_domains, get_swap_providers, get_provider_details, get_swap_quote, get_swap_route_step),',
  'market data (get_token_prices, get_trending_tokens, get_listing_categories) and security (validate_address, check_token_security).',
  'Assets are identified by SLIP-44 asset ids: c60 is ETH, c60_t0x… a token on Ethereum (0 Bitcoin, 714 BNB Smart Chain, 501 Solana, 137 Polygon, 43114 Avalanche, 42161 Arbitrum, 10 Optimism, 8453 Base).',
  'Failed calls return isError with a JSON {"code","message"} text.',
].join(' ');

function errorResult(error: ToolError): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(error) }], isError: true };
}

/**
 * McpServer reports unknown tools and arguments that fail the input schema as plain text. Every
 * tool error of this gateway is JSON {code, message}, so those messages are re-shaped here.
 */
function sdkErrorAsJson(message: string): CallToolResult {
  const text = message.replace(/^MCP error -?\d+: /, '');
  const invalid = /^Input validation error: Invalid arguments for tool (\S+): ([\s\S]*)$/.exec(text);
  if (invalid) {
    // The SDK writes each problem as "<message> at <path>"; lead with the argument instead.
    const problems = (invalid[2] ?? '').split('\n').map((line) => line.replace(/^([\s\S]*) at ([\w.[\]]+)$/, '$2: $1'));
    return errorResult({ code: 'invalid_arguments', message: `Invalid arguments for ${invalid[1]}: ${problems.join('; ')}` });
  }
  const unknown = /^Tool (.*) not found$/.exec(text);
  if (unknown)
    return errorResult({
      code: 'unknown_tool',
      message: `Unknown tool "${(unknown[1] ?? '').slice(0, 80)}". Call tools/list to see the ${TOOLS.length} tools.`,
    });
  if (/^Output validation error/.test(text))
    return errorResult({ code: 'upstream_bad_response', message: `The upstream answer does not have the documented shape: ${text}` });
  return errorResult({ code: 'tool_failed', message: text });
}

function register(server: McpServer, tool: ToolDefinition, upstream: UpstreamClient): void {
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
    async (args: unknown, extra): Promise<CallToolResult> => {
      const auth = extra.authInfo;
      // The HTTP layer rejects requests without both headers, so this only guards misuse.
      if (!auth)
        return errorResult({ code: 'missing_credentials', message: 'The request carries no X-SVC-CREDENTIAL / X-SVC-SECRET-KEY headers.' });
      const outcome = await tool.call(args as never, {
        upstream,
        credentials: { accessId: auth.clientId, secretKey: auth.token },
        signal: extra.signal,
      });
      if (!outcome.ok) return errorResult(outcome.error);
      return { content: [{ type: 'text', text: JSON.stringify(outcome.data) }], structuredContent: outcome.data };
    },
  );
}

/** One MCP server per session, with the 13 tools calling the upstream with the session's request credentials. */
export function createMcpServer(upstream: UpstreamClient): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Gateway Companion reference gateway', version: APP_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of TOOLS) register(server, tool, upstream);
  // See sdkErrorAsJson: the SDK's private error formatter is the only hook for these two cases.
  (server as unknown as { createToolError: (message: string) => CallToolResult }).createToolError = sdkErrorAsJson;
  return server;
}
