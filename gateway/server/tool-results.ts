import { z } from 'zod';
import { APP_VERSION } from '../../platform/app-version';
import { TOOL_GROUP_META_KEY } from '../../domain/tool-groups';
import { TOOLS } from './tools/index';
import type { ToolDefinition } from './tool-kit';
import type { ToolError } from './tool-error';
import type { UpstreamClient } from './upstream-client';

/** The result shape both SDK generations accept from a tool handler. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

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

/** Both eras' servers introduce themselves the same way (the SDK generations take the same two arguments). */
export const SERVER_INFO = { name: SERVER_NAME, title: SERVER_TITLE, version: APP_VERSION };
export const SERVER_OPTIONS = { capabilities: { tools: {} }, instructions: INSTRUCTIONS };

/** How a tool is registered with either SDK generation: same schemas, annotations and group. */
export function toolRegistration(tool: ToolDefinition) {
  return {
    title: tool.title,
    description: tool.description,
    inputSchema: z.strictObject(tool.input),
    outputSchema: tool.output,
    annotations: { title: tool.title, readOnlyHint: true, openWorldHint: true },
    _meta: { [TOOL_GROUP_META_KEY]: tool.group },
  };
}

/** Thrown for a tool the gateway does not have: the spec answers it with JSON-RPC -32602, not a tool result. */
export const INVALID_PARAMS = -32602;

export function unknownToolMessage(name: string): string {
  return `Unknown tool "${name.slice(0, 80)}". Call tools/list to see the ${TOOLS.length} tools.`;
}

function errorResult(error: ToolError): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(error) }], isError: true };
}

/**
 * The SDKs report arguments that fail the input schema as plain text in a tool result. Every tool error
 * of this gateway is JSON {code, message}, so those messages are re-shaped here. Unknown tools never get
 * here: the SDKs answer them with -32602 before a tool result is made.
 */
export function sdkErrorAsJson(message: string): ToolResult {
  const text = message.replace(/^MCP error -?\d+: /, '');
  const invalid = /^Input validation error: Invalid arguments for tool (\S+): ([\s\S]*)$/.exec(text);
  if (invalid) {
    // The SDK writes each problem as "<message> at <path>"; lead with the argument instead.
    const problems = (invalid[2] ?? '').split('\n').map((line) => line.replace(/^([\s\S]*) at ([\w.[\]]+)$/, '$2: $1'));
    return errorResult({ code: 'invalid_arguments', message: `Invalid arguments for ${invalid[1]}: ${problems.join('; ')}` });
  }
  if (/^Output validation error/.test(text))
    return errorResult({ code: 'upstream_bad_response', message: `The upstream answer does not have the documented shape: ${text}` });
  return errorResult({ code: 'tool_failed', message: text });
}

/** The caller's credential pair as the HTTP layer hands it to the SDKs (auth info). */
interface CallerAuth {
  readonly clientId: string;
  readonly token: string;
}

/** Runs one tool for one caller; the same code serves both protocol eras. */
export async function runTool(
  tool: ToolDefinition,
  upstream: UpstreamClient,
  args: unknown,
  auth: CallerAuth | undefined,
  signal: AbortSignal,
): Promise<ToolResult> {
  // The HTTP layer rejects requests without both headers, so this only guards misuse.
  if (!auth)
    return errorResult({ code: 'missing_credentials', message: 'The request carries no X-SVC-CREDENTIAL / X-SVC-SECRET-KEY headers.' });
  const outcome = await tool.call(args as never, { upstream, credentials: { accessId: auth.clientId, secretKey: auth.token }, signal });
  if (!outcome.ok) return errorResult(outcome.error);
  return { content: [{ type: 'text', text: JSON.stringify(outcome.data) }], structuredContent: outcome.data };
}
