// The mock in both protocol eras, over loopback HTTP and over stdio, with the official SDK clients: the v1
// client (2025 sessions) and the v2 client in its legacy mode and pinned to 2026-07-28.
import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { pairCalls, recordedTools, type MockSource } from '../../domain/recording/calls';
import { RECORDING_FORMAT } from '../../domain/recording/format';
import { RecordingLines } from '../../domain/recording/lines';
import { parseRecording } from '../../domain/recording/parse';
import { runBridgeCore } from '../../bridge/core';
import { createHttpClient } from '../../bridge/http-client';
import { createLogger } from '../../bridge/logger';
import { PipeTransport } from '../../bridge/testing/pipe-transport';
import { TestHost } from '../../bridge/testing/host';
import { mockCatalog, serveMockHttp, serveMockStdio } from './mock-server';

const PRICES = {
  content: [{ type: 'text', text: '{"tickers":[{"id":"c60","price":3000}]}' }],
  structuredContent: { tickers: [{ id: 'c60', price: 3000 }] },
};

/** A recorded session: tools/list (when `listed`), one answered call, one answered with a JSON-RPC error. */
function recording(listed: boolean): MockSource {
  const lines = new RecordingLines();
  const out = [JSON.stringify({ format: RECORDING_FORMAT, version: 1, startedAt: '2026-11-28T09:00:00.000Z' })];
  const rec = (from: 'host' | 'bridge', message: unknown) => out.push(JSON.stringify(lines.line(from, message, out.length)));
  if (listed) {
    rec('host', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    rec('bridge', {
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'get_token_prices', title: 'Recorded title', inputSchema: { type: 'object' } }] },
    });
  }
  rec('host', {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'get_token_prices', arguments: { assets: ['c60'], currency: 'USD' } },
  });
  rec('bridge', { jsonrpc: '2.0', id: 2, result: PRICES });
  rec('host', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_token_prices', arguments: { assets: ['c0'] } } });
  rec('bridge', {
    jsonrpc: '2.0',
    id: 3,
    error: { code: -32001, message: 'The gateway did not answer in time', data: { cause: 'timeout' } },
  });
  const parsed = parseRecording(`${out.join('\n')}\n`);
  const calls = pairCalls(parsed.exchanges);
  const tools = recordedTools(parsed.exchanges);
  return { calls: () => calls, tools: () => tools };
}

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

type AnyClient = Client | V1Client;
type Era = 'v1' | 'legacy' | '2026-07-28';

function newClient(era: Era): AnyClient {
  if (era === 'v1') return new V1Client({ name: 'mock-test-v1', version: '1.0.0' });
  return new Client(
    { name: 'mock-test-v2', version: '2.0.0' },
    { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: era } } },
  );
}

async function overHttp(era: Era, source: MockSource): Promise<AnyClient> {
  const http = await serveMockHttp(mockCatalog(source), 0);
  closers.push(() => http.close());
  const client = newClient(era);
  const url = new URL(http.url);
  // Each SDK generation with its own transport.
  if (client instanceof V1Client) await client.connect(new V1HttpTransport(url));
  else await client.connect(new StreamableHTTPClientTransport(url));
  closers.push(() => client.close());
  return client;
}

async function overStdio(era: Era, source: MockSource): Promise<AnyClient> {
  const toMock = new PassThrough();
  const fromMock = new PassThrough();
  const served = serveMockStdio(mockCatalog(source), toMock, fromMock);
  closers.push(() => served.close());
  const client = newClient(era);
  await client.connect(new PipeTransport(toMock, fromMock));
  closers.push(() => client.close());
  return client;
}

/** What every era and transport must get right. */
async function exercise(client: AnyClient, era: Era): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => [t.name, t.title])).toEqual([['get_token_prices', 'Recorded title']]);
  if (client instanceof Client) expect(client.getNegotiatedProtocolVersion()).toBe(era === '2026-07-28' ? '2026-07-28' : '2025-11-25');

  // Key order does not matter.
  const prices = await client.callTool({ name: 'get_token_prices', arguments: { currency: 'USD', assets: ['c60'] } });
  expect(prices.content).toEqual(PRICES.content);
  expect(prices.structuredContent).toEqual(PRICES.structuredContent);

  await expect(client.callTool({ name: 'get_token_prices', arguments: { assets: ['c0'] } })).rejects.toMatchObject({
    code: -32001,
    message: expect.stringContaining('The gateway did not answer in time') as unknown,
  });

  const miss = client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60'], currency: 'EUR' } });
  await expect(miss).rejects.toMatchObject({ code: -32602 });
  await expect(miss).rejects.toThrow(
    'Nearest recorded call: get_token_prices with arguments {"assets":["c60"],"currency":"USD"} (arguments differ in: currency).',
  );
  await expect(client.callTool({ name: 'search_assets', arguments: { query: 'eth' } })).rejects.toThrow(
    /the recording has no call of that tool\. Recorded tools: get_token_prices/,
  );
}

describe.each<Era>(['v1', 'legacy', '2026-07-28'])('companion mock, client %s', (era) => {
  it('over loopback HTTP serves the recorded answers, replays errors and names the nearest call for a miss', async () => {
    await exercise(await overHttp(era, recording(true)), era);
  });

  it('over stdio does the same', async () => {
    await exercise(await overStdio(era, recording(true)), era);
  });
});

it('lists the contracts of the called tools when the session never listed them', async () => {
  const client = await overStdio('2026-07-28', recording(false));
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(1);
  expect(tools[0]).toMatchObject({ name: 'get_token_prices', title: 'Token prices' });
  expect(tools[0]?.inputSchema.properties).toHaveProperty('assets');
});

it('refuses a Host that is not loopback (DNS rebinding) and paths other than /mcp', async () => {
  const http = await serveMockHttp(mockCatalog(recording(true)), 0);
  closers.push(() => http.close());
  const url = new URL(http.url);
  const status = (path: string, host: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port: url.port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
      });
      req.once('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.once('error', reject);
      req.end('{}');
    });
  expect(await status('/mcp', 'evil.example:80')).toBe(403);
  expect(await status('/other', url.host)).toBe(404);
});

describe.each<Era>(['v1', '2026-07-28'])('a bridge whose profile points at the mock (plain http on loopback), client %s', (era) => {
  it('passes the recorded answers and the -32602 for a miss to the host', async () => {
    const mock = await serveMockHttp(mockCatalog(recording(true)), 0);
    closers.push(() => mock.close());
    const host = new TestHost();
    const stop = new AbortController();
    const log = createLogger({ debug: false, tag: 'test' });
    const done = runBridgeCore({
      input: host.input,
      output: host.output,
      log,
      maxMessageBytes: 1024 * 1024,
      defaultTimeoutMs: 30_000,
      userAgent: 'test',
      signal: stop.signal,
      drainMs: 0,
      connect: async () => {
        const url = new URL(mock.url);
        const http = await createHttpClient({ url, proxy: false, env: {} });
        return {
          profile: 'mock',
          url,
          http,
          credentials: { accessId: 'any', secretKey: 'any' },
          timeoutMs: 30_000,
          close: () => http.close(),
        };
      },
    }).finally(() => log.close());
    closers.push(async () => {
      stop.abort();
      await done;
    });
    const client = newClient(era);
    await client.connect(new PipeTransport(host.input, host.output));
    closers.push(() => client.close());
    const prices = await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60'], currency: 'USD' } });
    expect(prices.structuredContent).toEqual(PRICES.structuredContent);
    await expect(client.callTool({ name: 'get_token_prices', arguments: { assets: ['c61'], currency: 'USD' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Nearest recorded call: get_token_prices') as unknown,
    });
  });
});
