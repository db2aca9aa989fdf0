// The bridge in both protocol eras, in-process, in front of the real reference gateway over HTTPS: the
// official v2 SDK client pinned to each era and the v1 client, and the gateway's JSON-RPC errors reaching the
// host exactly as the gateway sent them.
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../gateway/index';
import { credentialHeaders } from '../gateway/testing/client';
import { MCP_HEADERS, rawRequest, startTestGateway } from '../gateway/testing/fixture';
import { runBridgeCore } from './core';
import { createHttpClient } from './http-client';
import { createLogger } from './logger';
import { PipeTransport } from './testing/pipe-transport';
import { TestHost, type Message } from './testing/host';

let gateway: RunningGateway;
let dispose: () => Promise<void>;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway());
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
afterAll(async () => {
  await dispose();
});

/** A bridge to the reference gateway, its host side as a TestHost's streams. */
function startBridge(): TestHost {
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
      const url = new URL(gateway.url);
      const http = await createHttpClient({ url, ca: gateway.caCertPem, proxy: false, env: {} });
      return {
        profile: 'test',
        url,
        http,
        credentials: { accessId: gateway.accessId, secretKey: gateway.secretKey },
        timeoutMs: 30_000,
        close: () => http.close(),
      };
    },
  }).finally(() => log.close());
  stops.push(async () => {
    stop.abort();
    await done;
  });
  return host;
}

async function exercise(client: Client | V1Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(13);
  const prices = await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60'] } });
  expect(prices.isError, JSON.stringify(prices.content)).toBeFalsy();
  expect((prices.structuredContent as { tickers: Array<{ id: string }> }).tickers[0]?.id).toBe('c60');
  await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
}

describe.each(['legacy', '2026-07-28'] as const)('the official v2 SDK client through the bridge, era %s', (era) => {
  it('negotiates the era, lists and calls tools, and gets the gateway’s -32602 for an unknown tool', async () => {
    const host = startBridge();
    const client = new Client(
      { name: 'bridge-eras-test', version: '2.0.0' },
      { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: era } } },
    );
    await client.connect(new PipeTransport(host.input, host.output));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'legacy' ? '2025-11-25' : '2026-07-28');
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});

it('the v1 SDK client through the bridge still works', async () => {
  const host = startBridge();
  const client = new V1Client({ name: 'bridge-eras-test', version: '1.0.0' });
  await client.connect(new PipeTransport(host.input, host.output));
  try {
    await exercise(client);
  } finally {
    await client.close();
  }
});

describe('the gateway’s JSON-RPC errors', () => {
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const cases: Array<{ what: string; message: Record<string, unknown> }> = [
    {
      what: 'an unknown method (HTTP 404 in the 2026 era)',
      message: { jsonrpc: '2.0', id: 'm1', method: 'no/such/method', params: { _meta: envelope } },
    },
    {
      what: 'an unknown tool',
      message: { jsonrpc: '2.0', id: 'm2', method: 'tools/call', params: { name: 'no_such_tool', arguments: {}, _meta: envelope } },
    },
    {
      what: 'an unsupported protocol version (HTTP 400, with data)',
      message: {
        jsonrpc: '2.0',
        id: 'm3',
        method: 'tools/list',
        params: { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      },
    },
  ];

  it.each(cases)('reach the host unchanged: $what', async ({ message }) => {
    // What the gateway answers when asked directly, with the headers a 2026 client sends.
    const params = message.params as { name?: string; _meta: Record<string, string> };
    const direct = await rawRequest(gateway, {
      headers: {
        ...MCP_HEADERS,
        ...credentialHeaders(gateway),
        'mcp-protocol-version': params._meta['io.modelcontextprotocol/protocolVersion'] ?? '',
        'mcp-method': message.method as string,
        ...(params.name !== undefined ? { 'mcp-name': params.name } : {}),
      },
      body: JSON.stringify(message),
    });
    const sent = direct.json as Message;
    expect(sent.error?.code, direct.text).toBeTypeOf('number');

    const host = startBridge();
    const seen = await host.request(message.id, message.method as string, message.params);
    expect(seen).toEqual(sent);
    expect(seen.error?.data?.cause).toBeUndefined();
  });
});
