import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_TOOL_GROUPS, TOOL_GROUP_META_KEY, toolGroup } from '../../domain/tool-groups';
import type { RunningGateway } from '../start';
import { connectClient, credentialHeaders } from '../testing/client';
import { MCP_HEADERS, initializeBody, rawRequest, startTestGateway } from '../testing/fixture';

let gateway: RunningGateway;
let dispose: () => Promise<void>;
let client: Client;
let closeClient: () => Promise<void>;

const EVM_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway());
  ({ client, close: closeClient } = await connectClient({
    url: gateway.url,
    caCertPem: gateway.caCertPem,
    headers: credentialHeaders(gateway),
  }));
});
afterAll(async () => {
  await closeClient();
  await dispose();
});

/** The parts of a paged tool result these tests read. */
interface Page<Doc> {
  docs: Doc[];
  cursor: string | null;
}
interface AssetDoc {
  asset_id: string;
}

/**
 * Calls a tool and checks the result shape every success shares: structuredContent plus the same JSON as text.
 * `T` is the part of the result the caller reads.
 */
async function ok<T = unknown>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result.content[0] as { text: string }).text;
  expect(result.isError, `${name}: ${text}`).toBeFalsy();
  expect(result.content).toHaveLength(1);
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

async function toolError(name: string, args: Record<string, unknown>, c: Client = client): Promise<{ code: string; message: string }> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse((result.content[0] as { text: string }).text) as { code: string; message: string };
}

describe('tools/list', () => {
  it("lists the 13 tools in the spec's groups, read-only, with bounded input schemas and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_assets',
      'get_asset_details',
      'get_coin_status',
      'get_swap_domains',
      'get_swap_providers',
      'get_provider_details',
      'get_swap_quote',
      'get_swap_route_step',
      'get_token_prices',
      'get_trending_tokens',
      'get_listing_categories',
      'validate_address',
      'check_token_security',
    ]);
    // Labelled with the groups' one spelling, which the playground reads back without translation.
    expect(new Set(tools.map((t) => t._meta?.[TOOL_GROUP_META_KEY]))).toEqual(new Set(SPEC_TOOL_GROUPS));
    for (const tool of tools) expect(toolGroup(tool.name, tool._meta), tool.name).toBe(tool._meta?.[TOOL_GROUP_META_KEY]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    }
    const prices = tools.find((t) => t.name === 'get_token_prices')?.inputSchema.properties as {
      assets: unknown;
      currency: { enum: string[] };
    };
    expect(prices.assets).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(prices.currency.enum).toContain('EUR');
    const quote = tools.find((t) => t.name === 'get_swap_quote')?.inputSchema.properties as {
      fromDomain: { enum: string[] };
      slippage: unknown;
    };
    expect(quote.fromDomain.enum).toEqual(expect.arrayContaining(['ethereum', 'smartchain', 'solana', 'bitcoin']));
    expect(quote.slippage).toMatchObject({ exclusiveMinimum: 0, maximum: 50, default: 1 });
  });
});

describe('the 13 tools over HTTPS', () => {
  it('token information: search_assets, get_asset_details, get_coin_status', async () => {
    const found = await ok<Page<AssetDoc>>('search_assets', { query: 'USDC', networks: [60, 20000714], limit: 5 });
    expect(found.docs[0]).toMatchObject({ asset_id: 'c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 });
    expect(found.docs.every((d) => /^c(60|714)/.test(d.asset_id))).toBe(true);
    const one = await ok('get_asset_details', { assetId: 'c60_t0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' });
    expect(one).toMatchObject({
      total: 1,
      cursor: null,
      docs: [{ asset_id: 'c60_t0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', network: 'Ethereum', coin: 60 }],
    });
    const page = await ok<Page<AssetDoc>>('get_asset_details', { coin: 10000070, limit: 3 });
    expect(page.docs.map((d) => d.asset_id)[0]).toBe('c10');
    const next = await ok<Page<AssetDoc>>('get_asset_details', { coin: 10, limit: 3, cursor: page.cursor });
    expect(next.docs[0]!.asset_id).not.toBe(page.docs[0]!.asset_id);
    const status = await ok('get_coin_status', { assetId: 'c60', include_security_info: true });
    expect(status).toMatchObject({ isStakeEnabled: true, isSwapEnabled: true, security_info: { is_scanned: true } });
  });

  it('swap and bridge: domains, providers, provider details, quote and route step', async () => {
    const domains = await ok<{ domains: { id: string }[] }>('get_swap_domains', {});
    expect(domains.domains.map((d) => d.id)).not.toContain('ton');
    expect((await ok<{ domains: { id: string }[] }>('get_swap_domains', { ton: true })).domains.map((d) => d.id)).toContain('ton');
    const providers = await ok<{ bridge: { id: string }[] }>('get_swap_providers', {});
    expect(providers.bridge.map((p) => p.id)).toContain('stargate');
    expect(await ok('get_provider_details', { id: 'Stargate' })).toMatchObject({ id: 'stargate', type: 'bridge' });
    expect(await ok('get_provider_details', { id: 'jupiter', type: 'dex' })).toMatchObject({ domains: ['solana'] });
    const quote = await ok<{ routes: { steps: { id: string; type: string; to: unknown }[] }[] }>('get_swap_quote', {
      fromDomain: 'ethereum',
      fromAsset: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      fromAddress: EVM_WALLET,
      amount: '1000000000000000000',
      toDomain: 'arbitrum',
      toAsset: 'c10042221_t0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      slippage: 0.5,
    });
    expect(quote.routes.length).toBeGreaterThan(0);
    expect(quote.routes[0]!.steps.some((s) => s.type === 'STEP_TYPE_BRIDGE')).toBe(true);
    expect(quote.routes[0]!.steps.at(-1)!.to).toMatchObject({
      asset: 'c42161_t0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      address: EVM_WALLET,
    });
    const step = await ok<{ transaction: unknown }>('get_swap_route_step', { stepId: quote.routes[0]!.steps[0]!.id });
    expect(step.transaction).toMatchObject({ domainId: 'ethereum', type: 'EVM', evmTx: { value: '0xde0b6b3a7640000' } });
  });

  it('market data: get_token_prices (50 ids), get_trending_tokens with paging, get_listing_categories', async () => {
    const { docs } = await ok<Page<AssetDoc>>('search_assets', { query: 'e', limit: 60 });
    const ids = docs.slice(0, 49).map((d) => d.asset_id);
    const prices = await ok<{ currency: string; tickers: unknown[]; unknown: string[] }>('get_token_prices', {
      assets: [...ids, 'c60_t0x0000000000000000000000000000000000000001'],
      currency: 'EUR',
    });
    expect(prices.currency).toBe('EUR');
    expect(prices.tickers.length).toBe(new Set(ids).size);
    expect(prices.unknown).toEqual(['c60_t0x0000000000000000000000000000000000000001']);
    const trending = await ok<Page<{ price: unknown; asset: AssetDoc }>>('get_trending_tokens', {
      category: 'memes',
      sort: 'volume',
      limit: 5,
    });
    expect(trending.docs).toHaveLength(5);
    expect(trending.docs[0]!.price).toHaveProperty('percent_change_90d');
    const more = await ok<Page<{ asset: AssetDoc }>>('get_trending_tokens', {
      category: 'memes',
      sort: 'volume',
      limit: 5,
      cursor: trending.cursor,
    });
    expect(more.docs[0]!.asset.asset_id).not.toBe(trending.docs[0]!.asset.asset_id);
    const categories = await ok<Page<{ id: string }>>('get_listing_categories', { networks: [501] });
    expect(categories.docs.map((c) => c.id)).toEqual(expect.arrayContaining(['trending', 'memes', 'solana-ecosystem']));
  });

  it('security: validate_address and check_token_security', async () => {
    expect(await ok('validate_address', { address: EVM_WALLET, asset_id: 'c60' })).toEqual({ status: 'ok' });
    expect(await ok('validate_address', { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', asset_id: 'c0' })).toEqual({
      status: 'ok',
    });
    const report = await ok('check_token_security', { assetId: 'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' });
    expect(report).toMatchObject({ symbol: 'USDC', securityInfo: { riskLevel: 'low' }, solanaSecurityInfo: { hasFreezeAuthority: true } });
    const honeypots = await ok<Page<AssetDoc>>('search_assets', { query: 'Moon Rocket Inu', limit: 1 });
    expect(await ok('check_token_security', { assetId: honeypots.docs[0]!.asset_id })).toMatchObject({
      supportsSwap: false,
      securityInfo: { isHoneypot: true },
    });
  });
});

describe('tool errors', () => {
  it('caps get_token_prices at 50 ids, naming the limit', async () => {
    const error = await toolError('get_token_prices', { assets: Array.from({ length: 51 }, () => 'c60') });
    expect(error).toEqual({ code: 'invalid_arguments', message: expect.stringMatching(/assets: .*at most 50 asset ids/) });
  });

  it("rejects invalid addresses with the shared module's checksum message", async () => {
    expect(await toolError('validate_address', { address: '0x52908400098527886E0F7030069857D2E4169Ee7', asset_id: 'c60' })).toEqual({
      code: 'invalid_address',
      message: expect.stringMatching(/^Not a valid Ethereum address: .*checksum/),
    });
    expect(await toolError('validate_address', { address: EVM_WALLET, asset_id: 'c0' })).toMatchObject({
      code: 'invalid_address',
      message: expect.stringContaining('Bitcoin'),
    });
  });

  it('explains bad asset ids, native coins given to check_token_security, unknown tools and wrong types', async () => {
    expect(await toolError('get_coin_status', { assetId: 'C60' })).toMatchObject({
      code: 'invalid_asset_id',
      message: expect.stringContaining('small c'),
    });
    expect(await toolError('get_coin_status', { assetId: 'c9999' })).toMatchObject({
      code: 'invalid_asset_id',
      message: expect.stringContaining('not one the gateway serves'),
    });
    expect(await toolError('get_coin_status', { assetId: 'c60_t0x0000000000000000000000000000000000000001' })).toMatchObject({
      code: 'unknown_asset',
    });
    expect(await toolError('check_token_security', { assetId: 'c60' })).toMatchObject({ code: 'not_a_token' });
    // An unknown tool is a JSON-RPC error (-32602), as the spec says, not a tool result.
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool "no_such_tool". Call tools/list'),
    });
    expect(await toolError('search_assets', { query: 42 })).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('query'),
    });
    expect(await toolError('search_assets', { query: 'x', limit: 0 })).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('limit'),
    });
    expect(await toolError('get_trending_tokens', { sort: 'random' })).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('sort'),
    });
    expect(
      await toolError('get_swap_quote', {
        fromDomain: 'ethereum',
        fromAsset: 'c60',
        fromAddress: EVM_WALLET,
        amount: '1.5',
        toDomain: 'ethereum',
        toAsset: 'c60',
      }),
    ).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('smallest unit'),
    });
    expect(await toolError('get_swap_route_step', { stepId: 'not-a-step' })).toMatchObject({ code: 'unknown_step' });
    expect(await toolError('get_asset_details', {})).toMatchObject({ code: 'missing_argument' });
    expect(await toolError('get_provider_details', { id: 'nobody' })).toMatchObject({ code: 'unknown_provider' });
    expect(await toolError('get_trending_tokens', { cursor: 'forged' })).toMatchObject({ code: 'invalid_cursor' });
  });
});

describe('authentication', () => {
  const post = (headers: Record<string, string>, body = initializeBody()) =>
    rawRequest(gateway, { headers: { ...MCP_HEADERS, ...headers }, body });

  it('answers 401 with a JSON-RPC error naming the missing header(s), and the challenge HTTP requires', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('X-SVC-Credential realm="gateway", headers="X-SVC-CREDENTIAL X-SVC-SECRET-KEY"');
    expect(none.json).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { message: expect.stringContaining('missing X-SVC-CREDENTIAL and X-SVC-SECRET-KEY headers') },
    });
    const onlyId = await post({ 'X-SVC-CREDENTIAL': gateway.accessId });
    expect(onlyId).toMatchObject({ status: 401, json: { error: { message: expect.stringContaining('missing X-SVC-SECRET-KEY header') } } });
    const onlySecret = await post({ 'X-SVC-SECRET-KEY': gateway.secretKey });
    expect(onlySecret).toMatchObject({
      status: 401,
      json: { error: { message: expect.stringContaining('missing X-SVC-CREDENTIAL header') } },
    });
    expect((await post({ 'X-SVC-CREDENTIAL': gateway.accessId, 'X-SVC-SECRET-KEY': 'has space' })).status).toBe(401);
  });

  it('opens no session for a wrong secret or an unknown access id, with one answer for both', async () => {
    const wrongSecret = await post({ 'X-SVC-CREDENTIAL': gateway.accessId, 'X-SVC-SECRET-KEY': 'wrong-secret' });
    const unknownId = await post({ 'X-SVC-CREDENTIAL': 'demo_unknown', 'X-SVC-SECRET-KEY': gateway.secretKey });
    for (const answer of [wrongSecret, unknownId]) {
      expect(answer).toMatchObject({
        status: 401,
        json: { id: 1, error: { code: -32001, message: expect.stringContaining('do not match an account') } },
      });
      expect(answer.headers['www-authenticate']).toContain('X-SVC-Credential');
      expect(answer.headers['mcp-session-id']).toBeUndefined();
    }
    expect(unknownId.text).toBe(wrongSecret.text);
    await expect(
      connectClient({
        url: gateway.url,
        caCertPem: gateway.caCertPem,
        headers: { 'X-SVC-CREDENTIAL': gateway.accessId, 'X-SVC-SECRET-KEY': 'x' },
      }),
    ).rejects.toThrow();
  });

  it('binds sessions to the account that opened them', async () => {
    const init = await post(credentialHeaders(gateway));
    const sessionId = init.headers['mcp-session-id'] as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const stranger = await rawRequest(gateway, {
      headers: {
        ...MCP_HEADERS,
        'X-SVC-CREDENTIAL': 'someone',
        'X-SVC-SECRET-KEY': 'else',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      body: list,
    });
    expect(stranger).toMatchObject({ status: 404, json: { id: 2, error: { message: expect.stringContaining('Session not found') } } });
  });
});

describe('HTTP-level bad input', () => {
  const auth = () => ({ ...MCP_HEADERS, ...credentialHeaders(gateway) });

  it('checks Origin and Host', async () => {
    expect(await rawRequest(gateway, { headers: { ...auth(), origin: 'https://evil.example' }, body: initializeBody() })).toMatchObject({
      status: 403,
      json: { error: { message: expect.stringContaining('Origin') } },
    });
    expect((await rawRequest(gateway, { headers: { ...auth(), origin: 'null' }, body: initializeBody() })).status).toBe(403);
    const local = await rawRequest(gateway, { headers: { ...auth(), origin: 'http://localhost:5173' }, body: initializeBody() });
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(await rawRequest(gateway, { headers: { ...auth(), host: 'attacker.example' }, body: initializeBody() })).toMatchObject({
      status: 403,
      json: { error: { message: expect.stringContaining('Host') } },
    });
  });

  it('rejects malformed, oversized and mistyped bodies, other paths and methods with 4xx JSON-RPC errors', async () => {
    expect(await rawRequest(gateway, { headers: auth(), body: '{"jsonrpc":' })).toMatchObject({
      status: 400,
      json: { error: { code: -32700 } },
    });
    expect(await rawRequest(gateway, { headers: auth(), body: '42' })).toMatchObject({ status: 400, json: { error: { code: -32600 } } });
    expect(await rawRequest(gateway, { headers: auth(), body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) })).toMatchObject({
      status: 413,
      json: { error: { message: expect.stringContaining('too large') } },
    });
    expect(await rawRequest(gateway, { headers: { ...auth(), 'content-type': 'text/plain' }, body: initializeBody() })).toMatchObject({
      status: 415,
    });
    expect(await rawRequest(gateway, { headers: auth(), body: initializeBody(), path: '/other' })).toMatchObject({
      status: 404,
      json: { error: { message: expect.stringContaining('/mcp') } },
    });
    expect(await rawRequest(gateway, { method: 'PUT', headers: auth(), body: '{}' })).toMatchObject({
      status: 405,
      headers: { allow: 'POST, GET, DELETE' },
    });
    const noSession = await rawRequest(gateway, { headers: auth(), body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) });
    expect(noSession).toMatchObject({ status: 400, json: { id: 7, error: { message: expect.stringContaining('Mcp-Session-Id') } } });
    const unknown = await rawRequest(gateway, {
      headers: { ...auth(), 'mcp-session-id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }),
    });
    expect(unknown).toMatchObject({ status: 404 });
  });
});
