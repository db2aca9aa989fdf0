import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { TOOLS } from './tools/index';
import { runTool, sdkErrorAsJson, SERVER_INFO, SERVER_OPTIONS, toolRegistration, type ToolResult } from './tool-results';
import type { UpstreamClient } from './upstream-client';

/** The 2026-07-28 revision: stateless, one server instance per request, built by the official v2 SDK. */
function createModernServer(upstream: UpstreamClient): McpServer {
  const server = new McpServer(SERVER_INFO, SERVER_OPTIONS);
  for (const tool of TOOLS)
    server.registerTool(tool.name, toolRegistration(tool), (args: unknown, ctx) =>
      runTool(tool, upstream, args, ctx.http?.authInfo, ctx.mcpReq.signal),
    );
  // As in the 2025 server: schema failures become this gateway's JSON {code, message} tool errors. The
  // v2 SDK answers unknown tools with -32602 itself.
  (server as unknown as { createToolError: (message: string) => ToolResult }).createToolError = sdkErrorAsJson;
  return server;
}

export interface ModernEndpoint {
  /** Serves one 2026-era request; `req.auth` carries the caller's verified credential pair. */
  readonly handle: (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>;
  readonly close: () => Promise<void>;
}

/** The 2026-07-28 half of the one MCP endpoint; 2025-era traffic never reaches it (the HTTP layer routes it to sessions). */
export function createModernEndpoint(upstream: UpstreamClient, maxBodyBytes: number): ModernEndpoint {
  const handler = createMcpHandler(() => createModernServer(upstream), {
    legacy: 'reject',
    // 'auto': one JSON body per answer unless a tool sends progress first (then SSE), as in the 2025 era.
    maxRequestBodySize: maxBodyBytes,
  });
  const node = toNodeHandler(handler);
  return {
    // Node's IncomingMessage types `method` as optional, the adapter's structural type does not.
    handle: (req, res, body) => node(req as NodeIncomingMessageLike, res, body),
    close: () => handler.close(),
  };
}
