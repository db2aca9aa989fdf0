// The runner's MCP client against a scripted bridge: each era's handshake and envelope, paged tool lists,
// and the checks of what a gateway answers (it is not trusted).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Era } from '../../domain/collections/eras';
import { McpToolClient } from './mcp-tool-client';
import type { RpcError } from './json-rpc-lines';

type Message = { id?: number; method?: string; params?: Record<string, unknown> };
type Handler = (message: Message) => unknown;

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
};

/** A bridge that answers each request with `handlers[method]`'s result (or the JSON-RPC error it throws). */
function scripted(handlers: Record<string, Handler>) {
  const fromBridge = new PassThrough();
  const toBridge = new PassThrough();
  const received: Message[] = [];
  toBridge.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      const message = JSON.parse(line) as Message;
      received.push(message);
      if (message.id === undefined || !message.method) continue;
      const handler = handlers[message.method];
      let reply: Record<string, unknown>;
      try {
        reply = { result: handler ? handler(message) : undefined };
        if (!handler) reply = { error: { code: -32601, message: 'no' } };
      } catch (error) {
        reply = { error: { code: (error as { code?: number }).code, message: (error as Error).message } };
      }
      fromBridge.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, ...reply })}\n`);
    }
  });
  return { fromBridge, toBridge, received };
}

const INITIALIZE: Handler = () => ({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'g', version: '1' } });
const DISCOVER: Handler = () => ({ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } });
const TOOLS = [
  { name: 'plain', inputSchema: { type: 'object' } },
  { name: 'typed', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } },
];

function connect(era: Era, handlers: Record<string, Handler>) {
  const bridge = scripted(handlers);
  const client = McpToolClient.connect(
    bridge.fromBridge,
    bridge.toBridge,
    { era, clientInfo: { name: 'test', version: '1' }, maxMessageBytes: 1 << 20 },
    10_000,
  );
  return { bridge, client };
}

const signal = new AbortController().signal;
const call = (client: McpToolClient, name: string) => client.callTool(name, { a: 1 }, { timeoutMs: 10_000, signal });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should fail'),
    (error: unknown) => error as RpcError,
  );

describe('McpToolClient, 2025-11-25', () => {
  it('initializes, says so, lists every page and calls a tool with the result as it came', async () => {
    const pages: Record<string, unknown> = { undefined: { tools: [TOOLS[0]], nextCursor: 'p2' }, p2: { tools: [TOOLS[1]] } };
    const result = { content: [{ type: 'text', text: 'hi' }], structuredContent: { ok: true }, extra: 1 };
    const { bridge, client } = connect('2025-11-25', {
      initialize: INITIALIZE,
      'tools/list': (m) => pages[String(m.params?.cursor)],
      'tools/call': () => result,
    });
    const connected = await client;
    expect(await connected.listTools(10_000)).toEqual(TOOLS);
    expect(await call(connected, 'typed')).toEqual(result);
    expect(bridge.received.map((m) => m.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/list',
      'tools/call',
    ]);
    expect(bridge.received[0]?.params).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(bridge.received[4]?.params).toEqual({ name: 'typed', arguments: { a: 1 } });
    connected.close();
  });

  it('refuses a protocol version it does not speak, and lists nothing without the tools capability', async () => {
    const refused = connect('2025-11-25', { initialize: () => ({ protocolVersion: '2099-01-01', capabilities: {} }) });
    expect((await failure(refused.client)).message).toBe("Server's protocol version is not supported: 2099-01-01");
    const bare = connect('2025-11-25', { initialize: () => ({ protocolVersion: '2025-11-25', capabilities: {} }) });
    expect(await (await bare.client).listTools(10_000)).toEqual([]);
    expect(bare.bridge.received.map((m) => m.method)).not.toContain('tools/list');
  });

  it('refuses tool lists and results that are not what MCP says', async () => {
    const badList = connect('2025-11-25', { initialize: INITIALIZE, 'tools/list': () => ({ tools: [{ name: 'x' }] }) });
    expect((await failure((await badList.client).listTools(10_000))).message).toBe(
      'Invalid result for tools/list: tool "x" has no inputSchema object',
    );
    const answers: unknown[] = [
      'text',
      { structuredContent: {} },
      { content: [{ type: 'text' }] },
      { content: [{ type: 'video', url: 'x' }] },
      { content: [], isError: 'yes' },
      { content: [], structuredContent: [1] },
    ];
    const { client } = connect('2025-11-25', {
      initialize: INITIALIZE,
      'tools/list': () => ({ tools: TOOLS }),
      'tools/call': () => answers.shift(),
    });
    const connected = await client;
    await connected.listTools(10_000);
    const messages = [];
    for (let i = 0; i < 6; i++) messages.push((await failure(call(connected, 'plain'))).message);
    expect(messages).toEqual([
      'Invalid result for tools/call: not an object',
      'Invalid result for tools/call: content must be an array of content blocks',
      'Invalid result for tools/call: content[0] is a text block without text',
      'Invalid result for tools/call: content[0] is an unknown type "video"',
      'Invalid result for tools/call: isError must be true or false',
      'Invalid result for tools/call: structuredContent must be an object',
    ]);
  });

  it('wants structured content from a tool with an output schema, unless it reports an error', async () => {
    const answers = [{ content: [] }, { content: [{ type: 'text', text: 'failed' }], isError: true }, { content: [] }];
    const { client } = connect('2025-11-25', {
      initialize: INITIALIZE,
      'tools/list': () => ({ tools: TOOLS }),
      'tools/call': () => answers.shift(),
    });
    const connected = await client;
    await connected.listTools(10_000);
    expect(await failure(call(connected, 'typed'))).toMatchObject({
      code: -32600,
      message: 'Tool typed has an output schema but did not return structured content',
    });
    expect(await call(connected, 'typed')).toMatchObject({ isError: true });
    expect(await call(connected, 'plain')).toEqual({ content: [] });
  });

  it('passes a JSON-RPC error on as it came', async () => {
    const { client } = connect('2025-11-25', {
      initialize: INITIALIZE,
      'tools/call': () => {
        throw Object.assign(new Error('Unknown tool "nope"'), { code: -32602 });
      },
    });
    expect(await failure(call(await client, 'nope'))).toMatchObject({ code: -32602, message: 'Unknown tool "nope"' });
  });
});

describe('McpToolClient, 2026-07-28', () => {
  it('discovers, puts the envelope on every request, and takes resultType off results', async () => {
    const { bridge, client } = connect('2026-07-28', {
      'server/discover': DISCOVER,
      'tools/list': () => ({ resultType: 'complete', tools: TOOLS, ttlMs: 0, cacheScope: 'private' }),
      'tools/call': () => ({ resultType: 'complete', content: [], structuredContent: [1, 2], _meta: { x: 1 } }),
    });
    const connected = await client;
    expect(await connected.listTools(10_000)).toEqual(TOOLS);
    // Any JSON value is structured content in this era.
    expect(await call(connected, 'typed')).toEqual({ content: [], structuredContent: [1, 2], _meta: { x: 1 } });
    expect(bridge.received.map((m) => m.method)).toEqual(['server/discover', 'tools/list', 'tools/call']);
    for (const message of bridge.received) expect(message.params?._meta).toEqual(MODERN_META);
  });

  it('refuses a gateway that does not offer the era, and results that are not complete', async () => {
    const old = connect('2026-07-28', { 'server/discover': () => ({ resultType: 'complete', supportedVersions: ['2025-11-25'] }) });
    expect((await failure(old.client)).message).toBe('the gateway did not offer protocol version 2026-07-28 in its server/discover answer');
    const answers = [{ content: [] }, { resultType: 'input_required', inputRequests: { a: {} } }];
    const { client } = connect('2026-07-28', { 'server/discover': DISCOVER, 'tools/call': () => answers.shift() });
    const connected = await client;
    expect((await failure(call(connected, 'plain'))).message).toBe('Invalid result for tools/call: missing required resultType');
    expect((await failure(call(connected, 'plain'))).message).toBe('Unsupported result type "input_required" for tools/call');
  });
});
