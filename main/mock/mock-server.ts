/**
 * `companion mock`: recorded answers served as an MCP server in both protocol eras, built by the official
 * v2 SDK (`@modelcontextprotocol/server`): one low-level Server per connection (stdio) or per request
 * (HTTP), whose era the SDK's own entry points decide (`serveStdio` on stdio, `createMcpHandler` over
 * HTTP with 2025-era requests served statelessly). Tools are the recorded tools/list answer, else the
 * tool contracts of the tools the recording called. A call is answered by tool and canonical arguments;
 * one without a recorded answer gets JSON-RPC -32602 naming the nearest recorded call.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { MockSource } from '../../domain/recording/calls';
import { CallIndex } from '../../domain/recording/match';
import { APP_VERSION } from '../../platform/app-version';
import { contractTools } from './contract-tools';

export const MOCK_SERVER_NAME = 'gateway-companion-mock';

/** What the mock serves, computed once from its source. */
export interface MockCatalog {
  readonly index: CallIndex;
  readonly tools: readonly Tool[];
}

export function mockCatalog(source: MockSource): MockCatalog {
  const index = new CallIndex(source.calls());
  const recorded = source.tools?.();
  const tools = (recorded as Tool[] | undefined) ?? contractTools(index.tools);
  return { index, tools };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One SDK server answering from the catalog. */
export function createMockServer(catalog: MockCatalog): Server {
  const server = new Server(
    { name: MOCK_SERVER_NAME, title: 'Gateway Companion mock (recorded answers)', version: APP_VERSION },
    {
      capabilities: { tools: {} },
      instructions: 'Answers tool calls from a recorded session; calls that were not recorded get error -32602.',
    },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [...catalog.tools] }));
  server.setRequestHandler('tools/call', (request) => {
    const { name } = request.params;
    const args = isRecord(request.params.arguments) ? request.params.arguments : {};
    const call = catalog.index.find(name, args);
    if (!call) throw new ProtocolError(ProtocolErrorCode.InvalidParams, catalog.index.explainMiss(name, args));
    // A recorded JSON-RPC error is replayed as that same error.
    if (call.error) throw new ProtocolError(call.error.code, call.error.message, call.error.data);
    return call.result as CallToolResult;
  });
  return server;
}

/** Serves the mock on a stream pair (stdin and stdout) until the input ends. */
export function serveMockStdio(catalog: MockCatalog, input: Readable, output: Writable): { close(): Promise<void> } {
  return serveStdio(() => createMockServer(catalog), { transport: new StdioServerTransport(input, output) });
}

export interface MockHttp {
  /** The MCP endpoint, e.g. http://127.0.0.1:PORT/mcp. */
  readonly url: string;
  close(): Promise<void>;
}

export const MOCK_PATH = '/mcp';

/** Hosts a browser page could not have chosen itself: the loopback names, with the port served. */
function allowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }));
}

/**
 * Serves the mock over Streamable HTTP on loopback only (plain http, which profiles accept for loopback).
 * Host and Origin are checked so a web page cannot reach it through DNS rebinding; credentials headers
 * are accepted and ignored.
 */
export async function serveMockHttp(catalog: MockCatalog, port: number): Promise<MockHttp> {
  const handler = createMcpHandler(() => createMockServer(catalog), { legacy: 'stateless' });
  const node = toNodeHandler(handler);
  let actualPort = port;
  const http: HttpServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MOCK_PATH) return refuse(res, 404, `Not found: the mock serves MCP at ${MOCK_PATH}.`);
    if (!allowedHost(req.headers.host, actualPort)) return refuse(res, 403, 'Forbidden: the mock answers only on loopback addresses.');
    const origin = req.headers.origin;
    if (origin !== undefined && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin))
      return refuse(res, 403, 'Forbidden: requests from web pages are refused.');
    void node(req as NodeIncomingMessageLike, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'Internal error in the mock.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  actualPort = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${actualPort}${MOCK_PATH}`,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
