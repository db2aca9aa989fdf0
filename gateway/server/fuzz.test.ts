import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../dataset/random';
import type { RunningGateway } from '../start';
import { connectClient, credentialHeaders } from '../testing/client';
import { MCP_HEADERS, rawRequest, startTestGateway } from '../testing/fixture';

const SEED = Number(process.env.GATEWAY_FUZZ_SEED ?? 20260227);
const TOOL_CALLS = 2_400;
const RAW_REQUESTS = 300;
const CONCURRENCY = 8;

const STRINGS = [
  'c60',
  'c0',
  'c501',
  'c20000714',
  'c60_t0xdAC17F958D2ee523a2206206994597C13D831ec7',
  'c60_t0xdac17f958d2ee523a2206206994597c13d831ec7',
  'c501_tEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  'c195_tTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'C60',
  'c',
  'c60_',
  'c60_t',
  'c60__t0x1',
  'c060',
  'c99999999999',
  'c60_t0xZZ',
  'c60_t0xdAC17F958D2ee523a2206206994597C13D831ec8',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x52908400098527886e0f7030069857d2e4169ee7',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  'ethereum',
  'bsc',
  'solana',
  'bitcoin',
  'tron',
  'ton',
  'stargate',
  '1inch',
  'memes',
  'ai',
  'trending',
  'USD',
  'EUR',
  'price24h',
  'mcap',
  '1000000',
  '0',
  '00',
  '-1',
  '1e18',
  '1.5',
  ' ',
  '',
  '\u0000',
  '\u200b',
  'с60',
  '𝔘𝔖𝔇ℭ',
  'a'.repeat(199),
  'a'.repeat(200),
  'a'.repeat(201),
  'x'.repeat(5000),
  '{"$ref":"#"}',
  '<script>',
  '../../etc/passwd',
  '%00',
  'null',
  'eyJ2IjoxfQ',
];
const NUMBERS = [
  0,
  -1,
  1,
  2,
  19,
  20,
  50,
  51,
  99,
  100,
  101,
  0.5,
  1.5,
  -0.0001,
  1e10,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  60,
  714,
  20000714,
  966,
  501,
  8453,
  123456,
];

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
};

/** A value for a schema: usually plausible, sometimes at or beyond its bounds, sometimes the wrong type entirely. */
function valueFor(rng: Rng, schema: Schema, depth = 0): unknown {
  const roll = rng.next();
  if (roll < 0.08) return garbage(rng, depth);
  if (schema.enum) return roll < 0.85 ? rng.pick(schema.enum) : rng.pick(STRINGS);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'string': {
      if (roll < 0.15 && schema.maxLength !== undefined) return 'z'.repeat(schema.maxLength + rng.int(0, 2));
      return rng.pick(STRINGS);
    }
    case 'number':
    case 'integer': {
      if (roll < 0.3)
        return (
          rng.pick(
            [schema.minimum, schema.maximum, schema.exclusiveMinimum].filter((v) => v !== undefined).map((v) => v + rng.pick([-1, 0, 1])),
          ) ?? 0
        );
      return rng.pick(NUMBERS);
    }
    case 'boolean':
      return roll < 0.9 ? rng.next() < 0.5 : rng.pick(['true', 1, null]);
    case 'array': {
      const max = Math.min((schema.maxItems ?? 5) + 2, 60);
      const n = roll < 0.1 ? 0 : rng.int(1, max);
      return Array.from({ length: n }, () => valueFor(rng, schema.items ?? {}, depth + 1));
    }
    case 'object':
      return argsFor(rng, schema, depth + 1);
    default:
      return garbage(rng, depth);
  }
}

function garbage(rng: Rng, depth: number): unknown {
  const pick = rng.int(0, 7);
  if (depth > 2) return null;
  return [
    null,
    rng.pick(STRINGS),
    rng.pick(NUMBERS),
    true,
    [],
    {},
    [rng.pick(STRINGS), { a: [1, { b: null }] }],
    { nested: garbage(rng, depth + 1) },
  ][pick];
}

function argsFor(rng: Rng, schema: Schema, depth = 0): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const required = schema.required?.includes(key) ?? false;
    if (required ? rng.next() < 0.93 : rng.next() < 0.5) args[key] = valueFor(rng, prop, depth);
  }
  if (rng.next() < 0.05) args[rng.pick(['extra', 'assetID', '__proto__', 'constructor'])] = rng.pick(STRINGS);
  return args;
}

let gateway: RunningGateway;
let dispose: () => Promise<void>;
let client: Client;
let closeClient: () => Promise<void>;
let tools: Tool[];

beforeAll(async () => {
  ({ gateway, dispose } = await startTestGateway());
  ({ client, close: closeClient } = await connectClient({
    url: gateway.url,
    caCertPem: gateway.caCertPem,
    headers: credentialHeaders(gateway),
  }));
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await closeClient();
  await dispose();
});

async function pool<T>(items: readonly T[], worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await worker(items[next++] as T);
    }),
  );
}

describe(`fuzz (seed ${SEED})`, () => {
  it(`answers ${TOOL_CALLS} random tool calls with a result, a JSON {code, message} tool error, or -32602 for an unknown tool`, async () => {
    const rng = new Rng(SEED);
    const calls = Array.from({ length: TOOL_CALLS }, () => {
      const tool =
        rng.next() < 0.02 ? { name: rng.pick(['', 'SEARCH_ASSETS', 'search_assets ', 'nope']), inputSchema: {} } : rng.pick(tools);
      return { name: tool.name, arguments: argsFor(rng, tool.inputSchema as Schema) };
    });
    const codes = new Map<string, number>();
    let successes = 0;
    const toolNames = new Set(tools.map((t) => t.name));
    let unknownTools = 0;
    await pool(calls, async (call) => {
      if (!toolNames.has(call.name)) {
        // The spec answers an unknown tool with the JSON-RPC error -32602, not a tool result.
        await expect(client.callTool(call)).rejects.toMatchObject({ code: -32602 });
        unknownTools++;
        return;
      }
      const result = (await client.callTool(call).catch((e: unknown) => {
        throw new Error(`${call.name} ${JSON.stringify(call.arguments).slice(0, 300)} threw: ${String(e)}`);
      })) as CallToolResult;
      const text = (result.content[0] as { type: string; text: string }).text;
      if (result.isError) {
        const error = JSON.parse(text) as { code: unknown; message: unknown };
        expect(typeof error.code === 'string' && error.code.length > 0, text).toBe(true);
        expect(typeof error.message === 'string' && error.message.length > 10, text).toBe(true);
        expect(error.code, `${call.name} ${JSON.stringify(call.arguments).slice(0, 200)}: ${text}`).not.toMatch(
          /internal|upstream_error|upstream_bad_response|tool_failed/,
        );
        codes.set(error.code as string, (codes.get(error.code as string) ?? 0) + 1);
      } else {
        successes++;
        expect(JSON.parse(text)).toEqual(result.structuredContent);
      }
    });
    // Both paths were exercised, and the bad input covered several distinct checks.
    expect(successes).toBeGreaterThan(TOOL_CALLS / 10);
    expect(unknownTools).toBeGreaterThan(0);
    expect(codes.size).toBeGreaterThanOrEqual(8);
    expect(codes.get('invalid_arguments')).toBeGreaterThan(100);
    // A few seconds on an idle machine; the margin is for a machine shared with other test runs.
  }, 120_000);

  it(`answers ${RAW_REQUESTS} malformed HTTP requests with a 4xx JSON-RPC error, never a 5xx`, async () => {
    const rng = new Rng(SEED + 1);
    const bodies = [
      () => '',
      () => '{',
      () => 'null',
      () => '[]',
      () => '[1,2,3]',
      () => JSON.stringify({ jsonrpc: '2.0' }),
      () => JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'initialize' }),
      () => JSON.stringify({ jsonrpc: '2.0', id: rng.pick([{}, [], null, 1.5]), method: rng.pick(['initialize', 'tools/call', 42]) }),
      () => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: rng.pick([null, 'x', { protocolVersion: 7 }]) }),
      () =>
        JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
          { jsonrpc: '2.0', id: 2, method: 'initialize', params: {} },
        ]),
      () => Buffer.from(rng.bytes(rng.int(1, 300))).toString('latin1'),
      () => `{"a":${'['.repeat(5000)}`,
    ];
    const requests = Array.from({ length: RAW_REQUESTS }, () => ({
      method: rng.pick(['POST', 'POST', 'POST', 'GET', 'DELETE', 'PATCH']),
      headers: {
        ...(rng.next() < 0.85 ? credentialHeaders(gateway) : {}),
        ...(rng.next() < 0.8 ? MCP_HEADERS : { 'content-type': rng.pick(['text/plain', 'application/jsonx', 'multipart/form-data']) }),
        ...(rng.next() < 0.3 ? { 'mcp-session-id': rng.pick(['', 'x', '00000000-0000-0000-0000-000000000000']) } : {}),
        ...(rng.next() < 0.1 ? { 'mcp-protocol-version': rng.pick(['1999-01-01', 'garbage']) } : {}),
      },
      body: rng.pick(bodies)(),
    }));
    await pool(requests, async (r) => {
      const res = await rawRequest(gateway, {
        method: r.method,
        headers: r.headers,
        ...(r.method === 'GET' ? {} : { body: r.body }),
      });
      expect(
        res.status,
        `${r.method} ${JSON.stringify(r.headers)} ${r.body.slice(0, 100)} -> ${res.status} ${res.text.slice(0, 200)}`,
      ).toBeLessThan(500);
      if (res.status >= 400)
        expect((res.json as { error?: { message?: unknown } } | undefined)?.error?.message, res.text).toEqual(expect.any(String));
    });
    // Still healthy afterwards.
    expect((await client.listTools()).tools).toHaveLength(13);
  });
});
