import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { TOOLS } from './tools/index';
import {
  INVALID_PARAMS,
  runTool,
  sdkErrorAsJson,
  SERVER_INFO,
  SERVER_OPTIONS,
  toolRegistration,
  unknownToolMessage,
  type ToolResult,
} from './tool-results';
import type { UpstreamClient } from './upstream-client';

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
  const server = new McpServer(SERVER_INFO, SERVER_OPTIONS);
  for (const tool of TOOLS)
    server.registerTool(tool.name, toolRegistration(tool), (args: unknown, extra) =>
      runTool(tool, upstream, args, extra.authInfo, extra.signal),
    );
  // The SDK's private error formatter is the only hook for unknown tools and schema failures.
  (server as unknown as { createToolError: (message: string) => ToolResult }).createToolError = toolErrorOrThrow;
  return server;
}
