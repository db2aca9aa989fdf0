// The bridge between hosts and upstreams of different protocol eras, in-process: the official v2 SDK client
// pinned to 2026-07-28 and in legacy mode, and the v1 client, each in front of a 2026-07-28-only server and
// a 2025-only server built with the SDKs. Same-era pairs must pass unchanged; mixed pairs are translated.
import { PassThrough } from 'node:stream';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { runBridgeCore } from './core';
import { createHttpClient } from './http-client';
import { createLogger } from './logger';
import { PROGRESS_STEPS, startLegacyUpstream, startLegacyV2Upstream, startModernUpstream, type EraUpstream } from './testing/era-upstreams';
import { TestHost, type Message } from './testing/host';
import { PipeTransport } from './testing/pipe-transport';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A bridge in front of `upstream`; `log` collects its --debug lines. */
function startBridge(upstream: EraUpstream, recover?: () => Promise<boolean>): { host: TestHost; log: string[] } {
  const host = new TestHost();
  const stop = new AbortController();
  const lines: string[] = [];
  const stderr = new PassThrough();
  stderr.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const log = createLogger({ debug: true, tag: 'test', stderr });
  const done = runBridgeCore({
    input: host.input,
    output: host.output,
    log,
    maxMessageBytes: 1024 * 1024,
    defaultTimeoutMs: 10_000,
    userAgent: 'test',
    signal: stop.signal,
    drainMs: 0,
    connect: async () => {
      const url = new URL(upstream.url);
      const http = await createHttpClient({ url, proxy: false, env: {} });
      return {
        profile: 'test',
        url,
        http,
        credentials: { accessId: 'test-access-id', secretKey: 'test-secret-key-9f8e7d6c5b4a' },
        timeoutMs: 10_000,
        close: () => http.close(),
        ...(recover ? { recover } : {}),
      };
    },
  }).finally(() => log.close());
  stops.push(async () => {
    stop.abort();
    await done;
  });
  return { host, log: lines };
}

const HOSTS = ['v2 pinned to 2026-07-28', 'v2 in legacy mode', 'v1'] as const;
type HostKind = (typeof HOSTS)[number];

async function connectHost(kind: HostKind, host: TestHost): Promise<Client | V1Client> {
  const transport = new PipeTransport(host.input, host.output);
  const client =
    kind === 'v1'
      ? new V1Client({ name: 'era-test-host', version: '1.0.0' })
      : new Client(
          { name: 'era-test-host', version: '2.0.0' },
          { versionNegotiation: { mode: kind === 'v2 in legacy mode' ? 'legacy' : { pin: '2026-07-28' } } },
        );
  await client.connect(transport);
  stops.push(() => client.close());
  return client;
}

const UPSTREAMS = [
  { era: '2026-07-28', sdk: 'v2', start: startModernUpstream },
  { era: '2025', sdk: 'v1', start: startLegacyUpstream },
  { era: '2025', sdk: 'v2 stateless', start: startLegacyV2Upstream },
] as const;

describe.each(UPSTREAMS)('a $era-only upstream ($sdk SDK)', ({ era, start }) => {
  describe.each(HOSTS)('behind the bridge, the %s client', (kind) => {
    const hostEra = kind === 'v2 pinned to 2026-07-28' ? '2026-07-28' : '2025';
    const translated = hostEra !== era;

    it(`handshakes, lists and calls tools, gets tool errors, JSON-RPC errors and progress (${translated ? 'translated' : 'unchanged'})`, async () => {
      const upstream = await start();
      stops.push(() => upstream.close());
      const { host, log } = startBridge(upstream);
      const client = await connectHost(kind, host);

      if (client instanceof Client)
        expect(client.getNegotiatedProtocolVersion()).toBe(hostEra === '2026-07-28' ? '2026-07-28' : '2025-11-25');
      expect(client.getInstructions()).toBe('A test server that speaks one protocol era.');

      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['echo', 'fail', 'progress']);

      const echo = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
      expect(echo.isError).toBeFalsy();
      expect(echo.structuredContent).toEqual({ text: 'hi' });
      expect(echo.content).toEqual([{ type: 'text', text: 'hi' }]);

      const fail = await client.callTool({ name: 'fail', arguments: {} });
      expect(fail.isError).toBe(true);
      expect(fail.content).toEqual([{ type: 'text', text: 'nothing here' }]);

      // onprogress makes the client send a progress token. The notifications are read off the host's
      // side of the pipe: the SDK clients drop progress that arrives in the same chunk as the response.
      const onprogress = (): void => {};
      const done =
        client instanceof Client
          ? await client.callTool({ name: 'progress', arguments: {} }, { onprogress })
          : await client.callTool({ name: 'progress', arguments: {} }, undefined, { onprogress });
      expect(done.content).toEqual([{ type: 'text', text: `done after ${PROGRESS_STEPS}` }]);
      const progress = (host.received as Message[]).filter((m) => m.method === 'notifications/progress');
      expect(progress.map((m) => (m.params as { progress: number }).progress)).toEqual([1, 2]);

      // The upstream's own JSON-RPC error, whatever the eras.
      await expect(client.getPrompt({ name: 'nope' })).rejects.toMatchObject({ code: -32602 });

      // The era is decided once: one handshake or discovery, then plain traffic.
      const { methods } = upstream;
      const handshakes = methods.filter((m) => m === 'initialize' || m === 'server/discover');
      if (!translated) expect(handshakes).toEqual([hostEra === '2025' ? 'initialize' : 'server/discover']);
      else if (hostEra === '2025') expect(handshakes).toEqual(['initialize', 'server/discover']);
      else expect(handshakes).toEqual(['server/discover', 'initialize']);
      // A 2026-only upstream never sees notifications/initialized; a 2025 one gets it once, from the host or the bridge.
      expect(methods.filter((m) => m === 'notifications/initialized')).toHaveLength(era === '2025' ? 1 : 0);

      const decision = log.filter((l) => /the upstream speaks/.test(l));
      expect(decision).toHaveLength(1);
      expect(decision[0]).toMatch(translated ? /translating between them/ : /forwarding unchanged/);
    });
  });
});

describe('what a translated host sees, message by message', () => {
  it('a 2025 host gets an initialize result made from the 2026 server’s discover result, and 2025-shaped results', async () => {
    const upstream = await startModernUpstream();
    stops.push(() => upstream.close());
    const { host } = startBridge(upstream);
    const init = await host.initialize();
    expect(init.result).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {}, prompts: {} },
      serverInfo: { name: 'modern-upstream', version: '2.0.0' },
      instructions: 'A test server that speaks one protocol era.',
    });
    const list = await host.request(1, 'tools/list', {});
    expect(list.result).not.toHaveProperty('resultType');
    expect(list.result).not.toHaveProperty('ttlMs');
    expect(list.result).not.toHaveProperty('cacheScope');
    const call = await host.request(2, 'tools/call', { name: 'echo', arguments: { text: 'x' } });
    expect(call.result).toEqual({ content: [{ type: 'text', text: 'x' }], structuredContent: { text: 'x' } });
    expect(await host.request(3, 'ping')).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    // The 2026 server's error, code, message and data as it sent them.
    const unknown = await host.request(4, 'tools/call', { name: 'no_such_tool', arguments: {} });
    expect(unknown.error?.code).toBe(-32602);
    expect(unknown.error?.data?.cause).toBeUndefined();
  });

  it('a 2026 host gets a discover result made from the 2025 server’s initialize result, and 2026-shaped results', async () => {
    const upstream = await startLegacyUpstream();
    stops.push(() => upstream.close());
    const { host } = startBridge(upstream);
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'raw-2026-host', version: '9.9.9' },
    };
    const discover = await host.request('d', 'server/discover', { _meta: meta });
    expect(discover.result).toEqual({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, prompts: {} },
      instructions: 'A test server that speaks one protocol era.',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'legacy-upstream', version: '1.0.0' } },
    });
    const list = await host.request('l', 'tools/list', { _meta: meta });
    expect(list.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    const call = await host.request('c', 'tools/call', { name: 'echo', arguments: { text: 'x' }, _meta: meta });
    expect(call.result).toMatchObject({ resultType: 'complete', structuredContent: { text: 'x' } });
    const prompt = await host.request('p', 'prompts/get', { name: 'nope', _meta: meta });
    expect(prompt.error?.code).toBe(-32602);
    expect(prompt.error?.data?.cause).toBeUndefined();
  });

  it('a 2026 host keeps working when the 2025 server forgets the session the bridge holds for it', async () => {
    const upstream = await startLegacyUpstream();
    stops.push(() => upstream.close());
    const { host } = startBridge(upstream);
    const client = await connectHost('v2 pinned to 2026-07-28', host);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'one' } })).structuredContent).toEqual({ text: 'one' });
    await upstream.expireSessions();
    expect((await client.callTool({ name: 'echo', arguments: { text: 'two' } })).structuredContent).toEqual({ text: 'two' });
    // The session was opened again in the host's name, with the handshake the bridge first made.
    expect(upstream.methods.filter((m) => m === 'initialize')).toHaveLength(2);
    expect(upstream.methods.filter((m) => m === 'server/discover')).toHaveLength(1);
  });

  it('a 2025 host’s upstream restarted as a 2025-era server: the bridge decides again and stops translating', async () => {
    const modern = await startModernUpstream();
    let legacy: EraUpstream | undefined;
    stops.push(() => legacy?.close() ?? Promise.resolve());
    // Like an embedded gateway brought back by the bridge, but now speaking the other era.
    const { host, log } = startBridge(modern, async () => {
      legacy = await startLegacyUpstream(modern.port);
      return true;
    });
    const client = await connectHost('v1', host);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'one' } })).structuredContent).toEqual({ text: 'one' });
    await modern.close();
    expect((await client.callTool({ name: 'echo', arguments: { text: 'two' } })).structuredContent).toEqual({ text: 'two' });
    // The host's own initialize was replayed, then its request went as sent, without the 2026 envelope.
    expect(legacy?.methods).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
    expect(log.filter((l) => /the upstream speaks/.test(l)).at(-1)).toMatch(/accepts initialize again.*forwarding unchanged/);
  });
});
