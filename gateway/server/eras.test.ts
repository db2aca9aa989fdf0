import type { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_GROUP_META_KEY } from '../../domain/tool-groups';
import type { RunningGateway } from '../start';
import { connectClient, credentialHeaders } from '../testing/client';
import { MCP_HEADERS, rawRequest, startTestGateway } from '../testing/fixture';
import { connectV2Client, type ClientEra } from '../testing/v2-client';

let gateway: RunningGateway;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway());
});
afterAll(async () => {
  await dispose();
});

interface Prices {
  tickers: Array<{ id: string }>;
}

/** The parts of a call every era must get right: the 13 tools, a real call, a tool error, an unknown tool. */
async function exercise(client: Client | V1Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(13);
  expect(tools.find((t) => t.name === 'get_token_prices')?._meta?.[TOOL_GROUP_META_KEY]).toBe('Market data');

  const prices = await client.callTool({ name: 'get_token_prices', arguments: { assets: ['c60'] } });
  expect(prices.isError, JSON.stringify(prices.content)).toBeFalsy();
  expect((prices.structuredContent as Prices).tickers[0]?.id).toBe('c60');

  const bad = await client.callTool({ name: 'get_coin_status', arguments: { assetId: 'C60' } });
  expect(bad.isError).toBe(true);
  expect(JSON.parse((bad.content as Array<{ text: string }>)[0]?.text ?? '')).toMatchObject({ code: 'invalid_asset_id' });

  // The spec's answer to an unknown tool is the JSON-RPC error -32602, not a tool result.
  await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
}

describe.each<ClientEra>(['legacy', '2026-07-28'])('the official v2 SDK client, era %s', (era) => {
  it('lists and calls tools, and gets -32602 for an unknown tool', async () => {
    const { client, close } = await connectV2Client({
      url: gateway.url,
      caCertPem: gateway.caCertPem,
      headers: credentialHeaders(gateway),
      era,
    });
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'legacy' ? '2025-11-25' : '2026-07-28');
      await exercise(client);
    } finally {
      await close();
    }
  });
});

it('the v1 SDK client (2025-11-25, sessions) still works beside the 2026 era', async () => {
  const { client, close } = await connectClient({ url: gateway.url, caCertPem: gateway.caCertPem, headers: credentialHeaders(gateway) });
  try {
    await exercise(client);
  } finally {
    await close();
  }
});

describe('a raw 2026-07-28 request', () => {
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const post = (headers: Record<string, string>, body: unknown) =>
    rawRequest(gateway, { headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });

  it('is served without a session, with the standard headers', async () => {
    const r = await post(
      { ...credentialHeaders(gateway), 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_token_prices' },
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'get_token_prices', arguments: { assets: ['c60'] }, _meta: envelope },
      },
    );
    expect(r.status).toBe(200);
    expect(r.headers['mcp-session-id']).toBeUndefined();
    expect(r.json).toMatchObject({ id: 7, result: { structuredContent: { tickers: [{ id: 'c60' }] } } });
  });

  it('is refused with 401 and a challenge without credentials, and the challenge names the headers', async () => {
    const r = await post(
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } },
    );
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toMatch(/^X-SVC-Credential realm="gateway", headers="X-SVC-CREDENTIAL X-SVC-SECRET-KEY"$/);
  });

  it('with a wrong secret is refused with 401 like the 2025 handshake', async () => {
    const r = await post(
      {
        'x-svc-credential': gateway.accessId,
        'x-svc-secret-key': 'wrong-secret',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } },
    );
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toContain('X-SVC-Credential');
    expect(r.json).toMatchObject({ id: 1, error: { code: -32001, message: expect.stringContaining('Invalid credentials') } });
  });
});
