import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { releaseAnsweredJsonStreams } from './json-stream-release';

/** The transport's stream entries of JSON-mode POSTs (the client's standalone GET stream aside). */
const jsonStreamsOf = (transport: StreamableHTTPServerTransport) => {
  const streams = (transport as unknown as { _webStandardTransport: { _streamMapping: Map<string, { resolveJson?: unknown }> } })
    ._webStandardTransport._streamMapping;
  return [...streams.values()].filter((s) => s.resolveJson !== undefined).length;
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** One JSON-mode session over plain HTTP on loopback, with an `echo` tool, and a connected SDK client. */
async function session(release: boolean) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), enableJsonResponse: true });
  const installed = release && releaseAnsweredJsonStreams(transport);
  const mcp = new McpServer({ name: 'test', version: '1.0.0' });
  mcp.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  await mcp.connect(transport);
  const http: Server = createServer((req, res) => void transport.handleRequest(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)));
  closers.push(async () => {
    await client.close();
    await mcp.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });
  return { transport, client, installed };
}

describe('releaseAnsweredJsonStreams', () => {
  it('drops each JSON-mode stream entry once its response is sent, with calls in flight together', async () => {
    const { transport, client, installed } = await session(true);
    expect(installed).toBe(true);
    for (let i = 0; i < 5; i++)
      expect(await client.callTool({ name: 'echo', arguments: { text: `call ${i}` } })).toMatchObject({ content: [{ text: `call ${i}` }] });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.callTool({ name: 'echo', arguments: { text: `parallel ${i}` } })),
    );
    expect(results.map((r) => (r.content as Array<{ text: string }>)[0]?.text)).toEqual(
      Array.from({ length: 8 }, (_, i) => `parallel ${i}`),
    );
    expect(jsonStreamsOf(transport)).toBe(0);
  });

  it('is still needed: without it the SDK keeps one entry per answered POST (typescript-sdk#2559)', async () => {
    const { transport, client } = await session(false);
    for (let i = 0; i < 5; i++) await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    // initialize and the five calls. If this fails, the SDK has fixed the leak and json-stream-release.ts can go.
    expect(jsonStreamsOf(transport)).toBe(6);
  });

  it('does nothing to a transport whose internals it does not recognise', () => {
    expect(releaseAnsweredJsonStreams({} as StreamableHTTPServerTransport)).toBe(false);
    expect(releaseAnsweredJsonStreams({ _webStandardTransport: {} } as unknown as StreamableHTTPServerTransport)).toBe(false);
  });
});
