/**
 * Streamable HTTP in front of a stdio server, so HTTP-only clients (the conformance suite) can reach our
 * bridge: each session starts one bridge process and passes every JSON-RPC message through unchanged, both
 * ways. The HTTP side is the official SDK's server transport; it adds no MCP behaviour of its own beyond
 * sessions and SSE framing.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface StdioServer {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
}

export interface Front {
  readonly url: string;
  /** What the bridges wrote to stderr, for failure messages. */
  stderr(): string;
  close(): Promise<void>;
}

export async function startStdioHttpFront(server: StdioServer): Promise<Front> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const open = new Set<{ close(): Promise<void> }>();
  let stderr = '';
  let port = 0;

  async function newSession(): Promise<StreamableHTTPServerTransport> {
    const stdio = new StdioClientTransport({
      command: server.command,
      args: [...server.args],
      env: server.env,
      cwd: server.cwd,
      stderr: 'pipe',
    });
    const http = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, http),
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    });
    const pair = {
      close: async () => {
        open.delete(pair);
        if (http.sessionId) sessions.delete(http.sessionId);
        await Promise.allSettled([stdio.close(), http.close()]);
      },
    };
    open.add(pair);
    http.onmessage = (message) => void stdio.send(message).catch(() => undefined);
    stdio.onmessage = (message) => void http.send(message).catch(() => undefined);
    http.onclose = () => void pair.close();
    stdio.onclose = () => void pair.close();
    await stdio.start();
    stdio.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
    await http.start();
    return http;
  }

  const httpServer = createServer((req, res) => {
    void (async () => {
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (typeof id === 'string' && !known) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
        return;
      }
      const transport = known ?? (await newSession());
      await transport.handleRequest(req, res);
      // A first request that did not start a session (not an initialize) leaves nothing running.
      if (!known && !transport.sessionId) await transport.close();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stderr: () => stderr,
    async close() {
      await Promise.allSettled([...open].map((s) => s.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
