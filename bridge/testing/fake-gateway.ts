// Test double at the network edge: a real MCP server (the SDK's) behind node:http, with switchable faults.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export const TEST_CREDENTIALS = { accessId: 'test-access-id', secretKey: 'test-secret-key-9f8e7d6c5b4a' };

export type Fault =
  | { kind: 'html500' }
  | { kind: 'garbage' }
  | { kind: 'reset' }
  | { kind: 'hang' }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'expire' };

export interface SeenRequest {
  readonly method: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface FakeGateway {
  readonly url: string;
  readonly port: number;
  readonly seen: SeenRequest[];
  /** Applied to POSTs whose JSON-RPC method matches (or every POST when method is '*'); `times` limits it. */
  fault(method: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  sessions(): number;
  /** Sends tools/list_changed on every session's standalone GET stream. */
  announce(): Promise<void>;
  close(): Promise<void>;
}

function buildServer(): McpServer {
  const server = new McpServer({ name: 'fake-gateway', version: '1.0.0' }, { capabilities: { logging: {}, tools: { listChanged: true } } });
  server.registerTool('echo', { description: 'Echoes its input', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  server.registerTool('fail', { description: 'Fails as a tool', inputSchema: {} }, async () => ({
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ code: 'NOT_FOUND', message: 'nothing here' }) }],
  }));
  server.registerTool(
    'slow',
    { description: 'Reports progress until cancelled or done', inputSchema: { steps: z.number(), ms: z.number() } },
    async ({ steps, ms }, extra) => {
      const token = extra._meta?.progressToken;
      for (let i = 1; i <= steps; i++) {
        await new Promise((r) => setTimeout(r, ms));
        if (extra.signal.aborted) throw new Error('cancelled');
        if (token !== undefined)
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: steps } });
      }
      return { content: [{ type: 'text', text: `done after ${steps}` }] };
    },
  );
  server.registerTool(
    'roots',
    { description: 'Asks the client for its roots (server→client request)', inputSchema: {} },
    async (_args, extra) => {
      const roots = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
      return { content: [{ type: 'text', text: roots.roots.map((r) => r.uri).join(',') }] };
    },
  );
  server.registerTool('log', { description: 'Sends a logging notification, then answers', inputSchema: {} }, async (_args, extra) => {
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'hello from the gateway' } });
    return { content: [{ type: 'text', text: 'logged' }] };
  });
  return server;
}

/**
 * Starts the fake gateway on loopback http (allowed by the bridge for loopback only). `resumable` gives it
 * an event store, so (for clients of protocol 2025-11-25) each event stream opens with a priming event:
 * an id and empty data.
 */
export async function startFakeGateway(
  options: { port?: number; credentials?: typeof TEST_CREDENTIALS; resumable?: boolean } = {},
): Promise<FakeGateway> {
  const credentials = options.credentials ?? TEST_CREDENTIALS;
  const transports = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();
  const seen: SeenRequest[] = [];
  let faults: Array<{ method: string; fault: Fault; times: number }> = [];

  // A failure in the handler stays an unhandled rejection, which fails the test that caused it.
  const httpServer = http.createServer((req, res) => void serve(req, res));
  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let parsed: { method?: string } | undefined;
    try {
      parsed = body ? (JSON.parse(body) as { method?: string }) : undefined;
    } catch {
      parsed = undefined;
    }
    const method = parsed?.method ?? (req.method === 'POST' ? '(response)' : (req.method ?? ''));
    seen.push({ method, headers: req.headers, body });

    if (req.headers['x-svc-credential'] !== credentials.accessId || req.headers['x-svc-secret-key'] !== credentials.secretKey) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid credentials' }));
      return;
    }
    if (req.method === 'POST') {
      const i = faults.findIndex((f) => f.method === '*' || f.method === method);
      const f = i === -1 ? undefined : faults[i];
      if (f) {
        if (--f.times <= 0) faults.splice(i, 1);
        switch (f.fault.kind) {
          case 'html500':
            res
              .writeHead(500, { 'content-type': 'text/html' })
              .end('<html><head><title>Oops</title></head><body><h1>Internal Server Error</h1><p>upstream exploded</p></body></html>');
            return;
          case 'garbage':
            res.writeHead(200, { 'content-type': 'application/json' }).end('this is {not json');
            return;
          case 'reset':
            req.socket.resetAndDestroy();
            return;
          case 'hang':
            return; // never answers
          case 'status':
            res.writeHead(f.fault.status, { 'content-type': 'text/plain' }).end(f.fault.body ?? '');
            return;
          case 'expire': {
            const id = req.headers['mcp-session-id'];
            if (typeof id === 'string') {
              const entry = transports.get(id);
              transports.delete(id);
              await entry?.transport.close();
            }
            break;
          }
        }
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const entry = transports.get(sessionId);
      if (!entry) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      await entry.transport.handleRequest(req, res, parsed);
      return;
    }
    if (req.method === 'POST' && method === 'initialize') {
      const server = buildServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        ...(options.resumable ? { eventStore: new InMemoryEventStore(), retryInterval: 0 } : {}),
        onsessioninitialized: (id) => void transports.set(id, { transport, server }),
      });
      transport.onclose = () => {
        if (transport.sessionId) transports.delete(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, parsed);
      return;
    }
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: no session' }, id: null }));
  }
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    seen,
    fault(method, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ method, fault, times });
    },
    clearFaults() {
      faults = [];
    },
    sessions: () => transports.size,
    async announce() {
      for (const { server } of transports.values()) server.sendToolListChanged();
    },
    async close() {
      for (const { transport } of transports.values()) await transport.close().catch(() => {});
      transports.clear();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
