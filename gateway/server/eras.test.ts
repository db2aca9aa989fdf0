import type { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_GROUP_META_KEY } from '../../domain/tool-groups';
import type { RunningGateway } from '../start';
import { connectClient, credentialHeaders } from '../testing/client';
import { initializeBody, MCP_HEADERS, rawRequest, startTestGateway } from '../testing/fixture';
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

/**
 * The 2026-07-28 server scenario's protocol edges (stateless, `server/discover` mandatory, `ping`,
 * `logging/setLevel` and the handshake removed), on the same URL that serves 2025 sessions. Each request
 * carries the era's standard headers, as a 2026 client sends them.
 */
describe('the 2026-07-28 era beside the 2025 one, on one URL', () => {
  const VERSION = '2026-07-28';
  const meta = {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'edge-client', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const send = (method: string, params: unknown, id: number, version = VERSION) =>
    rawRequest(gateway, {
      headers: { ...MCP_HEADERS, ...credentialHeaders(gateway), 'mcp-protocol-version': version, 'mcp-method': method },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });

  it.each(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'unknown/method'])(
    'a removed or unknown method, %s, gets 404 and -32601 with its request id',
    async (method) => {
      const r = await send(method, { _meta: meta }, 500);
      expect({ status: r.status, json: r.json }).toMatchObject({ status: 404, json: { id: 500, error: { code: -32601 } } });
      expect(r.headers['mcp-session-id']).toBeUndefined();
    },
  );

  it('server/discover names the era and the capabilities, and what it declares is served', async () => {
    const discover = await send('server/discover', { _meta: meta }, 201);
    expect(discover.status).toBe(200);
    const result = (discover.json as { result: { supportedVersions: string[]; capabilities: Record<string, unknown> } }).result;
    expect(result.supportedVersions).toContain(VERSION);
    expect(Object.keys(result.capabilities)).toEqual(['tools']);
    const tools = await send('tools/list', { _meta: meta }, 202);
    expect((tools.json as { result: { tools: unknown[] } }).result.tools).toHaveLength(13);
    // Not declared, so not served: prompts are no method here.
    expect((await send('prompts/list', { _meta: meta }, 203)).json).toMatchObject({ id: 203, error: { code: -32601 } });
  });

  it.each([
    ['no _meta', {}],
    ['no protocol version', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }],
    ['no client capabilities', { _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION } }],
  ])('an envelope with %s gets 400 and -32602; one without clientInfo is served', async (_, params) => {
    const r = await send('server/discover', params, 101);
    expect({ status: r.status, json: r.json }).toMatchObject({ status: 400, json: { id: 101, error: { code: -32602 } } });
    const withoutClientInfo = { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {} };
    const served = await send('server/discover', { _meta: withoutClientInfo }, 105);
    expect(served.status).toBe(200);
  });

  it('an unsupported version gets 400 with the supported and requested versions; a header that disagrees gets -32020', async () => {
    const unsupported = await send(
      'server/discover',
      { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
      301,
      'v999.0.0',
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.json).toMatchObject({ id: 301, error: { data: { supported: [VERSION], requested: 'v999.0.0' } } });
    const mismatch = await send('server/discover', { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } }, 302);
    expect({ status: mismatch.status, json: mismatch.json }).toMatchObject({ status: 400, json: { error: { code: -32020 } } });
  });

  it('a 2025 initialize on the same URL still opens a session', async () => {
    const r = await rawRequest(gateway, { headers: { ...MCP_HEADERS, ...credentialHeaders(gateway) }, body: initializeBody(9) });
    expect(r.status).toBe(200);
    expect(r.headers['mcp-session-id']).toEqual(expect.any(String));
    expect(r.json).toMatchObject({ id: 9, result: { protocolVersion: '2025-06-18' } });
  });
});
