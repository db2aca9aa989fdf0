import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { PathContext } from '../../platform/credentials/config-paths';
import type { Credentials, Keychain } from '../../platform/credentials/keychain';

/** An in-memory keychain for unit tests (the e2e tests use the real Secret Service). */
export function memoryKeychain(): Keychain & { readonly items: Map<string, Credentials> } {
  const items = new Map<string, Credentials>();
  return {
    items,
    get: async (account) => items.get(account),
    set: async (account, credentials) => void items.set(account, { ...credentials }),
    delete: async (account) => items.delete(account),
    diagnose: async () => undefined,
  };
}

/** A throwaway HOME with Linux config paths inside it. */
export function tempHome(prefix = 'companion-playground-'): { home: string; env: NodeJS.ProcessEnv; paths: PathContext } {
  const home = mkdtempSync(path.join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
  return { home, env, paths: { env, platform: 'linux', homedir: home } };
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A stateless MCP server on loopback http (a new server and transport per request, JSON answers), for
 * tests and benchmarks that need a gateway with tools of their own. Any credential headers are accepted.
 */
export async function serveStatelessMcp(
  create: () => { connect(transport: Transport): Promise<void> },
): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createHttpServer((req, res) => {
    // No sessionIdGenerator: stateless.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    res.on('close', () => void transport.close());
    void create()
      .connect(transport)
      .then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}
