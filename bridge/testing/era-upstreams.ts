// Test doubles at the network edge: two real MCP servers built with the official SDKs, each speaking only
// one protocol era, with the same tools. The 2026-07-28-only one is the v2 SDK's stateless handler with its
// 2025 half switched off (`legacy: 'reject'`); the 2025-only one is the v1 SDK's session transport, as most
// servers in the wild still are. Each records the JSON-RPC methods it was sent.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer as ModernServer, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { McpServer as LegacyServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface EraUpstream {
  readonly url: string;
  readonly port: number;
  /** The JSON-RPC method of every POST, in order (`(response)` for a posted reply). */
  readonly methods: string[];
  /** Ends every session, as a restarted server would (the 2025 server only). */
  expireSessions(): Promise<void>;
  close(): Promise<void>;
}

const INSTRUCTIONS = 'A test server that speaks one protocol era.';

/** Progress sent by the `progress` tool, read back by the tests. */
export const PROGRESS_STEPS = 2;

/** The v2 SDK's server; restricted to the 2025 revisions it has no `server/discover` at all. */
function modernServer(supportedProtocolVersions?: string[]): ModernServer {
  const server = new ModernServer(
    { name: 'modern-upstream', version: '2.0.0' },
    {
      capabilities: { tools: {}, prompts: {} },
      instructions: INSTRUCTIONS,
      ...(supportedProtocolVersions ? { supportedProtocolVersions } : {}),
    },
  );
  server.registerTool(
    'echo',
    { description: 'Echoes its input', inputSchema: z.object({ text: z.string() }), outputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text }], structuredContent: { text } }),
  );
  server.registerTool('fail', { description: 'Fails as a tool', inputSchema: z.object({}) }, () => ({
    isError: true,
    content: [{ type: 'text', text: 'nothing here' }],
  }));
  server.registerTool('progress', { description: 'Reports progress, then answers', inputSchema: z.object({}) }, async (_args, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    for (let i = 1; i <= PROGRESS_STEPS; i++)
      if (token !== undefined)
        await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: PROGRESS_STEPS } });
    return { content: [{ type: 'text', text: `done after ${PROGRESS_STEPS}` }] };
  });
  server.registerPrompt('greet', { description: 'A greeting' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  }));
  return server;
}

function legacyServer(): LegacyServer {
  const server = new LegacyServer(
    { name: 'legacy-upstream', version: '1.0.0' },
    { capabilities: { tools: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.registerTool(
    'echo',
    { description: 'Echoes its input', inputSchema: { text: z.string() }, outputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text }], structuredContent: { text } }),
  );
  server.registerTool('fail', { description: 'Fails as a tool', inputSchema: {} }, () => ({
    isError: true,
    content: [{ type: 'text', text: 'nothing here' }],
  }));
  server.registerTool('progress', { description: 'Reports progress, then answers', inputSchema: {} }, async (_args, extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= PROGRESS_STEPS; i++)
      if (token !== undefined)
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: i, total: PROGRESS_STEPS },
        });
    return { content: [{ type: 'text', text: `done after ${PROGRESS_STEPS}` }] };
  });
  server.registerPrompt('greet', { description: 'A greeting' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  }));
  return server;
}

async function listen(
  serve: (req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => Promise<void>,
  methods: string[],
  onClose: () => Promise<void>,
  expireSessions: () => Promise<void> = async () => {},
  port = 0,
): Promise<EraUpstream> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (req.method === 'POST') {
        const method = (body as { method?: unknown } | undefined)?.method;
        methods.push(typeof method === 'string' ? method : '(response)');
      }
      await serve(req, res, body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    port: address.port,
    methods,
    expireSessions,
    async close() {
      await onClose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A server that speaks only 2026-07-28: initialize gets the SDK's 400 with -32022 and the supported versions. */
export async function startModernUpstream(port = 0): Promise<EraUpstream> {
  const handler = createMcpHandler(() => modernServer(), { legacy: 'reject' });
  const node = toNodeHandler(handler);
  return listen(
    (req, res, body) => node(req as NodeIncomingMessageLike, res, body),
    [],
    () => handler.close(),
    undefined,
    port,
  );
}

/** A server that speaks only the 2025 era, with sessions: anything before initialize gets 400 (id null). */
export async function startLegacyUpstream(port = 0): Promise<EraUpstream> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return listen(
    async (req, res, body) => {
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (existing) return existing.handleRequest(req, res, body);
      if (typeof id === 'string') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      if (req.method === 'POST' && (body as { method?: unknown } | undefined)?.method === 'initialize') {
        const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => void sessions.set(sid, transport),
        });
        await legacyServer().connect(transport);
        return transport.handleRequest(req, res, body);
      }
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null }));
    },
    [],
    endAll,
    endAll,
    port,
  );
  async function endAll(): Promise<void> {
    const open = [...sessions.values()];
    sessions.clear();
    for (const t of open) await t.close().catch(() => {});
  }
}

/**
 * The v2 SDK's server restricted to the 2025 revisions, on its 2025-era transport without sessions (a fresh
 * server per request, as the SDK's stateless examples do): `server/discover` gets -32601.
 */
export async function startLegacyV2Upstream(): Promise<EraUpstream> {
  return listen(
    async (req, res, body) => {
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const server = modernServer([...SUPPORTED_PROTOCOL_VERSIONS]);
      res.on('close', () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    },
    [],
    async () => {},
  );
}
